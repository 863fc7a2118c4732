/**
 * Which Redis clients a program has loaded after requiring the library's entries: none for the
 * main entry and tool-signatures/mcp (a project that never imports tool-signatures/redis never
 * loads one), and none for tool-signatures/redis itself either (it is given the application's
 * client). Prints one JSON object.
 */
const redisModules = (): string[] =>
  Object.keys(require.cache)
    .filter((file) => /[\\/]node_modules[\\/](ioredis|redis|@redis[\\/][^\\/]+)[\\/]/.test(file))
    .map((file) => /node_modules[\\/](ioredis|redis|@redis[\\/][^\\/]+)/.exec(file)![1]!);

const seen: Record<string, string[]> = {};
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('tool-signatures');
seen.main = redisModules();
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('tool-signatures/mcp');
seen.mcp = redisModules();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const redis = require('tool-signatures/redis') as typeof import('tool-signatures/redis');
seen.redis = redisModules();
seen.exports = Object.keys(redis).sort();
process.stdout.write(JSON.stringify(seen));
