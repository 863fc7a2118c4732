/**
 * A small MCP server (a tool, a prompt, a resource) for spec/mcp/real-clients.spec.ts, served as
 * users serve one: `stateless` or `sessions` over HTTP (it prints `{ url, serverSdk }` on one line,
 * and stops when its stdin ends), or `stdio`. `--late` (stdio) makes a server still starting until
 * its client has written `initialize`: it reads nothing before, then all that was written at once,
 * as a NestJS application that takes over a second to start reads what its client wrote meanwhile
 * (the AI SDK's client gives up on `server/discover` after 1 s and writes `initialize` on the same
 * pipe). Waiting for the line itself, not for a time, makes the order the same on every run.
 * `--slow` (stdio) makes a server that starts 1.2 s after it was spawned, as a NestJS application
 * does, for a client that waits for its discovery's answer as long as for any request (Mastra's):
 * what that client sees does not depend on the time, only that it is over a second.
 */
import 'reflect-metadata';
import { PassThrough } from 'node:stream';
import { ToolSet } from 'tool-signatures';
import { serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';
import { Desk } from '../fixtures/desk';

function resolves(specifier: string): boolean {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Stdin from the moment a line with `initialize` has been written to it: what came before is read at once. */
function stdinFromInitialize(): PassThrough {
  const late = new PassThrough();
  let held = '';
  const hold = (chunk: Buffer): void => {
    held += chunk.toString('utf8');
    const lines = held.split('\n').slice(0, -1);
    if (!lines.some((line) => (JSON.parse(line) as { method?: unknown }).method === 'initialize')) return;
    process.stdin.off('data', hold);
    late.write(held);
    process.stdin.pipe(late);
  };
  process.stdin.on('data', hold);
  return late;
}

async function main(): Promise<void> {
  const [mode, flag] = process.argv.slice(2);
  const tools = new ToolSet([new Desk()]);
  const info = { name: 'desk', version: '1.0.0' };
  if (mode === 'stdio') {
    if (flag === '--slow') await new Promise((resolve) => setTimeout(resolve, 1200));
    await serveMcpStdio(tools, info, flag === '--late' ? { stdin: stdinFromInitialize() } : {});
    return;
  }
  const http = await serveMcpHttp(tools, info, { sessions: mode === 'sessions' });
  process.stdout.write(`${JSON.stringify({ url: http.url, serverSdk: resolves('@modelcontextprotocol/server') })}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void http.close());
}

void main();
