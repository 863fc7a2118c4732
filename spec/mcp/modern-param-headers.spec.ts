/**
 * MCP 2026-07-28 (SEP-2243): an argument whose schema property says `x-mcp-header: Name` is
 * mirrored by the client in the `Mcp-Param-Name` header (as it is, or `=?base64?…?=`), for proxies
 * and gateways that route on headers; the endpoint refuses a call whose header is missing or says
 * something else (400, `HeaderMismatch` -32020). Raw POSTs against `serveMcpHttp` on a free port.
 */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { serveMcpHttp, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { modern } from './fixtures/http';

const route = Tool.fromJsonSchema(
  {
    name: 'route',
    description: 'Runs a query in a region',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        query: { type: 'string' },
      },
      required: ['query'],
    },
  },
  (args) => `ran ${JSON.stringify(args)}`,
);

const b64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

describe('MCP 2026-07-28 Mcp-Param headers (x-mcp-header)', () => {
  let http: McpHttpEndpoint;
  let id = 0;

  beforeAll(async () => {
    http = await serveMcpHttp(new ToolSet([route]), { name: 'routing', version: '1.0.0' }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => http.close());

  async function call(
    args: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: { id?: unknown; result?: unknown; error?: { code: number; message: string } } }> {
    return modern(http.url, 'tools/call', { name: 'route', arguments: args }, { id: ++id, headers });
  }

  it('lists the annotation as written', async () => {
    const { result } = (await modern(http.url, 'tools/list', {}, { id: 1 })).body as { result: { tools: { inputSchema: unknown }[] } };
    expect(JSON.stringify(result.tools[0]!.inputSchema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          priority: { type: 'integer', 'x-mcp-header': 'Priority' },
          query: { type: 'string' },
        },
        required: ['query'],
      }),
    );
  });

  it('runs a call whose headers say what its arguments say: as they are, in Base64, numbers compared as numbers', async () => {
    const served = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'routing', version: '1.0.0' } } };
    const ran = (args: object) => ({ content: [{ type: 'text', text: `ran ${JSON.stringify(args)}` }], resultType: 'complete', ...served });
    for (const [args, headers] of [
      [
        { region: 'eu-west', priority: 3, query: 'q' },
        { 'Mcp-Param-Region': 'eu-west', 'Mcp-Param-Priority': '3' },
      ],
      [{ region: 'Zürich ', query: 'q' }, { 'Mcp-Param-Region': b64('Zürich ') }],
      [{ region: 'SGVsbG8=', query: 'q' }, { 'Mcp-Param-Region': 'SGVsbG8=' }],
      [{ query: 'no region, no header' }, {}],
    ] as const) {
      const r = await call(args, headers);
      expect([r.status, r.body.id, r.body.result]).toEqual([200, id, ran(args)]);
    }
    // A null carries no header: the header check lets it through, and the tool's own schema refuses it.
    const nullRegion = await call({ region: null, query: 'null: no header' }, {});
    expect([nullRegion.status, nullRegion.body.id, nullRegion.body.result]).toEqual([
      200,
      id,
      { content: [{ type: 'text', text: "Argument 'region' must be string." }], isError: true, resultType: 'complete', ...served },
    ]);
  });

  it('refuses a missing, different or badly encoded header: 400, -32020, the request id', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'Mcp-Param-Region': 'us-east' },
      { 'Mcp-Param-Region': '=?base64?ZXUtd2VzdA?=' },
      { 'Mcp-Param-Region': '=?base64?ZXUt!!!d2VzdA==?=' },
    ];
    for (const headers of refused) {
      const r = await call({ region: 'eu-west', query: 'q' }, headers);
      expect(r.status).toBe(400);
      expect(r.body.id).toBe(id);
      expect(r.body.error?.code).toBe(-32020);
      expect(r.body.error?.message).toMatch(/^Header mismatch: /);
    }
    const number = await call({ region: 'eu-west', priority: 3, query: 'q' }, { 'Mcp-Param-Region': 'eu-west', 'Mcp-Param-Priority': '4' });
    expect(number.body.error?.message).toBe("Header mismatch: the Mcp-Param-Priority header does not match the argument 'priority'");
  });
});
