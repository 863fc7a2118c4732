/**
 * Issue 21: an approval question could hide what runs. The MCP server cut the arguments' JSON at
 * 2,000 characters, so a 2,250-character argument placed before the command pushed the command out
 * of the question the user approved; U+202E and C1 controls reached the question raw, in the MCP
 * elicitation and in the CLI's terminal prompt. Now every argument is shown (each long string
 * shortened to its start and end, no key dropped), hiding characters are written as `\uXXXX`
 * escapes, and a question that cannot be shown whole is not asked: the call is refused.
 */
import 'reflect-metadata';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Param, Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { compiled, node } from '../helpers/programs';

// Characters that hide or reorder text: none may reach a question raw.
// eslint-disable-next-line no-control-regex
const HIDING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

class Shell {
  readonly ran: string[] = [];

  @Tool({ description: 'Run a command.', requiresApproval: true })
  run(note: string, command: string, @Param({ type: () => [String] }) hosts: string[]): string {
    this.ran.push(command);
    return `ran ${command} on ${hosts.length} hosts`;
  }
}

/** A stateful endpoint on loopback, a real SDK client that accepts every question, and what it was asked. */
async function session(shell: Shell) {
  const http = await serveMcpHttp(new ToolSet([shell]), { name: 'shell', version: '1.0.0' }, { sessions: {} });
  const client = new Client({ name: 'spec', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept' };
  });
  await client.connect(new StreamableHTTPClientTransport(http.url));
  const call = async (args: Record<string, unknown>) => {
    const r = (await client.callTool({ name: 'run', arguments: args })) as { isError?: boolean; content: { text: string }[] };
    return [r.isError === true, r.content.map((c) => c.text).join('\n')];
  };
  return {
    asked,
    call,
    close: async () => {
      await client.close();
      await http.close();
    },
  };
}

describe('issue 21: the approval question shows what runs (MCP elicitation over HTTP)', () => {
  it('a 2,250-character argument before the command no longer pushes the command out: every key is shown, long values shortened to their start and end', async () => {
    const shell = new Shell();
    const s = await session(shell);
    try {
      const note = `${'a'.repeat(1200)}${'b'.repeat(1050)}`;
      expect(await s.call({ note, command: 'rm -rf /srv/data', hosts: ['db1', 'db2'] })).toEqual([false, 'ran rm -rf /srv/data on 2 hosts']);
      expect(s.asked).toEqual([
        `Allow tool 'run' to run with these arguments?\n{"note":"${'a'.repeat(120)}" … 2070 characters not shown … "${'b'.repeat(60)}","command":"rm -rf /srv/data","hosts":["db1","db2"]}`,
      ]);
    } finally {
      await s.close();
    }
  });

  it('bidirectional overrides, isolates, LRM/RLM and C0/C1 controls are written as \\u escapes', async () => {
    const shell = new Shell();
    const s = await session(shell);
    try {
      const command = 'echo safe \u202e\u2066\u2069\u200e\u200f\u0085\u009b2J\u001b[8m rm -rf /';
      await s.call({ note: 'n', command, hosts: ['\u202eh'] });
      expect(s.asked[0]).not.toMatch(HIDING);
      expect(s.asked[0]).toBe(
        "Allow tool 'run' to run with these arguments?\n" +
          '{"note":"n","command":"echo safe \\u202e\\u2066\\u2069\\u200e\\u200f\\u0085\\u009b2J\\u001b[8m rm -rf /","hosts":["\\u202eh"]}',
      );
      expect(shell.ran).toEqual([command]);
    } finally {
      await s.close();
    }
  });

  it('arguments that cannot be shown whole are not asked about: the call is refused and the tool does not run', async () => {
    const shell = new Shell();
    const s = await session(shell);
    try {
      const hosts = Array.from({ length: 2000 }, (_, i) => `host-${i}.example`);
      expect(await s.call({ note: 'n', command: 'reboot', hosts })).toEqual([
        true,
        "Tool 'run' was not approved: its arguments cannot be shown whole in an approval question (at most 8000 characters, every argument with long strings shortened).",
      ]);
      expect([s.asked, shell.ran]).toEqual([[], []]);
    } finally {
      await s.close();
    }
  });
});

describe("issue 21: the CLI's terminal question", () => {
  let outDir: string;

  beforeAll(async () => {
    outDir = await compiled(['lib/cli/index.ts', 'spec/mcp/fixtures/approval.ts'], ['lib/cli']);
  }, 180_000);

  /** Runs the CLI's main with a terminal that records the question it is asked and answers no. */
  async function ask(args: object): Promise<{ question: string; stdout: string }> {
    const program = `
      const { main } = require(${JSON.stringify(path.join(outDir, 'lib', 'cli', 'index.js'))});
      let question = '', stdout = '';
      main(['call', ${JSON.stringify(path.join(outDir, 'spec', 'mcp', 'fixtures', 'approval.js'))}, 'run', ${JSON.stringify(JSON.stringify(args))}], {
        cwd: process.cwd(), out: (t) => { stdout += t; }, err: () => {}, readStdin: async () => '',
        confirm: async (q) => { question = q; return false; },
      }).then(() => process.stdout.write(JSON.stringify({ question, stdout })));`;
    const r = await node(['-e', program]);
    if (r.code !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout) as { question: string; stdout: string };
  }

  it('shows every argument, long values shortened, hiding characters escaped', async () => {
    const note = 'x'.repeat(2250);
    const r = await ask({ note, command: 'echo \u202eftp.evil\u0085', hosts: ['h'] });
    expect(r.question).not.toMatch(HIDING);
    expect(r.question).toBe(
      `Allow tool 'run' to run with these arguments?\n{"note":"${'x'.repeat(120)}" … 2070 characters not shown … "${'x'.repeat(60)}","command":"echo \\u202eftp.evil\\u0085","hosts":["h"]}\n[y/N] `,
    );
    expect(r.stdout).toBe("Tool 'run' was not approved: refused on the terminal.\n");
  });
});
