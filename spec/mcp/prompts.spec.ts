/**
 * The promises of docs/prompts-resources.md that lib/mcp/prompts.ts keeps, each asked through the
 * real MCP SDK v1 client: an unknown URI is -32002 with the URI in `data`; template values are
 * percent-decoded; fixed resources are tried before templates; a URI is at most 2,048 characters;
 * a connection holds at most 1,000
 * subscriptions; `visibleServed` hides an item from subscribe and complete too, and a rule that
 * throws hides it; a completer is told the other arguments.
 */
import 'reflect-metadata';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Param, Prompt, Resource, ResourceTemplate, ToolSet } from 'tool-signatures';
import { createMcpServer } from 'tool-signatures/mcp';
import { connectV1, type Connected } from '../helpers/mcp-client';

const told: unknown[] = [];

class Library {
  @Resource('books://featured', { description: 'The featured book' })
  featured(): string {
    return 'the fixed resource';
  }

  @ResourceTemplate('books://{title}', { description: 'A book by title' })
  book(title: string): string {
    return `template: ${title}`;
  }

  @Prompt({ description: 'Recommends a book' })
  recommend(
    genre: string,
    @Param({
      complete: (typed: string, context: { arguments?: Record<string, string> }) => {
        told.push(context.arguments);
        return ['dune', 'emma'].filter((t) => t.startsWith(typed));
      },
    })
    title: string,
  ): string {
    return `${genre}: ${title}`;
  }

  @Prompt({ description: 'A secret prompt' })
  secret(): string {
    return 'secret';
  }

  @Resource('books://secret', { description: 'A secret book' })
  secretBook(): string {
    return 'secret';
  }
}

const info = { name: 'library', version: '1.0.0' };

async function rpcError(p: Promise<unknown>): Promise<{ code: number; message: string; data: unknown }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof McpError) return { code: e.code, message: e.message, data: e.data };
    throw e;
  }
  throw new Error('expected a JSON-RPC error');
}

describe('resources', () => {
  let c: Connected;
  beforeAll(async () => {
    c = await connectV1(createMcpServer(new ToolSet([new Library()]), info));
  });
  afterAll(() => c.close());

  it('an unknown URI is -32002 with the URI in its data ({ uri }, SEP-2164)', async () => {
    expect(await rpcError(c.client.readResource({ uri: 'shelf://none' }))).toEqual({
      code: -32002,
      message: "MCP error -32002: Unknown resource 'shelf://none'.",
      data: { uri: 'shelf://none' },
    });
  });

  it('template values are percent-decoded before the method sees them', async () => {
    expect(await c.client.readResource({ uri: 'books://War%20%26%20Peace' })).toEqual({
      contents: [{ uri: 'books://War%20%26%20Peace', mimeType: 'text/plain', text: 'template: War & Peace' }],
    });
  });

  it('a fixed resource is tried before a template that also matches its URI', async () => {
    expect(await c.client.readResource({ uri: 'books://featured' })).toEqual({
      contents: [{ uri: 'books://featured', mimeType: 'text/plain', text: 'the fixed resource' }],
    });
  });

  it('a URI of 2,048 characters is matched; a longer one is an unknown resource to read and subscribe', async () => {
    const longest = `books://${'t'.repeat(2048 - 'books://'.length)}`;
    expect((await c.client.readResource({ uri: longest })).contents).toEqual([{ uri: longest, mimeType: 'text/plain', text: `template: ${'t'.repeat(2040)}` }]);
    const beyond = `${longest}t`;
    // The text shows the URI's first 256 characters; data.uri, its first 2,048.
    const unknown = { code: -32002, message: `MCP error -32002: Unknown resource '${beyond.slice(0, 256)}…'.`, data: { uri: longest } };
    expect(await rpcError(c.client.readResource({ uri: beyond }))).toEqual(unknown);
    expect(await rpcError(c.client.subscribeResource({ uri: beyond }))).toEqual(unknown);
  });

  it('a connection holds at most 1,000 subscriptions', async () => {
    for (let i = 0; i < 1000; i++) await c.client.subscribeResource({ uri: `books://b${i}` });
    expect(await rpcError(c.client.subscribeResource({ uri: 'books://b1000' }))).toEqual({
      code: -32600,
      message: 'MCP error -32600: This connection is subscribed to 1000 resources, the most it may be; unsubscribe from one first.',
      data: undefined,
    });
    // A subscription given back makes room for another.
    await c.client.unsubscribeResource({ uri: 'books://b0' });
    await c.client.subscribeResource({ uri: 'books://b1000' });
  });
});

describe('completion', () => {
  it('a completer is told the text typed and the other arguments the client has given', async () => {
    const c = await connectV1(createMcpServer(new ToolSet([new Library()]), info));
    try {
      told.length = 0;
      const answer = await c.client.complete({
        ref: { type: 'ref/prompt', name: 'recommend' },
        argument: { name: 'title', value: 'd' },
        context: { arguments: { genre: 'science fiction' } },
      });
      expect(answer).toEqual({ completion: { values: ['dune'], total: 1, hasMore: false } });
      expect(told).toEqual([{ genre: 'science fiction' }]);
    } finally {
      await c.close();
    }
  });
});

/** Completers that record the text they are given, or never answer. */
class Catalogue {
  static typed: string[] = [];

  @Prompt({ description: 'Finds a book' })
  find(
    @Param({
      complete: (typed: string) => {
        Catalogue.typed.push(typed);
        return ['dune'];
      },
    })
    title: string,
    @Param({ complete: () => new Promise<string[]>(() => undefined) }) shelf: string,
  ): string {
    return `${title} on ${shelf}`;
  }
}

describe('completion bounds (SECURITY.md: the typed text read is cut to 4,096 characters; a completer has 5 s)', () => {
  it('a completer is given at most the first 4,096 characters typed', async () => {
    const c = await connectV1(createMcpServer(new ToolSet([new Catalogue()]), info));
    try {
      Catalogue.typed = [];
      const typed = `d${'x'.repeat(9999)}`;
      const answer = await c.client.complete({ ref: { type: 'ref/prompt', name: 'find' }, argument: { name: 'title', value: typed } });
      expect(answer).toEqual({ completion: { values: ['dune'], total: 1, hasMore: false } });
      expect(Catalogue.typed).toEqual([typed.slice(0, 4096)]);
    } finally {
      await c.close();
    }
  });

  it('a completer that never answers gives no values after 5 s, not before (the timer is the bound under test: faked)', async () => {
    jest.useFakeTimers();
    try {
      const find = new ToolSet([new Catalogue()]).prompt('find')!;
      let settled: unknown;
      const pending = find.complete('shelf', '').then((v) => (settled = v));
      await jest.advanceTimersByTimeAsync(4999);
      expect(settled).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toEqual({ values: [], total: 0, hasMore: false });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('visibleServed', () => {
  it('a hidden prompt is unknown to get and complete; a resource whose rule throws is hidden, unknown to subscribe and read', async () => {
    const set = new ToolSet([new Library()], {
      visibleServed: (item) => {
        if (item.name === 'secret') return false;
        if ('uri' in item && item.uri === 'books://secret') throw new Error('the rule failed');
        return true;
      },
    });
    const c = await connectV1(createMcpServer(set, info));
    try {
      expect((await c.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['recommend']);
      expect((await c.client.listResources()).resources.map((r) => r.uri)).toEqual(['books://featured']);
      expect(await rpcError(c.client.getPrompt({ name: 'secret' }))).toEqual({
        code: -32602,
        message: "MCP error -32602: Unknown prompt 'secret'. Available prompts: recommend.",
        data: undefined,
      });
      expect(await rpcError(c.client.subscribeResource({ uri: 'books://secret' }))).toEqual({
        code: -32002,
        message: "MCP error -32002: Unknown resource 'books://secret'.",
        data: { uri: 'books://secret' },
      });
      expect(await rpcError(c.client.readResource({ uri: 'books://secret' }))).toEqual({
        code: -32002,
        message: "MCP error -32002: Unknown resource 'books://secret'.",
        data: { uri: 'books://secret' },
      });
      expect(await rpcError(c.client.complete({ ref: { type: 'ref/prompt', name: 'secret' }, argument: { name: 'x', value: '' } }))).toEqual({
        code: -32602,
        message: "MCP error -32602: Unknown prompt 'secret'. Available prompts: recommend.",
        data: undefined,
      });
    } finally {
      await c.close();
    }
  });
});
