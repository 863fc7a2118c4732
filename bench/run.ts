import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { getMetadataStorage } from 'class-validator';
import { performance } from 'node:perf_hooks';
import { Tool } from 'tool-signatures';
import { buildCosts, firstCallCosts, type BuildFigures, type FirstCallFigures } from './build-cost';
import { makeCases, objectCases, type BenchResult, type Cases } from './cases';
import { bigintCases, bigintTexts, bigintTool } from './cases/bigint';
import { refusalFigures, REFUSAL_KEYS, type RefusalFigures } from './cases/refusal';
import { Orders } from './domain';
import { timeCases, type Timed, type TimingOptions } from './harness';
import { gcAvailable, heapPerCall, type HeapFigure } from './heap';
import { bytes, duration, ratio, show, stat, times, type Stat } from './stats';
import { judge, type Verdict } from './targets';
import { patternFigures, type PatternFigures } from './patterns';
import { unionFigures } from './unions';
import { DEFAULT_POOL_SIZE, DEFAULT_SEED, largePool, smallPool, type Pool } from './workload';

/**
 * The suite (run by `npm run bench`, which compiles it first); `npm run bench -- mcp` runs the
 * MCP-over-HTTP comparison (bench/mcp.ts) instead, `npm run bench -- stores` tools/call through the
 * memory and the Redis stores (bench/stores.ts). Flags:
 *   --json          print the figures as JSON on stdout (the report goes to stderr)
 *   --check         exit 1 when one of the targets (bench/targets.ts) is missed
 *   --rounds N      interleaved rounds (at least 5; default 7)
 *   --quick         shorter warm-ups and batches (a smoke run; still 5 rounds)
 *   --seed N        the PRNG seed of the pools   --pool N   calls per pool (at least 1,000)
 *   --profile       run ours on the realistic call only, for `node --cpu-prof`
 *   --case bigint   time only the bigint case (argument text with 64-bit integers) and stop
 *   --case refusal  time only issue 15's refusal of a 330,000-key call (beside JSON.parse) and stop
 *   --case build    time only the definition builds (1, 100, 1,000 tools, cold and cached) and
 *                   judge their two targets (with --check)
 *   --case mcp      the same as `npm run bench -- mcp`
 */

interface Args {
  json: boolean;
  check: boolean;
  rounds: number;
  quick: boolean;
  seed: number;
  pool: number;
  profile: boolean;
  profileSeconds: number;
  only: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = {
    json: false,
    check: false,
    rounds: 7,
    quick: false,
    seed: DEFAULT_SEED,
    pool: DEFAULT_POOL_SIZE,
    profile: false,
    profileSeconds: 6,
    only: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const f = argv[i];
    const num = (): number => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v)) throw new Error(`${f} takes a number`);
      return v;
    };
    if (f === '--json') a.json = true;
    else if (f === '--check') a.check = true;
    else if (f === '--quick') a.quick = true;
    else if (f === '--profile') a.profile = true;
    else if (f === '--rounds') a.rounds = num();
    else if (f === '--seed') a.seed = num();
    else if (f === '--pool') a.pool = num();
    else if (f === '--profile-seconds') a.profileSeconds = num();
    else if (f === '--case') a.only = argv[++i];
    else throw new Error(`unknown flag ${f}`);
  }
  if (a.rounds < 5) throw new Error('--rounds must be at least 5');
  if (a.pool < 1000) throw new Error('--pool must be at least 1000');
  if (a.only !== undefined && a.only !== 'bigint' && a.only !== 'refusal' && a.only !== 'mcp' && a.only !== 'build')
    throw new Error('--case takes: bigint, build, refusal, mcp');
  return a;
}

function machine(): Record<string, unknown> {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not a git checkout
  }
  return {
    node: process.version,
    v8: process.versions.v8,
    cpu: cpus()[0]?.model ?? 'unknown',
    nproc: availableParallelism(),
    platform: `${process.platform} ${process.arch}`,
    commit,
    date: new Date().toISOString(),
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/** Every case must accept every call of the pools and return what the floor returns. */
async function sanity(cases: Cases, small: Pool<unknown>, large: Pool<unknown>): Promise<string[]> {
  const problems: string[] = [];
  const valueOf = (r: BenchResult): string =>
    r.isError ? `error: ${(r.parts[0] as { text?: string } | undefined)?.text}` : JSON.stringify((r.parts[0] as { value: unknown }).value);
  const paths: [string, 'small' | 'large', (i: number) => Promise<BenchResult>][] = [];
  for (const [size, pool] of [
    ['small', small],
    ['large', large],
  ] as const) {
    for (const c of objectCases(cases)) paths.push([c.key, size, (i) => c[size](pool.objects[i])]);
    paths.push(['floor-text', size, (i) => cases.text.floor[size](pool.texts[i]!)]);
    paths.push(['ours-text', size, (i) => cases.text.ours[size](pool.texts[i]!)]);
  }
  for (const [key, size, run] of paths) {
    const pool = size === 'small' ? small : large;
    for (let i = 0; i < pool.objects.length; i++) {
      const want = valueOf(await (size === 'small' ? cases.floor.small : cases.floor.large)(pool.objects[i]));
      const got = valueOf(await run(i));
      if (got !== want) {
        problems.push(`${key} (${size}) call #${i}: ${got.slice(0, 200)} (floor: ${want.slice(0, 80)})`);
        break;
      }
    }
  }
  return problems;
}

function timedCases(cases: Cases, small: Pool<unknown>, large: Pool<unknown>, size: 'small' | 'large', withOurs: boolean): Timed[] {
  const pool = size === 'small' ? small : large;
  const out: Timed[] = [];
  for (const c of objectCases(cases)) {
    if (c.key === 'ours' && !withOurs) continue;
    out.push({ key: c.key, inputs: pool.objects, run: c[size] });
  }
  out.push({ key: 'floor-text', inputs: pool.texts, run: cases.text.floor[size] as (i: unknown) => Promise<BenchResult> });
  if (withOurs) out.push({ key: 'ours-text', inputs: pool.texts, run: cases.text.ours[size] as (i: unknown) => Promise<BenchResult> });
  return out;
}

async function profile(cases: Cases, small: Pool<unknown>, seconds: number): Promise<void> {
  const end = performance.now() + seconds * 1000;
  let calls = 0;
  while (performance.now() < end) {
    for (let i = 0; i < small.objects.length; i++) await cases.ours.small(small.objects[i]);
    calls += small.objects.length;
  }
  process.stderr.write(`profiled ${calls} calls of ours (realistic call, parsed object) in ${seconds} s\n`);
}

/** `--case bigint`: ours from text with 64-bit integers, beside JSON.parse of the same texts. */
async function bigintOnly(args: Args, log: (line?: string) => void): Promise<void> {
  const run = bigintCases(bigintTool());
  const timing: TimingOptions = args.quick
    ? { rounds: args.rounds, warmupMs: 100, warmupCalls: 500, batchMs: 8, batchesPerRound: 3, seed: args.seed }
    : { rounds: args.rounds, warmupMs: 400, warmupCalls: 3000, batchMs: 25, batchesPerRound: 5, seed: args.seed };
  for (const [size, lines] of [
    ['small', 2],
    ['large', 50],
  ] as const) {
    const texts = bigintTexts(args.pool, args.seed + 2, lines);
    for (const text of texts.slice(0, 50)) {
      const r = await run.ours(text);
      if (r.isError) throw new Error(`ours refuses a bigint call: ${JSON.stringify(r.parts[0])}`);
    }
    const figures = await timeCases(
      [
        { key: 'json-parse', inputs: texts, run: run.jsonParse },
        { key: 'ours-bigint-text', inputs: texts, run: run.ours },
      ],
      timing,
    );
    log(`${size === 'small' ? 'Ledger call (2 entries)' : 'Large ledger call (50 entries)'}, time per call:`);
    log(`  ${'JSON.parse alone (the ruler)'.padEnd(38)} ${show(figures['json-parse']!, duration)}`);
    log(`  ${'ours: tool.invoke(text), bigint'.padEnd(38)} ${show(figures['ours-bigint-text']!, duration)}`);
    log(`  ${'ours / JSON.parse'.padEnd(38)} ${show(ratio(figures['ours-bigint-text']!, figures['json-parse']!), times)}`);
  }
}

function logRefusal(f: RefusalFigures, log: (line?: string) => void): void {
  log(`Refusing one call of ${REFUSAL_KEYS.toLocaleString('en')} unknown keys (issue 15; least of 2 runs a round, after a full GC):`);
  log(`  ${'JSON.parse of its text (the ruler)'.padEnd(38)} ${show(f.parseNs, duration)}`);
  log(`  ${'ours: set.invoke(text), refused'.padEnd(38)} ${show(f.refuseTextNs, duration)} · ${show(f.refuseTextOverParse, times)} the parse`);
  log(`  ${'ours: set.invoke(object), refused'.padEnd(38)} ${show(f.refuseObjectNs, duration)} · ${show(f.refuseObjectOverParse, times)} the parse`);
}

/** `--case build`: the definition builds alone (the same rounds as the whole suite's), and their targets. */
async function buildOnly(args: Args, log: (line?: string) => void): Promise<void> {
  const build = await buildCosts([1, 100, 1000], args.rounds, args.seed);
  for (const [n, f] of Object.entries(build)) {
    log(
      `  ${n.padStart(4)} tools  cold ${show(f.cold, duration)} (CPU ${show(f.coldCpu, duration)}) · cached ${show(f.cached, duration)} · speed-up ${show(f.speedup, times)} · declaring the classes ${show(f.declare, duration)}`,
    );
  }
  const b1000 = build['1000']!;
  const verdicts = judge({ coldPerTool1000: stat(b1000.cold.rounds.map((ns) => ns / 1e6)), cachedSpeedup1000: b1000.speedup }).filter((v) => v.value !== null);
  log(
    `load average at end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  for (const v of verdicts)
    log(
      `  ${v.pass ? 'PASS' : 'MISS'}  ${v.label.padEnd(46)} ${v.target.padEnd(8)} ${show(v.value!, (n) => (v.target.endsWith('ms') ? `${n.toFixed(3)} ms` : times(n)))}`,
    );
  if (args.json) process.stdout.write(`${JSON.stringify({ build, targets: verdicts }, null, 2)}\n`);
  if (args.check && verdicts.some((v) => !v.pass)) process.exitCode = 1;
}

async function main(): Promise<void> {
  // `npm run bench -- mcp [flags]`: issue 16's MCP-over-HTTP comparison alone (bench/mcp.ts).
  const positional = process.argv[2] === 'mcp' || process.argv[2] === 'stores';
  const args = parseArgs(process.argv.slice(positional ? 3 : 2));
  const mcp = process.argv[2] === 'mcp' || args.only === 'mcp';
  const log = (line = ''): void => void (args.json ? process.stderr : process.stdout).write(`${line}\n`);
  const m = machine();
  // The library measured must be the lib/ compiled beside the suite, not a dist/ build.
  const loaded = require.resolve('tool-signatures');
  if (!loaded.includes(`${'build'}/bench/`) && !loaded.includes('build\\bench\\'))
    throw new Error(`tool-signatures resolved to ${loaded}, not to the compiled lib/`);
  m.library = loaded;
  if (process.argv[2] === 'stores') {
    // `npm run bench -- stores`: tools/call through the memory stores and the Redis stores (bench/stores.ts).
    log(`tool-signatures bench stores · ${m.date} · commit ${m.commit} · load ${(m.loadAverageAtStart as number[]).join(', ')}`);
    const { runStoresBench } = await import('./stores');
    const figures = await runStoresBench({ ...args, roundsGiven: process.argv.includes('--rounds') }, log);
    if (args.json) process.stdout.write(`${JSON.stringify({ machine: m, ...figures }, null, 2)}\n`);
    return;
  }
  if (mcp) {
    log(`tool-signatures bench mcp · ${m.date} · commit ${m.commit}`);
    log(`node ${m.node} (V8 ${m.v8}) · ${m.nproc} × ${m.cpu} · ${m.platform}`);
    log(`load average at start: ${(m.loadAverageAtStart as number[]).join(', ')} (1, 5, 15 min)`);
    const { runMcpBench } = await import('./mcp');
    const figures = await runMcpBench({ ...args, roundsGiven: process.argv.includes('--rounds') }, log);
    if (args.json) process.stdout.write(`${JSON.stringify({ machine: m, ...figures }, null, 2)}\n`);
    if (args.check && figures.targets.some((t) => !t.pass)) process.exitCode = 1;
    return;
  }

  // One-off figures of this process: the first build and the first call of any tool.
  const service = new Orders();
  const t0 = performance.now();
  Tool.fromInstance(service);
  const firstBuildMs = performance.now() - t0;
  const cases = makeCases(service);
  const small = smallPool(args.pool, args.seed) as Pool<unknown>;
  const large = largePool(args.pool, args.seed + 1) as Pool<unknown>;
  const t1 = performance.now();
  const firstResult = await cases.ours.small(small.objects[0]);
  const firstInvokeMs = performance.now() - t1;

  if (args.profile) {
    if (firstResult.isError) throw new Error('ours refuses the realistic call; nothing to profile');
    await profile(cases, small, args.profileSeconds);
    return;
  }

  if (args.only === 'bigint') {
    log(`tool-signatures bench, bigint case · ${m.date} · commit ${m.commit} · load ${(m.loadAverageAtStart as number[]).join(', ')}`);
    await bigintOnly(args, log);
    log(
      `load average at end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    return;
  }

  if (args.only === 'refusal') {
    log(`tool-signatures bench, refusal case · ${m.date} · commit ${m.commit} · load ${(m.loadAverageAtStart as number[]).join(', ')}`);
    const refusal = await refusalFigures(args.quick ? 5 : args.rounds);
    logRefusal(refusal, log);
    const verdicts = judge({ refuseTextOverParse: refusal.refuseTextOverParse, refuseObjectOverParse: refusal.refuseObjectOverParse }).filter((v) =>
      v.key.startsWith('refuse'),
    );
    for (const v of verdicts)
      log(`  ${v.pass ? 'PASS' : 'MISS'}  ${v.label.padEnd(46)} ${v.target.padEnd(8)} ${v.value === null ? 'not measured' : show(v.value, times)}`);
    if (args.json) process.stdout.write(`${JSON.stringify({ machine: m, refusal, targets: verdicts }, null, 2)}\n`);
    if (args.check && verdicts.some((v) => !v.pass)) process.exitCode = 1;
    return;
  }

  if (args.only === 'build') {
    log(`tool-signatures bench, definition builds · ${m.date} · commit ${m.commit} · load ${(m.loadAverageAtStart as number[]).join(', ')}`);
    await buildOnly(args, log);
    return;
  }

  log(`tool-signatures bench · ${m.date} · commit ${m.commit}`);
  log(`node ${m.node} (V8 ${m.v8}) · ${m.nproc} × ${m.cpu} · ${m.platform}`);
  log(`load average at start: ${(m.loadAverageAtStart as number[]).join(', ')} (1, 5, 15 min)`);
  log(`pools: ${args.pool} distinct calls per shape (seed ${args.seed}) · ${args.rounds} interleaved rounds · median (min – max)`);
  log();

  const problems = await sanity(cases, small, large);
  const oursProblems = problems.filter((p) => p.startsWith('ours'));
  const withOurs = oursProblems.length === 0;
  const others = problems.filter((p) => !p.startsWith('ours'));
  if (others.length > 0) throw new Error(`a case does not accept the pools as the floor does:\n  ${others.join('\n  ')}`);
  if (!withOurs) log(`ours is not measured: it does not accept the pools as the floor does:\n  ${oursProblems.join('\n  ')}\n`);

  const timing: TimingOptions = args.quick
    ? { rounds: args.rounds, warmupMs: 100, warmupCalls: 500, batchMs: 8, batchesPerRound: 3, seed: args.seed }
    : { rounds: args.rounds, warmupMs: 400, warmupCalls: 3000, batchMs: 25, batchesPerRound: 5, seed: args.seed };

  const perCall: Record<string, Record<string, Stat>> = {};
  for (const size of ['small', 'large'] as const) {
    log(`timing the ${size === 'small' ? 'realistic' : 'large'} call...`);
    perCall[size] = await timeCases(timedCases(cases, small, large, size, withOurs), {
      ...timing,
      onRound: (r) => void (args.json ? process.stderr : process.stdout).write(`  round ${r}/${args.rounds} done\n`),
    });
  }
  let heap: Record<string, HeapFigure> | undefined;
  if (gcAvailable()) {
    log('measuring heap per call...');
    heap = await heapPerCall(timedCases(cases, small, large, 'small', withOurs), { samples: args.quick ? 10 : 30, maxCalls: 64, budgetBytes: 192 * 1024 });
  }
  // Fresh classes from here on: class-validator keeps every class it has seen, and its validate()
  // walks all of them (see below), so the per-call figures above are taken before any is declared.
  log('timing first calls and definition builds...');
  const firstCall: FirstCallFigures | undefined = withOurs ? await firstCallCosts(small.objects, args.rounds, args.quick ? 3 : 5) : undefined;
  const build: Record<string, BuildFigures> = await buildCosts([1, 100, 1000], args.rounds, args.seed);
  // class-validator's validate() looks for inherited rules by walking every class in its storage,
  // so each call costs more as an application declares more DTO classes. The build phase has just
  // declared thousands; ours (which runs class-validator on the DTOs) and ctcv are timed again.
  const registered = (getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, unknown> }).validationMetadatas.size;
  log(`timing the realistic call again with ${registered} classes in class-validator's storage...`);
  const crowded = await timeCases(
    timedCases(cases, small, large, 'small', withOurs).filter((t) => t.key === 'floor' || t.key === 'ours' || t.key === 'ctcv'),
    { rounds: 5, warmupMs: 50, warmupCalls: 20, batchMs: args.quick ? 8 : 20, batchesPerRound: 3, seed: args.seed },
  );
  log('timing patterns (issue 15)...');
  const patterns: PatternFigures = await patternFigures(args.quick);
  log('timing the union case...');
  const union = await unionFigures({ ...timing, rounds: Math.min(args.rounds, 5) }, args.pool, args.seed + 2);
  log(`timing the refusal of a ${REFUSAL_KEYS.toLocaleString('en')}-key call (issue 15)...`);
  const refusal: RefusalFigures = await refusalFigures(args.quick ? 5 : Math.min(args.rounds, 7));
  m.loadAverageAtEnd = loadavg().map((l) => Number(l.toFixed(2)));

  const s = perCall.small!;
  const l = perCall.large!;
  const ratios: Record<string, Stat | undefined> = {};
  if (withOurs) {
    ratios.oursOverFloor = ratio(s.ours!, s.floor!);
    ratios.zodOverOurs = ratio(s.zod!, s.ours!);
    ratios.ctcvOverOurs = ratio(s.ctcv!, s.ours!);
    ratios.oursTextOverFloorText = ratio(s['ours-text']!, s['floor-text']!);
    ratios.ajvOverOurs = ratio(s.ajv!, s.ours!);
    ratios.largeOursOverFloor = ratio(l.ours!, l.floor!);
    ratios.largeZodOverOurs = ratio(l.zod!, l.ours!);
    ratios.largeCtcvOverOurs = ratio(l.ctcv!, l.ours!);
    ratios.largeOursTextOverFloorText = ratio(l['ours-text']!, l['floor-text']!);
  }
  ratios.ajvOverFloor = ratio(s.ajv!, s.floor!);
  const b1000 = build['1000']!;
  ratios.coldPerTool1000 = stat(b1000.cold.rounds.map((ns) => ns / 1e6));
  ratios.cachedSpeedup1000 = b1000.speedup;
  ratios.refuseTextOverParse = refusal.refuseTextOverParse;
  ratios.refuseObjectOverParse = refusal.refuseObjectOverParse;
  const verdicts: Verdict[] = judge(ratios);

  // ---- report ---------------------------------------------------------------------------------
  const names: Record<string, string> = {
    floor: 'floor (hand validator + hydration)',
    ajv: 'ajv + hand hydration',
    zod: 'zod 4 safeParse',
    ctcv: 'class-transformer + class-validator',
    ours: 'ours: tool.invoke(object)',
    'floor-text': 'JSON.parse + floor',
    'ours-text': 'ours: tool.invoke(text)',
  };
  for (const [size, title] of [
    ['small', 'Realistic call (2 lines)'],
    ['large', 'Large call (50 lines, nested DTOs)'],
  ] as const) {
    log();
    log(`${title}, time per call:`);
    for (const [k, v] of Object.entries(perCall[size]!)) log(`  ${(names[k] ?? k).padEnd(38)} ${show(v, duration)}`);
  }
  log();
  log('Ratios (round by round, median (min – max)):');
  const ratioNames: Record<string, string> = {
    oursOverFloor: 'ours / floor (object)',
    zodOverOurs: 'zod / ours',
    ctcvOverOurs: 'ctcv / ours',
    oursTextOverFloorText: 'ours from text / (JSON.parse + floor)',
    ajvOverOurs: 'ajv + hydration / ours',
    ajvOverFloor: 'ajv + hydration / floor',
    largeOursOverFloor: 'large: ours / floor',
    largeZodOverOurs: 'large: zod / ours',
    largeCtcvOverOurs: 'large: ctcv / ours',
    largeOursTextOverFloorText: 'large: ours from text / (JSON.parse + floor)',
  };
  for (const [k, label] of Object.entries(ratioNames)) if (ratios[k] !== undefined) log(`  ${label.padEnd(46)} ${show(ratios[k]!, times)}`);
  log();
  log('Union call (an array of a tagged union of two DTO classes; the general path), time per call:');
  for (const [k, v] of Object.entries(union.perCallNs)) log(`  ${k.padEnd(38)} ${show(v, duration)}`);
  log(`  ${'ours / ajv validation alone'.padEnd(38)} ${show(union.oursOverAjv, times)}`);
  log();
  log('Definitions (schemas only), per tool:');
  for (const [n, f] of Object.entries(build)) {
    log(
      `  ${n.padStart(4)} tools  cold ${show(f.cold, duration)} (CPU ${show(f.coldCpu, duration)}) · cached ${show(f.cached, duration)} · speed-up ${show(f.speedup, times)} · declaring the classes ${show(f.declare, duration)}`,
    );
  }
  log(`  first build in this process (Orders, 2 tools): ${firstBuildMs.toFixed(2)} ms (one sample)`);
  if (firstCall !== undefined) {
    log();
    log('First call of a fresh tool (validator and hydrator compiled):');
    log(`  first call ${show(firstCall.first, duration)} · second ${show(firstCall.second, duration)} · third ${show(firstCall.third, duration)}`);
    log(`  first − third (the compilation): ${show(firstCall.compile, duration)}; warmed-up call: ${show(s.ours ?? s.floor!, duration)}`);
    log(`  ajv alone compiling the same schema (on a warm ajv instance): ${show(firstCall.ajvCompile, duration)}`);
  }
  log(`  first invoke in this process: ${firstInvokeMs.toFixed(2)} ms (one sample: the shared ajv instance is created then)`);
  log();
  log(`Realistic call with ${registered} classes in class-validator's storage (after the builds), time per call:`);
  for (const [k, v] of Object.entries(crowded)) log(`  ${(names[k] ?? k).padEnd(38)} ${show(v, duration)}`);
  log();
  if (heap !== undefined) {
    log('Heap allocated per call (realistic call; used heap growth over N calls after a full GC; samples with a GC dropped):');
    for (const [k, f] of Object.entries(heap)) {
      log(
        `  ${(names[k] ?? k).padEnd(38)} ${show(f.bytesPerCall, bytes)}  [N = ${f.calls}; ${f.clean} clean samples${f.dropped > 0 ? `, ${f.dropped} dropped` : ''}${f.clean === 0 ? ': UNRELIABLE' : ''}]`,
      );
    }
  } else {
    log('Heap per call: not measured (run with --expose-gc; npm run bench does).');
  }
  log();
  log('Catastrophic patterns on RE2, time per character of a string that almost matches (least of the runs):');
  for (const [p, byLength] of Object.entries(patterns.perChar)) {
    log(
      `  ${p.padEnd(30)} ${Object.entries(byLength)
        .map(([n, ns]) => `${n} chars: ${ns.toFixed(1)} ns/char`)
        .join(' · ')}`,
    );
  }
  log(
    `  an ordinary pattern (^[A-Z]{3}-\\d{4}$) on the fast path: ${duration(patterns.ordinaryNs.withPattern)} per call, ${duration(patterns.ordinaryNs.without)} without it`,
  );
  log();
  logRefusal(refusal, log);
  log();
  log(`load average at end: ${(m.loadAverageAtEnd as number[]).join(', ')}`);
  log('Targets (issue 7; issue 15 for the refusal):');
  for (const v of verdicts)
    log(
      `  ${v.pass ? 'PASS' : 'MISS'}  ${v.label.padEnd(46)} ${v.target.padEnd(8)} ${v.value === null ? 'not measured' : show(v.value, (n) => (v.target.endsWith('ms') ? `${n.toFixed(3)} ms` : times(n)))}`,
    );

  if (args.json) {
    const json = {
      machine: m,
      options: { ...args, timing },
      perCallNs: perCall,
      ratios,
      build,
      firstCall,
      firstBuildMs,
      firstInvokeMs,
      heap,
      crowded: { classValidatorClasses: registered, perCallNs: crowded },
      patterns,
      union,
      refusal,
      targets: verdicts,
      problems,
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  }
  if (args.check && verdicts.some((v) => !v.pass)) {
    log(`\ncheck: ${verdicts.filter((v) => !v.pass).length} target(s) missed`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 2;
});
