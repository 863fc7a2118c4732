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

async function main(): Promise<void> {
  const seen: Record<string, string[]> = {};
  // Loaded one after the other (dynamic imports: each a require, in this order, once the one before has loaded).
  await import('tool-signatures');
  seen.main = redisModules();
  await import('tool-signatures/mcp');
  seen.mcp = redisModules();
  const redis = await import('tool-signatures/redis');
  seen.redis = redisModules();
  seen.exports = Object.keys(redis)
    .filter((k) => k !== 'default' && k !== '__esModule')
    .sort();
  process.stdout.write(JSON.stringify(seen));
}

void main();
