/**
 * tool-signatures/redis: the stores replicas share, in Redis, through an `ioredis` client the
 * application makes (an optional peer; this module never loads it). docs/scale-out.md says which
 * deployment needs which.
 */
export { RedisAccess, RedisStoreError, REDIS_DEFAULTS, type RedisClient, type RedisStoreOptions } from './client';
export { RedisRateLimitStore, type RedisRateLimitOptions } from './rate-limit';
export { RedisEventBus, MAX_BUS_MESSAGE_CHARS, type RedisEventBusOptions } from './event-bus';
export { RedisEventStore, type RedisEventStoreOptions } from './event-store';
export { RedisSessionRegistry, type RedisSessionRegistryOptions } from './session-registry';
export { RedisTaskStore, type RedisTaskStoreOptions } from './task-store';
