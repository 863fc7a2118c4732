/**
 * One replica of a stateless MCP endpoint, for the scale-out spec: serves a tool on 127.0.0.1 (a
 * free port), prints its URL as one line of JSON, and serves until its stdin closes.
 */
import 'reflect-metadata';
import { Int32, Param, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';

class Orders {
  @Tool({ description: 'Place an order; says which replica served it' })
  placeOrder(@Param({ minLength: 1, maxLength: 32 }) sku: string, @Param({ type: Int32 }) qty: number) {
    return `${qty} × ${sku} by ${process.env.REPLICA ?? '?'}`;
  }
}

async function main(): Promise<void> {
  const http = await serveMcpHttp(new ToolSet([new Orders()]), { name: 'orders', version: '1.0.0' });
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void http.close().then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
