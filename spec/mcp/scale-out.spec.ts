import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { connectHttp } from '../helpers/mcp-client';
import { compiled, root } from '../helpers/programs';
import { modernCall, roundRobin, type Rpc } from './fixtures/http';

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
    const { client, close } = await connectHttp(proxy);
    try {
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
      await close();
    }
  }, 120_000);

  /** One MCP 2026-07-28 `tools/call` of `sign` through the proxy (raw POST, as a 2026 client sends it). */
  const sign = (url: URL, extra: Record<string, unknown> = {}): Promise<Rpc<{ resultType?: string; requestState?: string; content?: { text: string }[] }>> =>
    modernCall(url, 'sign', { sku: 'lamp' }, extra, { id: 1, capabilities: { elicitation: {} }, accept: 'application/json, text/event-stream' });

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
        await proxy.close();
      }
    },
    120_000,
  );
});
