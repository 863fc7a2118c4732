/**
 * Real MCP clients list and call tools, prompts and resources (spec/mcp/programs/real-clients.mjs:
 * the SDK v1 client, the SDK v2 client negotiating, the AI SDK's MCP client) against one small
 * server (spec/mcp/programs/real-clients-server.ts), compiled outside the repository and run with
 * a NODE_PATH: with only `@modelcontextprotocol/sdk` installed (the README's minimal MCP install:
 * the v2 peers `@modelcontextprotocol/server` and `@modelcontextprotocol/node` cannot be found),
 * and with them; stateless, with sessions, and over stdio, a server still starting when its client
 * gives up on `server/discover` included. docs/mcp.md: "What a 2025-only install answers to
 * discovery", "Which revision a stdio connection serves".
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compiledCopy, modulesWithout, root } from '../helpers/programs';

type Client = 'v1' | 'v2' | 'aiSdk';
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

function node(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env, timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

function envWith(nodePath: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return { ...env, NODE_PATH: nodePath };
}

/** Runs the clients against `target`; what each saw. */
async function clients(target: Target, names: readonly Client[], v2ProbeMs?: number): Promise<Record<string, unknown>> {
  const ran = await node([path.join(root, 'spec/mcp/programs/real-clients.mjs'), JSON.stringify({ target, clients: names, v2ProbeMs })], root);
  expect([ran.code, ran.stderr]).toEqual([0, '']);
  return JSON.parse(ran.stdout) as Record<string, unknown>;
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

const ALL: readonly Client[] = ['v1', 'v2', 'aiSdk'];

describe('with only @modelcontextprotocol/sdk installed: every client falls back to 2025-11-25', () => {
  it.each(['stateless', 'sessions'] as const)(
    'over HTTP, %s',
    async (mode) => {
      const saw = await overHttp(mode, modules.minimal, async (url, serverSdk) => {
        expect(serverSdk).toBe(false);
        return clients({ url }, ALL);
      });
      expect(saw).toEqual({ v1: seen('2025-11-25'), v2: seen('2025-11-25'), aiSdk: seen('2025-11-25') });
    },
    150_000,
  );

  it('over stdio', async () => {
    expect(await clients(stdio(modules.minimal), ALL)).toEqual({ v1: seen('2025-11-25'), v2: seen('2025-11-25'), aiSdk: seen('2025-11-25') });
  }, 150_000);

  it('over stdio, a server still starting when the client gives up on discovery', async () => {
    expect(await clients(stdio(modules.minimal, '--late'), ALL, 1000)).toEqual({
      v1: seen('2025-11-25'),
      v2: seen('2025-11-25'),
      aiSdk: seen('2025-11-25'),
    });
  }, 150_000);
});

describe('with the v2 peers: clients that discover get 2026-07-28, the v1 client 2025-11-25', () => {
  it.each(['stateless', 'sessions'] as const)(
    'over HTTP, %s',
    async (mode) => {
      const saw = await overHttp(mode, modules.full, async (url, serverSdk) => {
        expect(serverSdk).toBe(true);
        return clients({ url }, ALL);
      });
      expect(saw).toEqual({ v1: seen('2025-11-25'), v2: seen('2026-07-28'), aiSdk: seen('2026-07-28') });
    },
    150_000,
  );

  it('over stdio (the AI SDK client waits 1 s for discovery: a server slower to start than that is served 2025-11-25)', async () => {
    expect(await clients(stdio(modules.full), ALL)).toEqual({
      v1: seen('2025-11-25'),
      v2: seen('2026-07-28'),
      aiSdk: seen(expect.stringMatching(/^(2025-11-25|2026-07-28)$/)),
    });
  }, 150_000);

  it('over stdio, a server still starting when the client gives up on discovery serves the initialize that followed', async () => {
    expect(await clients(stdio(modules.full, '--late'), ALL, 1000)).toEqual({
      v1: seen('2025-11-25'),
      v2: seen('2025-11-25'),
      aiSdk: seen('2025-11-25'),
    });
  }, 150_000);
});
