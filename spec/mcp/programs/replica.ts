/**
 * One replica of a stateless MCP endpoint, for the scale-out spec: serves a tool on 127.0.0.1 (a
 * free port), prints its URL as one line of JSON, and serves until its stdin closes.
 */
import 'reflect-metadata';
import { Int32, ObjectOf, Param, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';

class Orders {
  @Tool({ description: 'Place an order; says which replica served it' })
  placeOrder(@Param({ minLength: 1, maxLength: 32 }) sku: string, @Param({ type: Int32 }) qty: number) {
    return `${qty} × ${sku} by ${process.env.REPLICA ?? '?'}`;
  }

  @Tool({ description: 'Asks who signs (MCP 2026-07-28: by input_required); says which replica finished it' })
  async sign(@Param({ minLength: 1, maxLength: 32 }) sku: string, ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(ObjectOf({ name: String }), `Who signs for ${sku}?`, { key: 'signer' });
    return `${sku} signed by ${answer.action === 'accept' ? answer.value.name : '-'} at ${process.env.REPLICA ?? '?'}`;
  }
}

async function main(): Promise<void> {
  // Replicas that share STATE_KEY accept each other's requestState (MCP 2026-07-28 questions).
  const key = process.env.STATE_KEY;
  const http = await serveMcpHttp(new ToolSet([new Orders()]), { name: 'orders', version: '1.0.0' }, key !== undefined ? { requestStateKey: key } : {});
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void http.close().then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
