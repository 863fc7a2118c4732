import { performance } from 'node:perf_hooks';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernClientTransport } from '@modelcontextprotocol/client';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Prng } from './prng';
import { stat, type Stat } from './stats';

/**
 * What the MCP legs share (bench/mcp.ts over HTTP, bench/mcp-nest.ts over NestJS): the bench's
 * arguments, calls kept in flight, the SDK clients of both revisions, and interleaved rounds.
 */

export const IN_FLIGHT = 8;
export const MODERN = '2026-07-28';

/** Which revision a leg speaks: the 2025 one (initialize, then plain JSON-RPC) or 2026-07-28. */
export type Era = '2025' | '2026';

export interface McpBenchArgs {
  readonly quick: boolean;
  readonly rounds: number;
  /** Whether `--rounds` was given (else five rounds). */
  readonly roundsGiven?: boolean;
  readonly seed: number;
  readonly pool: number;
  readonly json: boolean;
}

/** `n` calls, `IN_FLIGHT` at a time; resolves with the elapsed ms. */
export async function inFlight(n: number, call: (k: number) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const worker = async (): Promise<void> => {
    while (next < n) await call(next++);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return performance.now() - t0;
}

/** What the bench calls on the SDK's v1 and v2 clients alike. */
export interface ToolCaller {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ content?: unknown; isError?: boolean }>;
  listTools(): Promise<{ tools: { name: string }[] }>;
  close(): Promise<void>;
}

/**
 * An SDK client of `url`, connected: for 2025, the v1 `Client` (it initializes at the latest
 * revision it knows, 2025-11-25); for 2026, the v2 `Client` pinned to 2026-07-28 (it probes
 * `server/discover` first).
 */
export async function sdkClientOf(era: Era, url: URL): Promise<ToolCaller> {
  if (era === '2025') {
    const client = new McpClient({ name: 'bench', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    return client as unknown as ToolCaller;
  }
  const client = new ModernClient({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(new ModernClientTransport(url));
  if (client.getNegotiatedProtocolVersion() !== MODERN)
    throw new Error(`${url.href}: the v2 client negotiated ${client.getNegotiatedProtocolVersion()}, not ${MODERN}`);
  return client as unknown as ToolCaller;
}

export type Log = (line?: string) => void;

/** Something measured in interleaved rounds: `run(n)` makes `n` calls and resolves with the elapsed ms. */
export interface Contender {
  readonly key: string;
  run(n: number): Promise<number>;
}

/**
 * `rounds` rounds of `perRound` calls per contender. A round gives each its calls in slices of a
 * tenth, the contenders taking turns (in an order shuffled per slice): on a shared machine, load
 * that comes and goes then falls on all alike instead of on whichever ran while it lasted.
 * Calls per second and CPU µs per call, median (min – max) over rounds, by key.
 */
export async function interleaved(
  contenders: readonly Contender[],
  rounds: number,
  perRound: number,
  seed: number,
  log: Log,
): Promise<{ callsPerSecond: Record<string, Stat>; cpuMicrosPerCall: Record<string, Stat> }> {
  const rps: Record<string, number[]> = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(contenders.map((c) => [c.key, []]));
  const prng = new Prng(seed);
  const slices = 10;
  for (let r = 0; r < rounds; r++) {
    const ms: Record<string, number> = Object.fromEntries(contenders.map((c) => [c.key, 0]));
    const us: Record<string, number> = Object.fromEntries(contenders.map((c) => [c.key, 0]));
    for (let slice = 0; slice < slices; slice++) {
      const order = [...contenders];
      for (let i = order.length - 1; i > 0; i--) {
        const j = prng.int(0, i);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const c of order) {
        const c0 = process.cpuUsage();
        ms[c.key]! += await c.run(perRound / slices);
        const used = process.cpuUsage(c0);
        us[c.key]! += used.user + used.system;
      }
    }
    for (const c of contenders) {
      rps[c.key]!.push((perRound / ms[c.key]!) * 1000);
      cpu[c.key]!.push(us[c.key]! / perRound);
    }
    log(`  round ${r + 1}/${rounds}: ${contenders.map((c) => `${c.key} ${rps[c.key]![r]!.toFixed(0)}/s`).join(' · ')}`);
  }
  return {
    callsPerSecond: Object.fromEntries(Object.entries(rps).map(([k, v]) => [k, stat(v)])),
    cpuMicrosPerCall: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, stat(v)])),
  };
}
