import { performance } from 'node:perf_hooks';

/**
 * A cold start, run as a child process by bench/mcp-nest.ts: `node cold.js ours|mcpNest` imports
 * that side's application (its modules, NestJS, the MCP SDKs it loads), boots it and prints the
 * milliseconds from the process's start until it listens (`performance.now()`), then exits.
 */
async function main(): Promise<void> {
  const side = process.argv[2];
  const booted =
    side === 'ours' ? await (await import('./ours')).bootOurs() : side === 'mcpNest' ? await (await import('./mcp-nest')).bootMcpNest() : undefined;
  if (booted === undefined) throw new Error(`cold.js takes ours or mcpNest, not ${side}`);
  process.stdout.write(`${performance.now()}\n`);
  await booted.app.close();
}

void main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
