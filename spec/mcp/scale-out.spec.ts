import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { compiled, root } from '../helpers/programs';

/** Starts a compiled replica; resolves with its URL once it listens. */
function startReplica(program: string, name: string, stateKey?: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [program], {
    cwd: root,
    env: { ...process.env, REPLICA: name, ...(stateKey !== undefined ? { STATE_KEY: stateKey } : {}) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`replica ${name} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, url: new URL((JSON.parse(line) as { url: string }).url) }));
  });
}

/** Ends a replica's stdin (it exits then); resolves once it has exited and its pipes are closed. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.stdin?.end();
  return exited;
}

/** A round-robin reverse proxy on 127.0.0.1: each request to the next upstream, bodies streamed both ways. */
async function roundRobin(upstreams: readonly URL[]): Promise<{ server: Server; url: URL; served: number[] }> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    served[i]!++;
    const target = upstreams[i]!;
    const out = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), served };
}

describe('scale-out: stateless replicas behind a round-robin proxy', () => {
  const replicas: ChildProcess[] = [];

  // A replica exits when its stdin ends: wait for each, so that no process or pipe outlives the file.
  afterAll(async () => {
    await Promise.all(replicas.map(stop));
  });

  const program = 'spec/mcp/programs/replica.ts';
  let compiledProgram: string;
  beforeAll(async () => {
    compiledProgram = path.join(await compiled([program], ['spec/mcp/programs']), program.replace(/\.ts$/, '.js'));
  }, 120_000);

  it('a real MCP client initializes, lists and calls through two server processes, every call answered', async () => {
    const started = await Promise.all(['a', 'b'].map((name) => startReplica(compiledProgram, name)));
    replicas.push(...started.map((s) => s.child));
    const proxy = await roundRobin(started.map((s) => s.url));
    const client = new Client({ name: 'spec', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(proxy.url));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['place_order', 'sign']);
      const texts: string[] = [];
      for (let i = 1; i <= 10; i++) {
        const r = await client.callTool({ name: 'place_order', arguments: { sku: `s${i}`, qty: i } });
        texts.push((r.content as { text: string }[])[0]!.text);
      }
      expect(texts.map((t) => t.replace(/ by [ab]$/, ''))).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1} × s${i + 1}`));
      // Both replicas served calls.
      expect(new Set(texts.map((t) => t.slice(-1)))).toEqual(new Set(['a', 'b']));
      expect(proxy.served.every((n) => n > 0)).toBe(true);
    } finally {
      await client.close();
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  }, 120_000);

  /** One MCP 2026-07-28 `tools/call` of `sign` through the proxy (raw POST, as a 2026 client sends it). */
  async function sign(
    url: URL,
    extra: Record<string, unknown> = {},
  ): Promise<{ result?: { resultType?: string; requestState?: string; content?: { text: string }[] }; error?: { code: number; message: string } }> {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'sign',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'sign',
          arguments: { sku: 'lamp' },
          ...extra,
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } },
        },
      }),
    });
    const text = await res.text();
    return res.headers.get('content-type')?.includes('text/event-stream')
      ? JSON.parse(
          text
            .split('\n')
            .find((l) => l.startsWith('data:'))!
            .slice(5),
        )
      : JSON.parse(text);
  }

  it.each([
    ['share a requestStateKey: the second round, at the other replica, completes', 'a shared key of thirty-two bytes or more!', 'lamp signed by Ada at'],
    ['each have their own key: the other replica refuses the state (-32602), nothing is run', undefined, undefined],
  ])(
    'MCP 2026-07-28 questions across replicas that %s',
    async (_title, stateKey, done) => {
      const started = await Promise.all(['c', 'd'].map((name) => startReplica(compiledProgram, name, stateKey)));
      replicas.push(...started.map((s) => s.child));
      const proxy = await roundRobin(started.map((s) => s.url));
      try {
        const first = await sign(proxy.url);
        expect(first.result?.resultType).toBe('input_required');
        const second = await sign(proxy.url, {
          inputResponses: { signer: { action: 'accept', content: { name: 'Ada' } } },
          requestState: first.result!.requestState,
        });
        expect(proxy.served).toEqual([1, 1]);
        if (done !== undefined) expect(second.result?.content?.[0]?.text).toMatch(new RegExp(`^${done} [cd]$`));
        else expect([second.result, second.error?.code]).toEqual([undefined, -32602]);
      } finally {
        await Promise.all(started.map((s) => stop(s.child)));
        proxy.server.closeAllConnections();
        await new Promise((resolve) => proxy.server.close(resolve));
      }
    },
    120_000,
  );
});
