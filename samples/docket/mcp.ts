/**
 * `npm run mcp`: the docket service's tools as an MCP server over stdio (stdout carries only the
 * protocol). Point an MCP client at `npm run --silent mcp`. With `--http` (`npm run mcp -- --http
 * --port 3000`), the same tools over Streamable HTTP (stateless) on http://127.0.0.1:3000/mcp; the
 * URL is printed on stdout as one line of JSON.
 */
import 'reflect-metadata';
import { ToolSet } from 'tool-signatures';
import { serveMcpHttp, serveMcpStdio } from 'tool-signatures/mcp';
import { DocketService } from './service';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const tools = new ToolSet([new DocketService()]);
  const info = { name: 'docket-service', version: '1.0.0' };
  if (!process.argv.includes('--http')) {
    await serveMcpStdio(tools, info);
    return;
  }
  const http = await serveMcpHttp(tools, info, { port: Number(flag('--port') ?? 3000), host: flag('--host') ?? '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void http.close().then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
