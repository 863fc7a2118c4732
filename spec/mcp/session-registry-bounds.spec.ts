/**
 * SECURITY.md's bounds of the in-process session registry (lib/mcp/session-registry.ts): a
 * `MemorySessionRegistry` records 10,000 sessions by default, one more is refused; a record is at
 * most 64 KiB of JSON (both registries: spec/redis/stores.spec.ts).
 */
import { MemorySessionRegistry, SESSION_REGISTRY_DEFAULTS, type SessionRecord } from 'tool-signatures/mcp';

const record = (id: string): SessionRecord => ({
  id,
  owner: 'address 127.0.0.1',
  protocolVersion: '2025-11-25',
  initialize: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'client', version: '1.0.0' } },
});

describe('MemorySessionRegistry bounds', () => {
  it('records 10,000 sessions by default; one more is refused, and a freed place is taken again', async () => {
    expect(SESSION_REGISTRY_DEFAULTS).toEqual({ ttlSeconds: 3600, maxSessions: 10_000 });
    const registry = new MemorySessionRegistry();
    for (let i = 0; i < 10_000; i++) await registry.create(record(`s${i}`));
    await expect(registry.create(record('one-more'))).rejects.toThrow('too many sessions are recorded (10000)');
    expect(await registry.get('one-more')).toBeUndefined();
    await registry.delete('s0');
    await registry.create(record('one-more'));
    expect(await registry.get('one-more')).toEqual(record('one-more'));
  });
});
