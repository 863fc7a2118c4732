/**
 * MCP 2026-07-28 caching hints (SEP-2549): a list that is the same for every caller may be kept by a
 * shared cache (`cacheScope: 'public'`); one that depends on who asks (a `visible` or `visibleServed`
 * rule) only by the caller (`'private'`), and a resource's content, read by a method that sees its
 * caller, is always `'private'`. Raw 2026-07-28 POSTs against `serveMcpHttp` on a free port.
 */
import 'reflect-metadata';
import { Prompt, Resource, Tool, ToolSet, type ToolSetOptions } from 'tool-signatures';
import { serveMcpHttp } from 'tool-signatures/mcp';
import { modern } from './fixtures/http';

class Served {
  @Tool({ description: 'Says hello' })
  hello(): string {
    return 'hello';
  }

  @Prompt({ description: 'A prompt' })
  greeting(): string {
    return 'Greet the user.';
  }

  @Resource('test://note', { name: 'Note', mimeType: 'text/plain' })
  note(): string {
    return 'a note';
  }
}

const LISTS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;

/** The `ttlMs`/`cacheScope` of each list and of `resources/read`, as a 2026-07-28 client reads them. */
async function hints(options: ToolSetOptions): Promise<Record<string, unknown>> {
  const http = await serveMcpHttp(new ToolSet([new Served()], options), { name: 'cached', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  try {
    const out: Record<string, unknown> = {};
    for (const [method, params] of [...LISTS.map((m) => [m, {}] as const), ['resources/read', { uri: 'test://note' }] as const]) {
      const { result } = (await modern<{ ttlMs?: unknown; cacheScope?: unknown }>(http.url, method, params)).body as {
        result: { ttlMs?: unknown; cacheScope?: unknown };
      };
      out[method] = { ttlMs: result.ttlMs, cacheScope: result.cacheScope };
    }
    return out;
  } finally {
    await http.close();
  }
}

describe('MCP 2026-07-28 caching hints', () => {
  it("marks the lists 'public' when every caller sees the same, and a resource's content 'private'", async () => {
    expect(await hints({})).toEqual({
      'tools/list': { ttlMs: 0, cacheScope: 'public' },
      'prompts/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/read': { ttlMs: 0, cacheScope: 'private' },
    });
  });

  it("marks 'private' the lists that a visible or visibleServed rule makes depend on the caller", async () => {
    expect(await hints({ visible: () => true })).toEqual({
      'tools/list': { ttlMs: 0, cacheScope: 'private' },
      'prompts/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 0, cacheScope: 'public' },
      'resources/read': { ttlMs: 0, cacheScope: 'private' },
    });
    expect(await hints({ visibleServed: () => true })).toEqual({
      'tools/list': { ttlMs: 0, cacheScope: 'public' },
      'prompts/list': { ttlMs: 0, cacheScope: 'private' },
      'resources/list': { ttlMs: 0, cacheScope: 'private' },
      'resources/templates/list': { ttlMs: 0, cacheScope: 'private' },
      'resources/read': { ttlMs: 0, cacheScope: 'private' },
    });
  });
});
