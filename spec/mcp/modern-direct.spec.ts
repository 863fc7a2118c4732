/**
 * The direct path of MCP 2026-07-28 (lib/mcp/modern/direct.ts) answers a plain `tools/call` or
 * `tools/list` exactly as the SDK's v2 server does: each request below is sent twice to one
 * `serveMcpHttp` endpoint, once as the direct path takes it, once from a client that also declares
 * `roots` (a client that could be asked is always served by the SDK's v2 server; these tools ask
 * nothing of roots, so the answer must not change). Status, content type and JSON body must be equal
 * byte for byte. The direct answer carries a Content-Length (the SDK's streams its body chunked):
 * that tells which path answered.
 */
import 'reflect-metadata';
import { Int32, Param, Part, Prop, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { MODERN, raw } from './fixtures/http';
import { Forecast, PNG } from './fixtures/results';

class City {
  @Prop() city!: string;
}

class Desk {
  @Tool({ description: 'Adds.' })
  add(@Param({ type: Int32 }) a: number, @Param({ type: Int32 }) b: number): number {
    return a + b;
  }

  @Tool({ description: 'The forecast for a city.', returns: () => Forecast })
  forecast(@Param({ description: 'Where' }) city: string): Forecast {
    return Object.assign(new Forecast(), { city, high: city.length });
  }

  @Tool({ description: 'A picture with a caption.' })
  picture(): Part[] {
    return [Part.text('a dot'), Part.image('image/png', PNG)];
  }

  @Tool({ description: 'Always fails.' })
  fail(): string {
    throw new Error('the oven is cold');
  }

  @Tool({ description: 'Asks the user a question.' })
  async ask(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ city: string }>(City, 'Which city?', { key: 'city' });
    return JSON.stringify(answer);
  }

  @Tool({ description: 'Logs and reports progress.' })
  async chatty(ctx: ToolContext): Promise<string> {
    await ctx.log('warning', 'careful');
    await ctx.progress(1, 2, 'half');
    return 'done';
  }

  @Tool({ description: 'Admins only.' })
  admin_purge(): string {
    return 'purged';
  }
}

const set = () => new ToolSet([new Desk()], { visible: (tool, ctx) => !tool.name.startsWith('admin_') || ctx.caller.headers?.['x-role'] === 'admin' });

interface Answer {
  status: number;
  type: string | undefined;
  direct: boolean;
  body: string;
}

/** A POST, its answer as the comparison reads it (a Content-Length tells the direct path). */
async function post(url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  const r = await raw(url, { headers, body });
  return { status: r.status, type: r.headers['content-type'], direct: r.headers['content-length'] !== undefined, body: r.text };
}

interface Case {
  method: string;
  params: Record<string, unknown>;
  id?: number | string;
  headers?: Record<string, string>;
  meta?: Record<string, unknown>;
  /** Whether the direct path takes it. */
  direct: boolean;
  /** Refused by the endpoint before either path. */
  refused?: true;
}

const cases: Record<string, Case> = {
  'an ok call': { method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } }, direct: true },
  'an ok call with a string id and no clientInfo': { method: 'tools/call', params: { name: 'add', arguments: { a: 3, b: 4 } }, id: 'x-1', direct: true },
  'a structured result': { method: 'tools/call', params: { name: 'forecast', arguments: { city: 'Oslo' } }, direct: true },
  'an image': { method: 'tools/call', params: { name: 'picture', arguments: {} }, direct: true },
  'a call without arguments': { method: 'tools/call', params: { name: 'picture' }, direct: true },
  'a tool error': { method: 'tools/call', params: { name: 'fail', arguments: {} }, direct: true },
  'invalid arguments': { method: 'tools/call', params: { name: 'add', arguments: { a: 'one' } }, direct: true },
  'an unknown tool': { method: 'tools/call', params: { name: 'nope', arguments: {} }, direct: true },
  'a hidden tool': { method: 'tools/call', params: { name: 'admin_purge', arguments: {} }, direct: true },
  'a hidden tool, to its caller': { method: 'tools/call', params: { name: 'admin_purge', arguments: {} }, headers: { 'x-role': 'admin' }, direct: true },
  'a question the client cannot be asked (-32021)': { method: 'tools/call', params: { name: 'ask', arguments: {} }, direct: true },
  'a wrong Mcp-Name header': {
    method: 'tools/call',
    params: { name: 'add', arguments: { a: 1, b: 2 } },
    headers: { 'mcp-name': 'fail' },
    direct: false,
    refused: true,
  },
  'tools/list': { method: 'tools/list', params: {}, direct: true },
  'tools/list, to an admin': { method: 'tools/list', params: {}, headers: { 'x-role': 'admin' }, direct: true },
  'a call with a progress token': { method: 'tools/call', params: { name: 'chatty', arguments: {} }, meta: { progressToken: 7 }, direct: false },
  'a call with its own log level': {
    method: 'tools/call',
    params: { name: 'chatty', arguments: {} },
    meta: { 'io.modelcontextprotocol/logLevel': 'debug' },
    direct: false,
  },
  'a call without its Mcp-Name header': {
    method: 'tools/call',
    params: { name: 'add', arguments: { a: 1, b: 2 } },
    headers: { 'mcp-name': '' },
    direct: false,
  },
  'tools/list with a cursor': { method: 'tools/list', params: { cursor: 'abc' }, direct: false },
};

describe('the direct path of MCP 2026-07-28', () => {
  let http: McpHttpEndpoint;
  beforeAll(async () => {
    http = await serveMcpHttp(set(), { name: 'desk', version: '1.0.0' });
  });
  afterAll(() => http.close());

  const send = (c: Case, declared: Record<string, unknown>, accept: string): Promise<Answer> => {
    const name = c.params.name;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept,
      'mcp-protocol-version': MODERN,
      'mcp-method': c.method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...c.headers,
    };
    if (headers['mcp-name'] === '') delete headers['mcp-name'];
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      ...(typeof c.id === 'string' ? {} : { 'io.modelcontextprotocol/clientInfo': { name: 'spec', version: '1.0.0' } }),
      'io.modelcontextprotocol/clientCapabilities': declared,
      ...c.meta,
    };
    return post(http.url, headers, JSON.stringify({ jsonrpc: '2.0', id: c.id ?? 5, method: c.method, params: { ...c.params, _meta: meta } }));
  };

  it.each(Object.keys(cases))('answers %s as the SDK v2 server does', async (title) => {
    const c = cases[title]!;
    for (const accept of ['application/json, text/event-stream', 'application/json']) {
      const direct = await send(c, {}, accept);
      const general = await send(c, { roots: {} }, accept);
      if (c.refused === undefined) {
        expect(general.direct).toBe(false);
        expect(direct.direct).toBe(c.direct);
      }
      expect({ status: direct.status, type: direct.type, body: direct.body }).toEqual({ status: general.status, type: general.type, body: general.body });
    }
  });

  it('answers with the SDK v2 server what a client that declares elicitation may be asked', async () => {
    const asked = await send(cases['a question the client cannot be asked (-32021)']!, { elicitation: { form: {} } }, 'application/json');
    expect(asked.direct).toBe(false);
    expect(JSON.parse(asked.body)).toMatchObject({ id: 5, result: { resultType: 'input_required' } });
  });
});
