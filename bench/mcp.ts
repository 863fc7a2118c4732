import 'reflect-metadata';
import { createServer, Agent, request, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Tool } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { smallSchema } from './cases/zod';
import { Orders } from './domain';
import { gcAvailable, heapPerCall, type HeapFigure } from './heap';
import { IN_FLIGHT, MODERN, inFlight, interleaved, sdkClientOf, type Era, type Log, type McpBenchArgs, type ToolCaller } from './mcp-calls';
import { runNestLeg, type NestFigures } from './mcp-nest';
import { bytes, ratio, show, stat, times, type Stat } from './stats';
import { smallPool, type SmallArgs } from './workload';

/**
 * `npm run bench -- mcp`: issue 16's comparison of MCP over Streamable HTTP, in one process.
 * Three servers answer `tools/call` for the same order-placing tool (a DTO argument,
 * the suite's realistic call):
 *
 * - plain: a `node:http` handler that reads the body, `JSON.parse`s it and answers a canned
 *   result (what the network stack and JSON cost, no MCP at all);
 * - ours: `serveMcpHttp` (stateless), with the tool from `Tool.fromInstance`;
 * - sdk: the MCP SDK's `McpServer` + `registerTool` with a zod schema, stateless as the SDK
 *   documents it: a new server and `StreamableHTTPServerTransport` per request.
 *
 * Two clients, each the same for all three servers, 8 calls in flight, keep-alive: the MCP SDK's
 * own `Client` (what MCP hosts call servers with; the targets are judged on it), then a
 * bare `node:http` client that writes the JSON-RPC text by hand (which shows the servers' own cost
 * more sharply), sending `Accept: application/json, text/event-stream` and reading a JSON or an
 * SSE answer. Every answer of
 * ours and the SDK is checked against the call. Per round (5), each server serves 1,000 calls, in
 * slices of 100 taken in turns; the figure is calls per second, median (min – max) over rounds,
 * and ratios are taken round by round. CPU time per call and heap allocated per call are shown
 * beside (client and server share the process, so both include the client's part).
 *
 * Issue 22 adds two legs. MCP 2026-07-28 (the `_meta` envelope on every request, no session): the
 * same three servers' roles, the SDK's being its v2 reference (`McpServer` of
 * `@modelcontextprotocol/server` + `registerTool` with the zod schema, served by
 * `createMcpHandler(factory)` through `toNodeHandler` of `@modelcontextprotocol/node`), ours the same
 * `serveMcpHttp` endpoint answering on its 2026 path, the plain handler answering `server/discover`
 * and the call with canned 2026 results; the clients are the SDK's v2 `Client` pinned to
 * 2026-07-28 and the bare client sending 2026 requests (the `MCP-Protocol-Version`, `Mcp-Method`
 * and `Mcp-Name` headers and the envelope). Then NestJS (bench/mcp-nest.ts): ours
 * (`ToolsModule.forRoot({ mcp })`) beside MCP-Nest, through the SDK clients.
 */

const CALLS_PER_ROUND = 1000;
const PROTOCOL_VERSION = '2025-06-18';

interface Target {
  readonly key: 'plain' | 'ours' | 'sdk';
  readonly title: string;
  readonly url: URL;
  /** Whether its answers carry the tool's real result (the plain handler's is canned). */
  readonly checked: boolean;
}

function expected(a: SmallArgs): string {
  let units = 0;
  for (const l of a.items) units += l.qty;
  return JSON.stringify({ docketId: a.docketId, lines: a.items.length, units, due: Date.parse(a.due) });
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: HttpServer; url: URL }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`) };
}

const CANNED = JSON.stringify({ content: [{ type: 'text', text: '{"docketId":"A-123","lines":2,"units":8,"due":1796205600000}' }] });
/** What a 2026-07-28 result adds: its `resultType` and the server's name in `_meta`. */
const CANNED_2026 = `${CANNED.slice(0, -1)},"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"plain","version":"1.0.0"}}}`;
/** The answer to the 2026 client's `server/discover` probe. */
const DISCOVERED = `{"supportedVersions":["${MODERN}"],"capabilities":{"tools":{}},"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"plain","version":"1.0.0"}}}`;

/** The floor: parse the JSON-RPC body, answer a canned result (of either revision). */
function plainServer() {
  return listen((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    void readAll(req).then((text) => {
      const m = JSON.parse(text) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (m.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      // The SDK clients initialize (2025) or discover (2026) first: that too gets a canned answer.
      const modern = req.headers['mcp-protocol-version'] === MODERN;
      const result =
        m.method === 'initialize'
          ? `{"protocolVersion":${JSON.stringify(m.params?.protocolVersion)},"capabilities":{"tools":{}},"serverInfo":{"name":"plain","version":"1.0.0"}}`
          : m.method === 'server/discover'
            ? DISCOVERED
            : modern
              ? CANNED_2026
              : CANNED;
      const body = `{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},"result":${result}}`;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
}

/** The SDK's documented stateless server: McpServer + registerTool (zod), a new server and transport per request. */
function sdkServer(orders: Orders) {
  return listen((req, res) => {
    // As the SDK's stateless example does: GET and DELETE are 405.
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    void (async () => {
      const body = JSON.parse(await readAll(req)) as unknown;
      const server = new McpServer({ name: 'bench', version: '1.0.0' });
      server.registerTool('place_order', { description: 'Place an order', inputSchema: smallSchema }, async (v) => {
        const summary = await orders.placeOrder(v.docketId, v.items, v.priority, v.due);
        return { content: [{ type: 'text', text: JSON.stringify(summary) }] };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    })();
  });
}

/**
 * The SDK v2 reference of 2026-07-28: `McpServer` + `registerTool` (zod), a server per request from
 * `createMcpHandler`'s factory (as the SDK documents it), on `node:http` through `toNodeHandler`.
 */
function modernSdkServer(orders: Orders) {
  const handler = toNodeHandler(
    createMcpHandler(() => {
      const server = new ModernMcpServer({ name: 'bench', version: '1.0.0' });
      server.registerTool('place_order', { description: 'Place an order', inputSchema: smallSchema }, async (v) => {
        const summary = await orders.placeOrder(v.docketId, v.items, v.priority, v.due);
        return { content: [{ type: 'text', text: JSON.stringify(summary) }] };
      });
      return server;
    }),
  );
  return listen((req, res) => void handler(req, res));
}

/** The text of a `tools/call` answer, JSON or SSE; throws when it is not the answer to `id`. */
function resultText(contentType: string | undefined, raw: string, id: number): string {
  let message: { id?: number; result?: { content?: { text?: string }[]; isError?: boolean }; error?: { message: string } } | undefined;
  if (contentType?.startsWith('text/event-stream')) {
    for (const line of raw.split('\n')) {
      if (!line.startsWith('data: ')) continue;
      const m = JSON.parse(line.slice(6)) as typeof message;
      if (m?.id === id) message = m;
    }
  } else {
    message = JSON.parse(raw) as typeof message;
  }
  if (message?.id !== id) throw new Error(`no answer to call ${id}: ${raw.slice(0, 200)}`);
  if (message.error !== undefined || message.result?.isError) throw new Error(`call ${id} failed: ${raw.slice(0, 300)}`);
  return message.result?.content?.[0]?.text ?? '';
}

/** A client of the three servers. */
interface BenchClient {
  readonly key: string;
  readonly title: string;
  run(target: Target, n: number, start: number): Promise<number>;
  close(): Promise<void> | void;
}

/** The `_meta` envelope of a 2026-07-28 request: the revision, the client's name and its capabilities. */
const ENVELOPE = JSON.stringify({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** The leanest client: node:http with a keep-alive agent, the JSON-RPC text written by hand. */
class HttpClient implements BenchClient {
  readonly key = 'http';
  private readonly agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  private id = 0;

  readonly title: string;

  constructor(
    private readonly era: Era,
    private readonly calls: readonly SmallArgs[],
    private readonly texts: readonly string[],
  ) {
    this.title = era === '2025' ? 'node:http keep-alive client' : `node:http keep-alive client, ${MODERN} requests`;
  }

  call(target: Target, i: number): Promise<void> {
    const id = ++this.id;
    const body =
      this.era === '2025'
        ? `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"place_order","arguments":${this.texts[i]}}}`
        : `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"place_order","arguments":${this.texts[i]},"_meta":${ENVELOPE}}}`;
    return new Promise((resolve, reject) => {
      const req = request(
        target.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(this.era === '2025'
              ? { 'mcp-protocol-version': PROTOCOL_VERSION }
              : { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'place_order' }),
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
              const text = resultText(res.headers['content-type'], Buffer.concat(chunks).toString('utf8'), id);
              if (target.checked && text !== expected(this.calls[i]!))
                throw new Error(`${target.key}: call ${i} answered ${text}, expected ${expected(this.calls[i]!)}`);
              resolve();
            } catch (e) {
              reject(e);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  run(target: Target, n: number, start: number): Promise<number> {
    return inFlight(n, (k) => this.call(target, (start + k) % this.calls.length));
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The MCP SDK's own client (Client + StreamableHTTPClientTransport over fetch), one per server, connected once. */
class SdkClient implements BenchClient {
  readonly key = 'sdk-client';
  readonly title: string;
  private readonly clients = new Map<string, ToolCaller>();

  constructor(
    private readonly era: Era,
    private readonly calls: readonly SmallArgs[],
  ) {
    this.title = era === '2025' ? 'MCP SDK Client (StreamableHTTPClientTransport)' : `MCP SDK v2 Client pinned to ${MODERN}`;
  }

  async connect(targets: readonly Target[]): Promise<void> {
    for (const t of targets) this.clients.set(t.key, await sdkClientOf(this.era, t.url));
  }

  run(target: Target, n: number, start: number): Promise<number> {
    const client = this.clients.get(target.key)!;
    return inFlight(n, async (k) => {
      const i = (start + k) % this.calls.length;
      const r = await client.callTool({ name: 'place_order', arguments: this.calls[i] as unknown as Record<string, unknown> });
      const text = (r.content as { text?: string }[])[0]?.text;
      if (r.isError) throw new Error(`${target.key}: call ${i} failed: ${text}`);
      if (target.checked && text !== expected(this.calls[i]!))
        throw new Error(`${target.key}: call ${i} answered ${text}, expected ${expected(this.calls[i]!)}`);
    });
  }

  async close(): Promise<void> {
    for (const c of this.clients.values()) await c.close();
  }
}

/** What one client measured against the three servers. */
export interface ClientFigures {
  callsPerSecond: Record<string, Stat>;
  cpuMicrosPerCall: Record<string, Stat>;
  ratios: { oursOverPlain: Stat; oursOverSdk: Stat };
  heap?: Record<string, HeapFigure>;
}

export interface McpBenchFigures {
  /** By client: `sdk-client` (the MCP SDK's Client, the issue's setting and the targets' basis) and `http` (a bare node:http client). */
  clients: Record<string, ClientFigures>;
  /** The same by client on MCP 2026-07-28 (`sdk-client` is then the SDK's v2 client; the SDK server its v2 reference). */
  modern?: Record<string, ClientFigures>;
  /** NestJS: ours beside MCP-Nest (bench/mcp-nest.ts). */
  nest?: NestFigures;
  targets: { label: string; target: string; value: Stat; pass: boolean }[];
}

/** Warm-up, then the interleaved rounds and the heap samples of one client against the three servers. */
async function measure(client: BenchClient, targets: readonly Target[], args: McpBenchArgs, log: Log, sdkLabel: string): Promise<ClientFigures> {
  // Issue 16: medians of five rounds (`--rounds N` for more).
  const rounds = args.roundsGiven ? args.rounds : 5;
  const perRound = args.quick ? 300 : CALLS_PER_ROUND;
  log(`${client.title}: ${IN_FLIGHT} calls in flight, keep-alive, ${rounds} rounds of ${perRound} calls per server`);
  let at = 0;
  for (const t of targets) {
    await client.run(t, args.quick ? 300 : 1500, at);
    at += 1500;
  }
  const { callsPerSecond, cpuMicrosPerCall } = await interleaved(
    targets.map((t) => ({ key: t.key, run: (n: number) => client.run(t, n, (at += n) - n) })),
    rounds,
    perRound,
    args.seed,
    log,
  );
  const ratios = { oursOverPlain: ratio(callsPerSecond.ours!, callsPerSecond.plain!), oursOverSdk: ratio(callsPerSecond.ours!, callsPerSecond.sdk!) };
  let heap: Record<string, HeapFigure> | undefined;
  if (gcAvailable()) {
    let k = 0;
    // Each heap "call" runs IN_FLIGHT calls at once; the figure is divided back per call.
    const measured = await heapPerCall(
      targets.map((t) => ({ key: t.key, inputs: [0], run: async () => void (await client.run(t, IN_FLIGHT, (k += IN_FLIGHT))) })) as never,
      { samples: args.quick ? 10 : 30, maxCalls: 4, budgetBytes: 1024 * 1024 },
    );
    heap =
      measured === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(measured).map(([key, f]) => [
              key,
              { ...f, calls: f.calls * IN_FLIGHT, bytesPerCall: stat(f.bytesPerCall.rounds.map((b) => b / IN_FLIGHT)) },
            ]),
          );
  }
  const perSecond = (n: number): string => `${n.toFixed(0)}/s`;
  log(`  calls per second, median (min – max):`);
  for (const t of targets) log(`    ${t.title.padEnd(54)} ${show(callsPerSecond[t.key]!, perSecond)}`);
  log('  CPU time per call (client + server, one process), median (min – max):');
  for (const t of targets) log(`    ${t.title.padEnd(54)} ${show(cpuMicrosPerCall[t.key]!, (n) => `${n.toFixed(0)} µs`)}`);
  if (heap !== undefined) {
    log('  heap allocated per call (client + server; used heap growth after a full GC, samples with a GC dropped):');
    for (const t of targets) {
      const f = heap[t.key]!;
      log(`    ${t.title.padEnd(54)} ${show(f.bytesPerCall, bytes)}  [N = ${f.calls}; ${f.clean} clean samples${f.clean === 0 ? ': UNRELIABLE' : ''}]`);
    }
  }
  log('  ratios of calls per second (round by round):');
  log(`    ${'ours / plain'.padEnd(54)} ${show(ratios.oursOverPlain, times)}`);
  log(`    ${`ours / ${sdkLabel}`.padEnd(54)} ${show(ratios.oursOverSdk, times)}`);
  log();
  return { callsPerSecond, cpuMicrosPerCall, ratios, ...(heap !== undefined ? { heap } : {}) };
}

export async function runMcpBench(args: McpBenchArgs, log: Log): Promise<McpBenchFigures> {
  const pool = smallPool(args.pool, args.seed);
  const calls = pool.objects as readonly SmallArgs[];
  const orders = new Orders();
  const tools = Tool.fromInstance(orders).filter((t) => t.name === 'place_order');
  const plain = await plainServer();
  const sdk = await sdkServer(orders);
  const modernSdk = await modernSdkServer(orders);
  // One endpoint of ours serves both revisions: the 2026 leg calls the same one.
  const ours = await serveMcpHttp(tools, { name: 'bench', version: '1.0.0' });
  const targets: Target[] = [
    { key: 'plain', title: 'plain node:http handler (JSON.parse + canned answer)', url: plain.url, checked: false },
    { key: 'ours', title: 'ours: serveMcpHttp (stateless)', url: ours.url, checked: true },
    { key: 'sdk', title: 'MCP SDK McpServer + registerTool (zod), stateless', url: sdk.url, checked: true },
  ];
  const modernTargets: Target[] = [
    targets[0]!,
    { key: 'ours', title: 'ours: serveMcpHttp, its 2026 path', url: ours.url, checked: true },
    { key: 'sdk', title: 'SDK v2 McpServer + registerTool (zod), createMcpHandler', url: modernSdk.url, checked: true },
  ];
  const clients = [
    new SdkClient('2025', calls),
    new HttpClient('2025', calls, pool.texts),
    new SdkClient('2026', calls),
    new HttpClient('2026', calls, pool.texts),
  ] as const;
  try {
    log('MCP over Streamable HTTP, 2025 revisions: tools/call of place_order (a DTO argument, the realistic call)');
    log();
    await clients[0].connect(targets);
    const main = await measure(clients[0], targets, args, log, 'SDK McpServer');
    const bare = await measure(clients[1], targets, args, log, 'SDK McpServer');
    log(`MCP over Streamable HTTP, ${MODERN}: the same call`);
    log();
    await clients[2].connect(modernTargets);
    const modern = await measure(clients[2], modernTargets, args, log, 'SDK v2 McpServer');
    const modernBare = await measure(clients[3], modernTargets, args, log, 'SDK v2 McpServer');
    const nest = await runNestLeg(args, log);
    const verdicts = [
      { label: 'ours / plain (calls/s)', target: '≥ 0.7', value: main.ratios.oursOverPlain, pass: main.ratios.oursOverPlain.median >= 0.7 },
      { label: 'ours / SDK McpServer (calls/s)', target: '≥ 2.0', value: main.ratios.oursOverSdk, pass: main.ratios.oursOverSdk.median >= 2.0 },
    ];
    log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    log("issue 16's targets (with the MCP SDK client):");
    for (const v of verdicts) log(`  ${v.pass ? 'PASS' : 'MISS'}  ${v.label.padEnd(34)} ${v.target.padEnd(6)} ${show(v.value, times)}`);
    log(`  (bare node:http client, for scale: ours / plain ${show(bare.ratios.oursOverPlain, times)}, ours / SDK ${show(bare.ratios.oursOverSdk, times)})`);
    log(`${MODERN} (SDK v2 client): ours / plain ${show(modern.ratios.oursOverPlain, times)}, ours / SDK v2 ${show(modern.ratios.oursOverSdk, times)}`);
    log(`  (bare node:http client: ours / plain ${show(modernBare.ratios.oursOverPlain, times)}, ours / SDK v2 ${show(modernBare.ratios.oursOverSdk, times)})`);
    // Issue 22's NestJS figures, shown beside what it asks (not judged by --check).
    const [n25, n26] = [nest.eras['2025']!, nest.eras['2026']!];
    log('NestJS, ours / MCP-Nest (issue 22 asks: tools/call 1.1–1.25× faster, tools/list about 4×, boot within ±10%):');
    log(`  tools/call  2025 ${show(n25.ratios.call, times)} · 2026 ${show(n26.ratios.call, times)}`);
    log(`  tools/list  2025 ${show(n25.ratios.list, times)} · 2026 ${show(n26.ratios.list, times)}`);
    log(
      `  boot time   ${show(nest.bootRatio, times)} (warm, median ${nest.bootMs.ours.median.toFixed(1)} vs ${nest.bootMs.mcpNest.median.toFixed(1)} ms) · cold start ${show(nest.coldRatio, times)} (${nest.coldStartMs.ours.median.toFixed(0)} vs ${nest.coldStartMs.mcpNest.median.toFixed(0)} ms)`,
    );
    return { clients: { 'sdk-client': main, http: bare }, modern: { 'sdk-client': modern, http: modernBare }, nest, targets: verdicts };
  } finally {
    for (const c of clients) await c.close();
    await ours.close();
    for (const s of [plain.server, sdk.server, modernSdk.server]) {
      s.closeAllConnections();
      s.close();
    }
  }
}
