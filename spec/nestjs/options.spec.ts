/**
 * Every option of `ToolsModule.forRoot` has an effect: programs/options.ts starts a real NestJS 12
 * HTTP application (@nestjs/platform-express) with each option and without it, and observes both
 * through the real MCP SDK client (or raw HTTP where the option is about HTTP). Its rows are
 * `Record<keyof ToolsModuleOptions, …>` and `Record<keyof mcp options, …>`: a newly typed option
 * without a row does not compile, and a row whose option changes nothing fails here.
 */
import { runProgram } from '../helpers/programs';

type Observed = Record<'module' | 'mcp', Record<string, { with: unknown; without?: unknown }>> & {
  startup: Record<'forRoot' | 'forRootAsync', Record<string, string>>;
};

let out: Observed;

beforeAll(async () => {
  out = await runProgram<Observed>('spec/nestjs/programs/options.ts', ['spec/nestjs', 'lib/nestjs']);
}, 240_000);

const rows = (): [string, string][] => (['module', 'mcp'] as const).flatMap((table) => Object.keys(out[table]).map((key): [string, string] => [table, key]));

it('every typed option has a row, and each row that can wait for its default shows a difference', () => {
  expect(Object.keys(out.module)).toEqual([
    'limits',
    'approve',
    'visible',
    'visibleServed',
    'errorText',
    'scoped',
    'mcp',
    'global',
    'input',
    'prefix',
    'strictTypes',
  ]);
  expect(Object.keys(out.mcp)).toEqual([
    'path',
    'info',
    'allowedOrigins',
    'allowedHosts',
    'maxBodyBytes',
    'bodyTimeoutMs',
    'maxConcurrentRequests',
    'maxOpenStreams',
    'maxListenStreams',
    'maxListenStreamsPerClient',
    'listenIdleTimeoutMs',
    'maxListenResources',
    'publicOrigin',
    'cors',
    'health',
    'keepAliveMs',
    'sessions',
    'auth',
    'exposeCredentials',
    'tracing',
    'bus',
    'tasks',
    'requestStateKey',
    'rateLimit',
  ]);
  for (const [table, key] of rows()) {
    const row = out[table as 'module' | 'mcp'][key]!;
    if ('without' in row) expect([table, key, row.with]).not.toEqual([table, key, row.without]);
  }
});

const STATELESS_APPROVAL = "Tool 'transfer' was not approved: it needs the user's approval, and this MCP endpoint is stateless";

describe('the options of the tool set', () => {
  it('limits: the arguments are held to the given limits', () => {
    expect(out.module.limits).toEqual({ with: 'Arguments are too long: 59 characters, the limit is 40.', without: `order ${'x'.repeat(50)}` });
  });

  it("approve: decides the approval of a tool that requires one (instead of the client's question, which a stateless endpoint cannot ask)", () => {
    const { with: given, without } = out.module.approve as { with: string[]; without: string[] };
    expect(given).toEqual(['transferred 20', "Tool 'transfer' was not approved: over 100 needs a second signature."]);
    expect(without.map((t) => t.startsWith(STATELESS_APPROVAL))).toEqual([true, true]);
  });

  it('visible: a hidden tool is not listed and is an unknown tool to that caller; a caller who may see it calls it', () => {
    expect(out.module.visible).toEqual({
      with: {
        listed: false,
        called: "Unknown tool 'admin_reset'. Available tools: lookup, transfer, report, credentials, hold, place, session_note.",
        admin: 'books reset',
      },
      without: { listed: true, called: 'books reset', admin: 'books reset' },
    });
  });

  it('visibleServed: a hidden resource is not listed and reads as an unknown one (-32002)', () => {
    expect(out.module.visibleServed).toEqual({
      with: { listed: ['menu://today'], read: "MCP error -32002: Unknown resource 'secret://payroll'." },
      without: { listed: ['menu://today', 'secret://payroll'], read: [{ uri: 'secret://payroll', mimeType: 'text/plain', text: 'salaries' }] },
    });
  });

  it('errorText: a failure tells the model what errorText says, not the connection string the error held', () => {
    expect(out.module.errorText).toEqual({
      with: "Tool 'report' failed; the details are in the server's log.",
      without: "Tool 'report' failed: Error: connect ECONNREFUSED postgres://app:DB-PASSWORD@db.internal:5432/app",
    });
  });
});

describe('the options of the module', () => {
  it("scoped: 'refuse' fails the start, naming the request-scoped provider", () => {
    expect(out.module.scoped).toEqual({
      with: {
        failedToStart:
          "Error: SessionNotes (AppModule) has @Tool methods and is request-scoped (or depends on a request-scoped provider), which ToolsModule was told to refuse (scoped: 'refuse'). Make it a singleton, or remove the option to resolve it per call.",
      },
      without: 'noted',
    });
  });

  it('mcp: serves the endpoint at its path', () => {
    expect(out.module.mcp).toEqual({ with: 200, without: 404 });
  });

  it('global: false keeps ToolRegistry to the modules that import ToolsModule', () => {
    expect(out.module.global).toEqual({
      with: {
        failedToStart:
          "Error: Nest can't resolve dependencies of the Consumer (?). Please make sure that the argument ToolRegistry at index [0] is available in the ConsumerModule module.",
      },
      without: true,
    });
  });

  it("input: 'dto' makes a tool's one DTO parameter its whole input, as a controller takes a body", () => {
    expect(out.module.input).toEqual({
      with: { properties: ['customer', 'note'], called: 'order for Ada' },
      without: { properties: ['order'], called: "Argument 'order' is required.\nArgument 'customer' is not a parameter of tool 'place'." },
    });
  });

  it("prefix: a function of the provider's class prefixes the names of that provider's tools", () => {
    expect(out.module.prefix).toEqual({
      with: ['desk_lookup', 'desk_admin_reset', 'desk_transfer', 'desk_report', 'desk_credentials', 'desk_hold', 'desk_place', 'session_note'],
      without: ['lookup', 'admin_reset', 'transfer', 'report', 'credentials', 'hold', 'place', 'session_note'],
    });
  });

  it('strictTypes: a DTO property no source types fails the start with OLT016, naming the property and the fix', () => {
    expect(out.module.strictTypes).toEqual({
      with: {
        failedToStart:
          "ToolDefinitionError: OLT016: Cannot build tool 'place' (Desk.place), parameter #0 'order', property OrderDto.note: no source names its type (its design type was erased, and no hint, plugin type, class-validator type rule or @nestjs/swagger type names it), so it accepts any JSON value, as class-validator does. Name its type: a class-validator rule (@IsString(), @IsNumber(), @IsBoolean(), @IsEnum(E), or @ValidateNested() with @Type(() => Dto)), @Prop({ type: ... }), @ApiProperty({ type: ... }), or compile with the tool-signatures plugin.",
      },
      without: 'order for Ada',
    });
  });
});

describe('the options of the MCP endpoint (forRoot({ mcp }))', () => {
  it('path and info: where it answers, and the name and version it gives', () => {
    expect(out.mcp.path).toEqual({ with: [200, 404], without: [404, 200] });
    expect(out.mcp.info).toEqual({ with: { name: 'desk', version: '3.1.0' }, without: { name: 'nestjs-tools', version: '1.0.0' } });
  });

  it('allowedOrigins and allowedHosts admit a browser origin and a Host name that a loopback endpoint refuses by default', () => {
    expect(out.mcp.allowedOrigins).toEqual({ with: 200, without: 403 });
    expect(out.mcp.allowedHosts).toEqual({ with: 200, without: 403 });
  });

  it("maxBodyBytes: a declared body over the bound is refused (413), after Nest's body parser read it too", () => {
    expect(out.mcp.maxBodyBytes).toEqual({ with: 413, without: 200 });
  });

  it('bodyTimeoutMs: a body that stops arriving is answered 408 (where the endpoint reads the body: bodyParser: false)', () => {
    expect(out.mcp.bodyTimeoutMs).toEqual({ with: [408, 'Request Timeout: the body did not arrive within 50 ms'] });
  });

  it("maxConcurrentRequests and maxOpenStreams: one more request, or one more session request (answered on an SSE stream) while a call's stream is open, is answered 503", () => {
    expect(out.mcp.maxConcurrentRequests).toEqual({ with: ['held', 503], without: ['held', 200] });
    expect(out.mcp.maxOpenStreams).toEqual({ with: ['held', 503, 'Service Unavailable: too many open streams'], without: ['held', 200] });
  });

  it("maxListenStreams and maxListenStreamsPerClient: sessions' GET streams are listen streams; one more than either bound is answered 503", () => {
    expect(out.mcp.maxListenStreams).toEqual({ with: [200, 503, 'Service Unavailable: too many listen streams are open (1)'], without: [200, 200] });
    expect(out.mcp.maxListenStreamsPerClient).toEqual({
      with: [200, 503, 'Service Unavailable: this client holds its share of listen streams (1); close one first'],
      without: [200, 200],
    });
  });

  it('listenIdleTimeoutMs: a GET stream on which nothing was sent for that long is ended by the server', () => {
    expect(out.mcp.listenIdleTimeoutMs).toEqual({ with: [200, 'closed by the server'] });
  });

  it('maxListenResources: a 2026-07-28 subscriptions/listen naming more URIs is refused (-32602)', () => {
    expect(out.mcp.maxListenResources).toEqual({
      with: [400, { code: -32602, message: 'Invalid params: the listen names 2 resource URIs; a listen stream may name at most 1.' }],
      without: 200,
    });
  });

  it("publicOrigin, cors, health: a proxy's Host and Origin admitted, a browser's preflight answered, a health route served", () => {
    expect(out.mcp.publicOrigin).toEqual({ with: 200, without: 403 });
    expect(out.mcp.cors).toEqual({ with: [204, 'http://localhost:5173'], without: [405, 'no Access-Control-Allow-Origin'] });
    expect(out.mcp.health).toEqual({ with: [200, '{"status":"ok"}'], without: [404, 'not found'] });
  });

  it('keepAliveMs: an open stream gets an SSE comment that often', () => {
    expect(out.mcp.keepAliveMs).toEqual({ with: 'an SSE comment' });
  });

  it('sessions, auth, exposeCredentials: a session id, a 401 without a token, the credential headers shown to tools', () => {
    expect(out.mcp.sessions).toEqual({ with: [true, true], without: [false, false] });
    expect(out.mcp.auth).toEqual({ with: 401, without: 200 });
    expect(out.mcp.exposeCredentials).toEqual({ with: 'Bearer t0ken', without: 'not shown' });
  });

  it('tasks: a tool given a task mode answers a 2026-07-28 call of a client that declares the extension with a task', () => {
    expect(out.mcp.tasks).toEqual({ with: 'task', without: 'complete' });
  });

  it("requestStateKey: a 2026-07-28 question asked by this application (its list's first key signing) is answered on a replica with that key", () => {
    expect(out.mcp.requestStateKey).toEqual({ with: 'transferred 500', without: 'Invalid or expired requestState' });
  });

  it('requestStateKey: a key under 32 bytes is refused when the application starts (forRoot as it is declared, forRootAsync at app.init()), naming the option and the minimum', () => {
    const refusal =
      'RangeError: requestStateKey must be at least 32 bytes (got 31): it signs the MCP 2026-07-28 requestState with HMAC-SHA256; give 32 random bytes or more (the same on every replica).';
    expect(out.startup).toEqual({ forRoot: { 31: refusal, 32: 'declared' }, forRootAsync: { 31: refusal, 32: 'started' } });
  });

  it('tracing and rateLimit: spans on the given tracer; a call over the limit is not run', () => {
    expect(out.mcp.tracing).toEqual({ with: ['initialize', 'tools/call lookup'], without: [] });
    expect(out.mcp.rateLimit).toEqual({
      with: ['order A-1', "Tool 'lookup' was not run: too many calls from this caller (limit 1 per 3600 s); try again in 3600 s."],
      without: ['order A-1', 'order A-2'],
    });
  });

  it('bus: a change published on the shared bus (as by another replica) reaches a session subscribed to the resource', () => {
    expect(out.mcp.bus).toEqual({ with: 'menu://today' });
  });
});
