import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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
    // The server's exit code, reported on stderr by the shell that runs it (the SDK transport keeps its process to itself).
    const transport = new StdioClientTransport({
      command: 'sh',
      args: ['-c', '"$0" "$1"; echo "exit code $?" >&2', process.execPath, path.join(root, 'scripts', 'mcp.js')],
      cwd: root,
      stderr: 'pipe',
    });
    const stderr: string[] = [];
    transport.stderr?.on('data', (c: Buffer) => stderr.push(c.toString('utf8')));
    const client = new Client({ name: 'spec', version: '1.0.0' });
    const errors: Error[] = [];
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    try {
      const before = await client.listTools();
      // 50 MB of one JSON string, in one line, sent through the client's own transport.
      await transport.send({ jsonrpc: '2.0', id: 999, method: 'tools/call', params: { name: 'x', arguments: { s: 'a'.repeat(50 * 1024 * 1024) } } });
      const after = await client.listTools();
      expect(after.tools.map((t) => t.name)).toEqual(before.tools.map((t) => t.name));
      const first = after.tools[0]!;
      const bad = await client.callTool({ name: first.name, arguments: { no_such_argument: 1 } });
      expect([bad.isError, bad.content]).toEqual([true, [{ type: 'text', text: `Argument 'no_such_argument' is not a parameter of tool '${first.name}'.` }]]);
      // The dropped line was answered with id null (the exact answer: the transport spec above), which
      // the SDK client reports as one message it cannot read; nothing else went wrong.
      expect(errors.length).toBe(1);
      expect(stderr.join('')).toContain('mcp stdio: a line longer than 16777216 bytes was dropped; the server goes on.');
    } finally {
      // The client ends stdin and waits for the process to exit.
      await client.close();
    }
    // The client closed stdin: a normal end.
    expect(
      stderr
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('exit code')),
    ).toEqual(['exit code 0']);
  }, 180_000);
});
