import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inFlight, interleaved, sdkClientOf, type Log, type McpBenchArgs, type ToolCaller } from './mcp-calls';
import { ratio, show, stat, times, type Stat } from './stats';
import { smallPool, type SmallArgs } from './workload';
import { bootMcpNest } from './nest/mcp-nest';
import { bootOurs } from './nest/ours';

/**
 * `npm run bench -- mcp`, issue 22's NestJS leg: the order-placing tool served by a NestJS 12
 * application (`NestFactory.create`, @nestjs/platform-express) two ways (bench/nest/):
 *
 * - ours: `ToolsModule.forRoot({ mcp: { path: '/mcp' } })` and a provider whose method carries
 *   `@Tool()` (the DTO argument, as in the other legs); stateless, both revisions on one endpoint;
 * - MCP-Nest 2.0.5 (`@rekog/mcp-nest`), as its README documents it: an `@McpController()` with its
 *   `@Tool({ parameters })` (the zod schema of the SDK legs), served by `McpStrategy` with a
 *   `StreamableHttpTransport` (stateless by default, both revisions on the SDK's v2) mounted on the
 *   application's HTTP adapter through `connectMicroservice` + `startAllMicroservices`.
 *
 * Through the SDK's clients (v1 at 2025-11-25, v2 pinned to 2026-07-28), 8 in flight: `tools/call`
 * (every answer checked) and `tools/list` (one tool, its name checked), calls per second in
 * interleaved rounds as the other legs; and boot time: application created, MCP mounted and
 * listening on a port, median of several boots taken in turns (the modules are imported before).
 * The first boot of each is shown apart: ours loads the MCP SDKs (v1, and v2 for 2026-07-28) on its
 * first mount, MCP-Nest imports the v2 SDK with its own module, before any boot. So beside it, the
 * cold start: a child process (bench/nest/cold.ts) that imports one side's application, boots it,
 * and reports the time from its start until it listens, median of several taken in turns.
 */

const BOOTS = 15;
const COLD_STARTS = 7;

const BOOT = { ours: bootOurs, mcpNest: bootMcpNest } as const;
type Side = keyof typeof BOOT;

/** What one revision measured: calls per second of each operation, by side, and ours / MCP-Nest round by round. */
export interface NestEraFigures {
  call: Record<Side, Stat>;
  list: Record<Side, Stat>;
  ratios: { call: Stat; list: Stat };
}

export interface NestFigures {
  /** Boot (create + MCP mounted + listen), ms, median (min – max) over `BOOTS` boots each after the first. */
  bootMs: Record<Side, Stat>;
  /** The first boot of each, ms (ours loads the MCP SDKs then). */
  firstBootMs: Record<Side, number>;
  /** Cold start: from a child process's start until it listens (imports included), ms. */
  coldStartMs: Record<Side, Stat>;
  coldRatio: Stat;
  /** ours / MCP-Nest boot time (below 1: ours boots faster). */
  bootRatio: Stat;
  eras: Record<string, NestEraFigures>;
}

function expected(a: SmallArgs): string {
  let units = 0;
  for (const l of a.items) units += l.qty;
  return JSON.stringify({ docketId: a.docketId, lines: a.items.length, units, due: Date.parse(a.due) });
}

/** `n` checked `tools/call`s through `client`, from `calls[start]` on. */
function callTools(side: Side, client: ToolCaller, calls: readonly SmallArgs[], n: number, start: number): Promise<number> {
  return inFlight(n, async (k) => {
    const i = (start + k) % calls.length;
    const r = await client.callTool({ name: 'place_order', arguments: calls[i] as unknown as Record<string, unknown> });
    const text = (r.content as { text?: string }[])[0]?.text;
    if (r.isError || text !== expected(calls[i]!)) throw new Error(`${side}: call ${i} answered ${text}, expected ${expected(calls[i]!)}`);
  });
}

function listTools(side: Side, client: ToolCaller, n: number): Promise<number> {
  return inFlight(n, async () => {
    const { tools } = await client.listTools();
    if (tools.length !== 1 || tools[0]!.name !== 'place_order') throw new Error(`${side}: tools/list answered ${JSON.stringify(tools.map((t) => t.name))}`);
  });
}

/** One cold start of `side` in a child process: ms from its start until it listens. */
function coldStart(side: Side): number {
  const r = spawnSync(process.execPath, [join(__dirname, 'nest', 'cold.js'), side], { encoding: 'utf8', timeout: 60_000 });
  const ms = Number(r.stdout.trim());
  if (r.status !== 0 || !Number.isFinite(ms)) throw new Error(`cold start of ${side} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  return ms;
}

export async function runNestLeg(args: McpBenchArgs, log: Log): Promise<NestFigures> {
  const calls = smallPool(args.pool, args.seed).objects as readonly SmallArgs[];
  const rounds = args.roundsGiven ? args.rounds : 5;
  const perRound = args.quick ? 300 : 1000;
  log('NestJS 12 (platform-express): ours (ToolsModule.forRoot({ mcp })) beside MCP-Nest 2.0.5 (McpStrategy + StreamableHttpTransport)');
  log();
  // Boot: taken in turns, each app closed before the next; the first of each apart.
  const boots: Record<Side, number[]> = { ours: [], mcpNest: [] };
  const first: Record<Side, number> = { ours: 0, mcpNest: 0 };
  for (const side of ['ours', 'mcpNest'] as const) {
    const t0 = performance.now();
    const { app } = await BOOT[side]();
    first[side] = performance.now() - t0;
    await app.close();
  }
  for (let b = 0; b < (args.quick ? 7 : BOOTS); b++) {
    for (const side of (b % 2 === 0 ? ['ours', 'mcpNest'] : ['mcpNest', 'ours']) as Side[]) {
      const t0 = performance.now();
      const { app } = await BOOT[side]();
      boots[side].push(performance.now() - t0);
      await app.close();
    }
  }
  const bootMs = { ours: stat(boots.ours), mcpNest: stat(boots.mcpNest) };
  const bootRatio = ratio(bootMs.ours, bootMs.mcpNest);
  const ms = (n: number): string => `${n.toFixed(1)} ms`;
  log(`  boot (create + MCP mounted + listen), median (min – max) of ${boots.ours.length} after the first:`);
  log(`    ${'ours'.padEnd(54)} ${show(bootMs.ours, ms)}  [first: ${ms(first.ours)}]`);
  log(`    ${'MCP-Nest'.padEnd(54)} ${show(bootMs.mcpNest, ms)}  [first: ${ms(first.mcpNest)}]`);
  log(`    ${'ours / MCP-Nest (time)'.padEnd(54)} ${show(bootRatio, times)}`);
  const colds: Record<Side, number[]> = { ours: [], mcpNest: [] };
  for (let b = 0; b < (args.quick ? 3 : COLD_STARTS); b++) {
    for (const side of (b % 2 === 0 ? ['ours', 'mcpNest'] : ['mcpNest', 'ours']) as Side[]) colds[side].push(coldStart(side));
  }
  const coldStartMs = { ours: stat(colds.ours), mcpNest: stat(colds.mcpNest) };
  const coldRatio = ratio(coldStartMs.ours, coldStartMs.mcpNest);
  log(`  cold start (a new process: imports + boot until listening), median (min – max) of ${colds.ours.length}:`);
  log(`    ${'ours'.padEnd(54)} ${show(coldStartMs.ours, ms)}`);
  log(`    ${'MCP-Nest'.padEnd(54)} ${show(coldStartMs.mcpNest, ms)}`);
  log(`    ${'ours / MCP-Nest (time)'.padEnd(54)} ${show(coldRatio, times)}`);
  log();

  const apps = { ours: await bootOurs(), mcpNest: await bootMcpNest() };
  const eras: Record<string, NestEraFigures> = {};
  try {
    for (const era of ['2025', '2026'] as const) {
      const name = era === '2025' ? '2025-11-25, MCP SDK Client' : '2026-07-28, MCP SDK v2 Client (pinned)';
      const clients = { ours: await sdkClientOf(era, apps.ours.url), mcpNest: await sdkClientOf(era, apps.mcpNest.url) };
      try {
        let at = 0;
        const sides = ['ours', 'mcpNest'] as const;
        for (const side of sides) {
          await callTools(side, clients[side], calls, args.quick ? 300 : 1500, at);
          await listTools(side, clients[side], args.quick ? 300 : 1500);
          at += 1500;
        }
        log(`  ${name}: tools/call, ${rounds} rounds of ${perRound} calls each`);
        const call = await interleaved(
          sides.map((side) => ({ key: side, run: (n: number) => callTools(side, clients[side], calls, n, (at += n) - n) })),
          rounds,
          perRound,
          args.seed,
          log,
        );
        log(`  ${name}: tools/list`);
        const list = await interleaved(
          sides.map((side) => ({ key: side, run: (n: number) => listTools(side, clients[side], n) })),
          rounds,
          perRound,
          args.seed + 1,
          log,
        );
        const figures: NestEraFigures = {
          call: call.callsPerSecond as Record<Side, Stat>,
          list: list.callsPerSecond as Record<Side, Stat>,
          ratios: {
            call: ratio(call.callsPerSecond.ours!, call.callsPerSecond.mcpNest!),
            list: ratio(list.callsPerSecond.ours!, list.callsPerSecond.mcpNest!),
          },
        };
        const perSecond = (n: number): string => `${n.toFixed(0)}/s`;
        log(`  ${name}, calls per second, median (min – max):`);
        log(`    ${'tools/call, ours'.padEnd(54)} ${show(figures.call.ours, perSecond)}`);
        log(`    ${'tools/call, MCP-Nest'.padEnd(54)} ${show(figures.call.mcpNest, perSecond)}`);
        log(`    ${'tools/list, ours'.padEnd(54)} ${show(figures.list.ours, perSecond)}`);
        log(`    ${'tools/list, MCP-Nest'.padEnd(54)} ${show(figures.list.mcpNest, perSecond)}`);
        log(`    ${'ours / MCP-Nest, tools/call'.padEnd(54)} ${show(figures.ratios.call, times)}`);
        log(`    ${'ours / MCP-Nest, tools/list'.padEnd(54)} ${show(figures.ratios.list, times)}`);
        log();
        eras[era] = figures;
      } finally {
        await clients.ours.close();
        await clients.mcpNest.close();
      }
    }
  } finally {
    await apps.ours.app.close();
    await apps.mcpNest.app.close();
  }
  return { bootMs, firstBootMs: first, bootRatio, coldStartMs, coldRatio, eras };
}
