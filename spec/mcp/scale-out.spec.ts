import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { node, root } from '../helpers/programs';

/** Starts a compiled replica; resolves with its URL once it listens. */
function startReplica(program: string, name: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [program], { cwd: root, env: { ...process.env, REPLICA: name }, stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`replica ${name} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, url: new URL((JSON.parse(line) as { url: string }).url) }));
  });
}

/** A round-robin reverse proxy on 127.0.0.1: each request to the next upstream, bodies streamed both ways. */
async function roundRobin(upstreams: readonly URL[]): Promise<{ server: Server; url: URL; served: number[] }> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const server = createServer((req, res) => {
    const i = next++ % upstreams.length;
    served[i]!++;
    const target = upstreams[i]!;
    const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`), served };
}

describe('scale-out: stateless replicas behind a round-robin proxy', () => {
  const outDir = path.join(root, '.tmp', `program-${process.pid}-replica`);
  const replicas: ChildProcess[] = [];

  afterAll(() => {
    for (const r of replicas) r.stdin?.end();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('a real MCP client initializes, lists and calls through two server processes, every call answered', async () => {
    const program = 'spec/mcp/programs/replica.ts';
    const compiled = await node([path.join(root, 'scripts', 'compile.js'), '--out', outDir, '--check', 'spec/mcp/programs', program]);
    if (compiled.code !== 0) throw new Error(`compile failed:\n${compiled.stdout}${compiled.stderr}`);
    const started = await Promise.all(['a', 'b'].map((name) => startReplica(path.join(outDir, program.replace(/\.ts$/, '.js')), name)));
    replicas.push(...started.map((s) => s.child));
    const proxy = await roundRobin(started.map((s) => s.url));
    const client = new Client({ name: 'spec', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(proxy.url));
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['place_order']);
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
      proxy.server.close();
    }
  }, 120_000);
});
