import { execFile, spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../helpers/programs';

/**
 * The MCP Inspector's CLI mode (`@modelcontextprotocol/inspector-cli`, what `npx
 * @modelcontextprotocol/inspector --cli` runs), a third-party MCP client, against `npm run mcp`
 * over Streamable HTTP and over stdio. The Inspector runs on the LTS Node that `npm test` passes in
 * `TOOL_SIGNATURES_LTS_NODE` (the Inspector declares Node 22 or later), in both of its runs; the
 * server runs on the Node of the run.
 */

const cliDir = path.join(path.dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');
const mcpScript = path.join(root, 'scripts', 'mcp.js');
/** The Node the Inspector runs on: the LTS Node of `npm test`, else (a spec run on its own) this one. */
const inspectorNode = process.env.TOOL_SIGNATURES_LTS_NODE || process.execPath;

/** Runs the Inspector CLI; resolves with its parsed JSON output. */
function inspector(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // Its build looks for its package.json relative to the working directory.
    execFile(inspectorNode, [path.join(cliDir, 'index.js'), ...args], { cwd: cliDir, timeout: 110_000 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`inspector ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

type Listed = { tools: { name: string; inputSchema: { type: string } }[] };
type Called = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: unknown };

describe('the MCP Inspector CLI against npm run mcp', () => {
  let server: ChildProcess | undefined;

  // Resolves once the server has exited and its pipes are closed: a worker that still holds them cannot exit.
  afterAll(async () => {
    if (server === undefined || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server!.once('close', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  it('lists and calls the tools over Streamable HTTP (npm run mcp -- --http)', async () => {
    server = spawn(process.execPath, [mcpScript, '--http', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      server!.once('exit', (code) => reject(new Error(`npm run mcp -- --http exited with ${code}`)));
      createInterface({ input: server!.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    });
    const listed = (await inspector([url, '--transport', 'http', '--method', 'tools/list'])) as Listed;
    expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_dockets', 'get_docket', 'create_docket']));
    const called = (await inspector([
      url,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'search_dockets',
      '--tool-arg',
      'limit=2',
    ])) as Called;
    expect(called.isError).toBeFalsy();
    expect(Array.isArray((called.structuredContent as { result: unknown[] }).result)).toBe(true);
    const refused = (await inspector([
      url,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'search_dockets',
      '--tool-arg',
      'limit=500',
    ])) as Called;
    expect([refused.isError, refused.content[0]!.text]).toEqual([true, "Argument 'limit' must be an integer from 1 to 50."]);
    // The Inspector sets a level as it connects (every command above did); asked to set one, the
    // stateless endpoint answers {} as the protocol says (the level applies within its own POST).
    const setLevel = await inspector([url, '--transport', 'http', '--method', 'logging/setLevel', '--log-level', 'error']);
    expect(setLevel).toEqual({});
  }, 240_000);

  it('lists and calls the tools over stdio (npm run mcp)', async () => {
    const listed = (await inspector(['node', mcpScript, '--method', 'tools/list'])) as Listed;
    expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search_dockets', 'get_docket']));
    const called = (await inspector([
      'node',
      mcpScript,
      '--method',
      'tools/call',
      '--tool-name',
      'get_docket',
      '--tool-arg',
      'id=00000000-0000-4000-8000-000000000000',
    ])) as Called;
    expect([called.isError, called.content[0]!.text]).toEqual([
      true,
      'No docket has the id 00000000-0000-4000-8000-000000000000. Search for it with search_dockets.',
    ]);
    // stdio is one connection: the level holds for it.
    expect(await inspector(['node', mcpScript, '--method', 'logging/setLevel', '--log-level', 'error'])).toEqual({});
  }, 240_000);
});
