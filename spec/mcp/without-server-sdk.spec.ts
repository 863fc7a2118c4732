/**
 * docs/mcp.md: "Without `@modelcontextprotocol/server` installed the endpoint serves 2025-11-25
 * only, and a 2026-07-28 request is refused with the supported versions." The program is compiled
 * outside the repository and run with a NODE_PATH of links to every installed package except
 * `@modelcontextprotocol/server`, so Node's own resolution cannot find that one.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { compiledCopy, modulesWithout } from '../helpers/programs';

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: os.tmpdir(), env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

it('without @modelcontextprotocol/server the endpoint serves 2025-11-25, and refuses a 2026-07-28 request with the versions it serves', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'without-server-sdk-'));
  try {
    const out = path.join(work, 'out');
    const modules = path.join(work, 'modules');
    fs.mkdirSync(modules);
    modulesWithout(modules, ['@modelcontextprotocol/server']);
    await compiledCopy(['spec/mcp/programs/without-server-sdk.ts'], ['spec/mcp/programs'], out);
    const ran = await run([path.join(out, 'spec/mcp/programs/without-server-sdk.js')], { ...process.env, NODE_PATH: modules });
    expect([ran.code, ran.stderr]).toEqual([0, '']);
    expect(JSON.parse(ran.stdout)).toEqual({
      serverSdk: false,
      v1: { content: [{ type: 'text', text: 'noon' }] },
      modern: {
        status: 400,
        body: {
          jsonrpc: '2.0',
          id: 7,
          error: {
            code: -32022,
            message: `Bad Request: unsupported protocol version (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
            data: { supported: SUPPORTED_PROTOCOL_VERSIONS, requested: '2026-07-28' },
          },
        },
      },
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 180_000);
