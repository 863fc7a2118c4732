/**
 * Real MCP clients list and call tools, prompts and resources (spec/mcp/programs/real-clients.mjs:
 * the SDK v1 client, the SDK v2 client negotiating, the AI SDK's MCP client and Mastra's) against one small server (spec/mcp/programs/real-clients-server.ts), compiled outside
 * the repository and run with a NODE_PATH: with only `@modelcontextprotocol/sdk` installed (the
 * README's minimal MCP install: the v2 peers `@modelcontextprotocol/server` and
 * `@modelcontextprotocol/node` cannot be found), and with them; stateless, with sessions, and over
 * stdio, a server still starting when its client gives up on `server/discover` included, and one
 * that takes over a second to start for the client that waits for it (Mastra). Stdio-only clients
 * also reach the HTTP endpoint through `mcp-remote` (`npx mcp-remote <url>`: a stdio server that
 * forwards every message to the URL). The clients and mcp-remote run on the LTS Node that `npm
 * test` passes in `TOOL_SIGNATURES_LTS_NODE` (Mastra declares Node 22 or later). docs/mcp.md:
 * "What a 2025-only install answers to discovery", "Which revision a stdio connection serves",
 * "Clients".
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compiledCopy, modulesWithout, root } from '../helpers/programs';

type Client = 'v1' | 'v2' | 'aiSdk' | 'mastra';
type Target = { url: string } | { command: string; args: string[]; env: Record<string, string>; cwd: string };

let work: string;
let server: string;
const modules = { minimal: '', full: path.join(root, 'node_modules') };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'real-clients-'));
  modules.minimal = path.join(work, 'modules');
  fs.mkdirSync(modules.minimal);
  modulesWithout(modules.minimal, ['@modelcontextprotocol/server', '@modelcontextprotocol/node']);
  const out = path.join(work, 'out');
  await compiledCopy(['spec/mcp/programs/real-clients-server.ts'], ['spec/mcp/programs'], out);
  server = path.join(out, 'spec/mcp/programs/real-clients-server.js');
}, 180_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The Node the clients and mcp-remote run on: the LTS Node of `npm test`, else (a spec run on its own) this one. */
const clientNode = process.env.TOOL_SIGNATURES_LTS_NODE || process.execPath;

function node(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(clientNode, args, { cwd, env, timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

function envWith(nodePath: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return { ...env, NODE_PATH: nodePath };
}

type Run = { target: Target; clients: readonly Client[]; v2ProbeMs?: number };

/** Runs each run's clients against its target, the runs side by side in one process; what each client saw, by run. */
async function runs(each: Record<string, Run>): Promise<Record<string, Record<string, unknown>>> {
  const ran = await node([path.join(root, 'spec/mcp/programs/real-clients.mjs'), JSON.stringify({ runs: each })], root);
  expect([ran.code, ran.stderr]).toEqual([0, '']);
  return JSON.parse(ran.stdout) as Record<string, Record<string, unknown>>;
}

/** Runs the clients against `target`; what each saw. */
async function clients(target: Target, names: readonly Client[], v2ProbeMs?: number): Promise<Record<string, unknown>> {
  return (await runs({ only: { target, clients: names, v2ProbeMs } })).only!;
}

/** Serves HTTP (`stateless` or `sessions`) with the packages of `nodePath`, runs `f` on its URL, then stops it. */
async function overHttp<T>(mode: 'stateless' | 'sessions', nodePath: string, f: (url: string, serverSdk: boolean) => Promise<T>): Promise<T> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [server, mode], { cwd: work, env: envWith(nodePath) });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const first = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
    });
    const { url, serverSdk } = JSON.parse(first) as { url: string; serverSdk: boolean };
    return await f(url, serverSdk);
  } finally {
    child.stdin.end();
    await exited;
  }
}

function stdio(nodePath: string, ...args: string[]): Target {
  return { command: process.execPath, args: [server, 'stdio', ...args], env: envWith(nodePath), cwd: work };
}

const mcpRemote = (() => {
  const manifest = require.resolve('mcp-remote/package.json');
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin['mcp-remote']!);
})();

/** `mcp-remote <url>` as a stdio server, its client registrations kept in the spec's directory (not ~/.mcp-auth). */
function viaMcpRemote(url: string): Target {
  return { command: clientNode, args: [mcpRemote, url], env: { ...envWith(''), MCP_REMOTE_CONFIG_DIR: path.join(work, 'mcp-auth') }, cwd: work };
}

/** What every client sees of the server, at the revision it negotiated. */
const seen = (version: unknown) => ({
  version,
  tools: ['now'],
  call: ['noon'],
  prompts: ['greet'],
  prompt: ['Hello, Ada.'],
  resources: ['desk://motto'],
  read: ['Tea at four.'],
});
/** Mastra names a server's tools `<server>_<tool>`. */
const mastraSeen = (version: unknown) => ({ ...seen(version), tools: ['desk_now'] });
/** Over HTTP; over stdio Mastra has a server of its own (it waits for discovery: see `slowStdio`). */
const ALL: readonly Client[] = ['v1', 'v2', 'aiSdk', 'mastra'];
const STDIO: readonly Client[] = ['v1', 'v2', 'aiSdk'];
/** The clients that give up on `server/discover` after a time and write `initialize` on the same pipe (the v1 one never discovers). */
const GIVING_UP: readonly Client[] = ['v1', 'v2', 'aiSdk'];
/**
 * Every client over HTTP, and stdio clients through mcp-remote to the same endpoint: the v1 one,
 * and, where the endpoint serves 2026-07-28, the v2 one (its discovery over stdio starts a process
 * of its own, so each costs two starts of mcp-remote: where the endpoint serves 2025-11-25 only, it
 * falls back as it does over HTTP directly).
 */
function overHttpAndRemote(mode: 'stateless' | 'sessions', nodePath: string, serverSdk: boolean) {
  return overHttp(mode, nodePath, async (url, sdk) => {
    expect(sdk).toBe(serverSdk);
    const viaRemote: readonly Client[] = serverSdk ? ['v1', 'v2'] : ['v1'];
    return runs({ http: { target: { url }, clients: ALL }, mcpRemote: { target: viaMcpRemote(url), clients: viaRemote } });
  });
}

/** Every client over stdio, Mastra to a server that takes 1.2 s to start (`--slow`), as a NestJS application does. */
const overStdio = (nodePath: string) =>
  runs({ stdio: { target: stdio(nodePath), clients: STDIO }, slowStdio: { target: stdio(nodePath, '--slow'), clients: ['mastra'] } });

describe('with only @modelcontextprotocol/sdk installed: every client falls back to 2025-11-25', () => {
  it.each(['stateless', 'sessions'] as const)(
    'over HTTP, %s, and through mcp-remote',
    async (mode) => {
      expect(await overHttpAndRemote(mode, modules.minimal, false)).toEqual({
        http: {
          v1: seen('2025-11-25'),
          v2: seen('2025-11-25'),
          aiSdk: seen('2025-11-25'),
          mastra: mastraSeen('2025-11-25'),
        },
        mcpRemote: { v1: seen('2025-11-25') },
      });
    },
    150_000,
  );

  it('over stdio, Mastra to a server that takes 1.2 s to start', async () => {
    expect(await overStdio(modules.minimal)).toEqual({
      stdio: { v1: seen('2025-11-25'), v2: seen('2025-11-25'), aiSdk: seen('2025-11-25') },
      slowStdio: { mastra: mastraSeen('2025-11-25') },
    });
  }, 150_000);

  it('over stdio, a server still starting when the client gives up on discovery', async () => {
    expect(await clients(stdio(modules.minimal, '--late'), GIVING_UP, 1000)).toEqual({
      v1: seen('2025-11-25'),
      v2: seen('2025-11-25'),
      aiSdk: seen('2025-11-25'),
    });
  }, 150_000);
});

describe('with the v2 peers: clients that discover get 2026-07-28, the v1 ones 2025-11-25', () => {
  it.each(['stateless', 'sessions'] as const)(
    'over HTTP, %s, and through mcp-remote (it forwards server/discover as it came)',
    async (mode) => {
      expect(await overHttpAndRemote(mode, modules.full, true)).toEqual({
        http: {
          v1: seen('2025-11-25'),
          v2: seen('2026-07-28'),
          aiSdk: seen('2026-07-28'),
          mastra: mastraSeen('2026-07-28'),
        },
        mcpRemote: { v1: seen('2025-11-25'), v2: seen('2026-07-28') },
      });
    },
    150_000,
  );

  it('over stdio, Mastra to a server that takes 1.2 s to start (the AI SDK client waits 1 s for discovery: a server slower to start than that is served 2025-11-25)', async () => {
    expect(await overStdio(modules.full)).toEqual({
      stdio: {
        v1: seen('2025-11-25'),
        v2: seen('2026-07-28'),
        aiSdk: seen(expect.stringMatching(/^(2025-11-25|2026-07-28)$/)),
      },
      slowStdio: { mastra: mastraSeen('2026-07-28') },
    });
  }, 150_000);

  it('over stdio, a server still starting when the client gives up on discovery serves the initialize that followed', async () => {
    expect(await clients(stdio(modules.full, '--late'), GIVING_UP, 1000)).toEqual({
      v1: seen('2025-11-25'),
      v2: seen('2025-11-25'),
      aiSdk: seen('2025-11-25'),
    });
  }, 150_000);
});
