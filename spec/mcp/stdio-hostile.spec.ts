import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ChildProcess } from 'node:child_process';
import { BoundedStdioTransport } from '../../lib/mcp';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Issue 15: over stdio, one line of 50 MB made the server exit with code 0 and nothing on stderr
 * (the SDK's transport closes when its 10 MB buffer overflows). Now the line is dropped as it
 * arrives, answered with a JSON-RPC error, reported on stderr, and the server goes on serving.
 */

function lines(stream: PassThrough): string[] {
  const out: string[] = [];
  let rest = '';
  stream.on('data', (c: Buffer) => {
    const parts = (rest + c.toString('utf8')).split('\n');
    rest = parts.pop()!;
    out.push(...parts);
  });
  return out;
}

describe('issue 15: stdio that survives', () => {
  it('the transport: an over-long line, a line that is not JSON, one that is not JSON-RPC: an error each, then a message is read', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const written = lines(stdout);
    const reported = lines(stderr);
    const transport = new BoundedStdioTransport({ stdin, stdout, stderr, maxLineBytes: 1024 });
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (m) => received.push(m);
    await transport.start();
    // 5,000 bytes in chunks of 100: the line is dropped as it arrives.
    for (let i = 0; i < 50; i++) stdin.write('x'.repeat(100));
    stdin.write('\n{not json\n{"jsonrpc":"2.0","id":7}\n');
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual([
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Request too large: a message longer than 1024 bytes was dropped."}}',
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not JSON."}}',
      '{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"Invalid Request: the line is not a JSON-RPC 2.0 message."}}',
    ]);
    expect(reported).toEqual(['mcp stdio: a line longer than 1024 bytes was dropped; the server goes on.']);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    await transport.close();
  });

  it('a broken stdout is a failure: reported on stderr, the exit code set to 1, the transport closed', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const reported = lines(stderr);
    const transport = new BoundedStdioTransport({ stdin, stdout, stderr });
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    transport.onerror = () => undefined;
    await transport.start();
    const before = process.exitCode;
    try {
      stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      await new Promise((r) => setImmediate(r));
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
    }
    expect(closed).toBe(true);
    expect(reported).toEqual(['mcp stdio: transport failed: Error: write EPIPE']);
  });

  it('npm run mcp: a 50 MB line is answered and dropped, the real SDK client goes on, the exit code is 0 only for a normal end', async () => {
    const root = path.resolve(__dirname, '../..');
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(root, 'scripts', 'mcp.js')], cwd: root, stderr: 'pipe' });
    const stderr: string[] = [];
    transport.stderr?.on('data', (c: Buffer) => stderr.push(c.toString('utf8')));
    const client = new Client({ name: 'spec', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    const child = (transport as unknown as { _process: ChildProcess })._process;
    // 'close': the process has exited and its pipes are closed (none outlives the file).
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    try {
      const before = await client.listTools();
      // 50 MB of one JSON string, in one line, written as a client would.
      const chunk = 'a'.repeat(1024 * 1024);
      await new Promise<void>((resolve) => {
        child.stdin!.write('{"jsonrpc":"2.0","id":999,"method":"tools/call","params":{"name":"x","arguments":{"s":"');
        let i = 0;
        const next = (): void => {
          while (i < 50) {
            i++;
            if (!child.stdin!.write(chunk)) return void child.stdin!.once('drain', next);
          }
          child.stdin!.write('"}}}\n', () => resolve());
        };
        next();
      });
      const after = await client.listTools();
      expect(after.tools.map((t) => t.name)).toEqual(before.tools.map((t) => t.name));
      const first = after.tools[0]!;
      const bad = await client.callTool({ name: first.name, arguments: { no_such_argument: 1 } });
      expect(bad.isError).toBe(true);
      expect(stderr.join('')).toContain('mcp stdio: a line longer than 16777216 bytes was dropped; the server goes on.');
    } finally {
      await client.close();
    }
    // The client closed stdin: a normal end.
    expect(await exited).toBe(0);
  }, 180_000);
});
