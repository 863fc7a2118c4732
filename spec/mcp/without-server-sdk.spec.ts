/**
 * docs/mcp.md, "What a 2025-only install answers to discovery": without `@modelcontextprotocol/server`
 * the endpoint serves 2025-11-25 only; its refusals of 2026-07-28 requests over HTTP, and stdio.
 * The program is compiled outside the repository and run with a NODE_PATH of links to every installed package except
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

it('without @modelcontextprotocol/server the endpoint serves 2025-11-25, refuses server/discover (400, -32000) and any other 2026-07-28 request (-32022) with the versions it serves; stdio is 2025-11-25 (discover -32601); without @opentelemetry/api, tracing: true is refused naming it', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'without-server-sdk-'));
  try {
    const out = path.join(work, 'out');
    const modules = path.join(work, 'modules');
    fs.mkdirSync(modules);
    modulesWithout(modules, ['@modelcontextprotocol/server', '@opentelemetry/api']);
    await compiledCopy(['spec/mcp/programs/without-server-sdk.ts'], ['spec/mcp/programs'], out);
    const ran = await run([path.join(out, 'spec/mcp/programs/without-server-sdk.js')], { ...process.env, NODE_PATH: modules });
    expect([ran.code, ran.stderr]).toEqual([0, '']);
    expect(JSON.parse(ran.stdout)).toEqual({
      serverSdk: false,
      otelApi: false,
      // docs/mcp.md, Tracing: "asked for without the peer installed, `createMcpServer` throws an error
      // that names it (`code: 'ERR_TOOL_SIGNATURES_MISSING_PEER'`)".
      tracing: { code: 'ERR_TOOL_SIGNATURES_MISSING_PEER', peer: '@opentelemetry/api' },
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
      // docs/mcp.md: "a `server/discover` sent with `MCP-Protocol-Version: 2026-07-28` is refused as
      // the SDK's own 2025 server refuses it: HTTP 400, JSON-RPC `-32000`, the versions served in `data.supported`".
      discover: {
        status: 400,
        body: {
          jsonrpc: '2.0',
          id: 8,
          error: {
            code: -32000,
            message: `Bad Request: unsupported protocol version (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
            data: { supported: SUPPORTED_PROTOCOL_VERSIONS, requested: '2026-07-28' },
          },
        },
      },
      // "Over stdio the 2025 server answers `server/discover` with `-32601`"; "With only the 2025 SDK
      // installed every connection is 2025-11-25": a request with the 2026 envelope gets a 2025 answer.
      stdio: [
        { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
        { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'noon' }] } },
      ],
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 180_000);
