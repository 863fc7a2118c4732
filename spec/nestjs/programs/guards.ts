/**
 * Guards and interceptors around tool calls, in a real NestJS 12 application context (loaded
 * through require(esm), see app.ts). Prints one JSON object that spec/nestjs/guards.spec.ts checks.
 */
import 'reflect-metadata';
import {
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Module,
  Scope,
  ServiceUnavailableException,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
  type ArgumentMetadata,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, APP_PIPE, ApplicationConfig, NestFactory, REQUEST, Reflector } from '@nestjs/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { IsPositive } from 'class-validator';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { map, tap, type Observable } from 'rxjs';
import { Prop, Tool, ToolContext, runToolCalls, type ToolResult } from 'tool-signatures';
import { ToolRegistry, ToolsModule, toolCallOf } from 'tool-signatures/nestjs';

// ---- an application's own enhancers, injectable, with dependencies

/** Who may do what: a provider the guards inject. */
@Injectable()
class Staff {
  readonly roles: Record<string, string[]> = { ana: ['admin'], bo: ['clerk'] };
  rolesOf(user: unknown): string[] {
    return typeof user === 'string' ? (this.roles[user] ?? []) : [];
  }
}

const Roles = (...roles: string[]) => SetMetadata('roles', roles);

interface Caller {
  user?: string;
  headers?: IncomingMessage['headers'];
}

function userOf(request: unknown): string | undefined {
  const r = request as Caller | undefined;
  const header = r?.headers?.['x-user'];
  return r?.user ?? (typeof header === 'string' ? header : undefined);
}

/** What the guards saw, in order. */
const seen: unknown[] = [];
/** Who called over MCP, as the guard reads it from the call's ToolContext. */
const callers: unknown[] = [];

/** `@Roles()` on the method or class, read with Reflector from the tool's handler and class; the user from the call's request. */
@Injectable()
class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly staff: Staff,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const wanted = this.reflector.getAllAndOverride<string[] | undefined>('roles', [context.getHandler(), context.getClass()]);
    const call = toolCallOf(context);
    seen.push({ guard: 'roles', tool: call?.tool, callId: call?.callId ?? null, wanted, user: userOf(call?.request) ?? null });
    const caller = call?.context.caller;
    if (caller?.via === 'mcp') callers.push({ via: caller.via, user: caller.headers?.['x-user'] ?? null });
    return wanted === undefined || this.staff.rolesOf(userOf(call?.request)).some((r) => wanted.includes(r));
  }
}

class RefundDto {
  @Prop() orderId!: string;
  @Prop() @IsPositive() amount!: number;
}

/** A guard that decides on the validated arguments: clerks refund up to 50. */
@Injectable()
class RefundLimitGuard implements CanActivate {
  constructor(private readonly staff: Staff) {}

  canActivate(context: ExecutionContext): boolean {
    const call = toolCallOf(context)!;
    const refund = call.arguments.refund as RefundDto;
    seen.push({ guard: 'limit', hydrated: refund instanceof RefundDto, amount: refund.amount });
    if (refund.amount > 50 && !this.staff.rolesOf(userOf(call.request)).includes('admin')) {
      throw new ForbiddenException(`Refunds over 50 need an admin; ${refund.amount} was asked`);
    }
    return true;
  }
}

/** Records the execution context a guard receives. */
let shape: unknown;
@Injectable()
class ShapeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const [request, ctx, info] = context.getArgs<[Caller | undefined, ToolContext, { tool: string; callId?: string; request?: Caller }]>();
    const rpc = context.switchToRpc();
    shape = {
      type: context.getType(),
      class: context.getClass().name,
      handlerIsTheMethod: context.getHandler() === Desk.prototype.note,
      request: request ?? null,
      httpRequest: context.switchToHttp().getRequest() === request,
      args: toolCallOf(context)!.arguments,
      contextIsToolContext: ctx instanceof ToolContext,
      contextHasServices: ctx.services.get(Staff) instanceof Staff,
      info: { tool: info.tool, callId: info.callId ?? null, request: info.request ?? null },
      rpcData: rpc.getData() === request,
      rpcContext: rpc.getContext() === ctx,
    };
    return true;
  }
}

/** What the interceptors saw, in order. */
const intercepted: unknown[] = [];

@Injectable()
class AuditInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = toolCallOf(context)!;
    intercepted.push(['before', call.tool, call.arguments]);
    return next.handle().pipe(
      tap({
        next: (value: unknown) => intercepted.push(['after', call.tool, value]),
        error: (e: unknown) => intercepted.push(['error', call.tool, e instanceof Error ? e.message : String(e)]),
      }),
    );
  }
}

@Injectable()
class ShoutInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((value: unknown) => String(value).toUpperCase()));
  }
}

@Injectable()
class BrokenInterceptor implements NestInterceptor {
  intercept(): Observable<unknown> {
    throw new Error('the audit store is down');
  }
}

@Injectable()
class RateLimitInterceptor implements NestInterceptor {
  intercept(): Observable<unknown> {
    throw new HttpException('Too many calls, try again in a minute', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** A guard with a bug: not an HttpException, so the call fails (it is not a refusal). */
@Injectable()
class BuggyGuard implements CanActivate {
  canActivate(): boolean {
    throw new TypeError("Cannot read properties of undefined (reading 'roles')");
  }
}

/** A server error (5xx) is a failure, not a refusal. */
@Injectable()
class LedgerGuard implements CanActivate {
  canActivate(): boolean {
    throw new ServiceUnavailableException('The ledger is offline');
  }
}

/** Global: registered with APP_GUARD, APP_INTERCEPTOR and APP_PIPE; the guard runs around every tool, the interceptor and the pipe around none. */
@Injectable()
class Maintenance {
  on = false;
}

@Injectable()
class MaintenanceGuard implements CanActivate {
  constructor(private readonly maintenance: Maintenance) {}

  canActivate(): boolean {
    return !this.maintenance.on;
  }
}

@Injectable()
class CountingInterceptor implements NestInterceptor {
  static calls: string[] = [];
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    CountingInterceptor.calls.push(`${context.getType()}:${toolCallOf(context)?.tool}`);
    return next.handle();
  }
}

@Injectable()
class CountingPipe implements PipeTransform {
  static calls: string[] = [];
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    CountingPipe.calls.push(metadata.type);
    return value;
  }
}

// ---- tool providers

const ran: string[] = [];

@Injectable()
@UseGuards(RolesGuard)
class Desk {
  @Tool({ description: 'Refund an order.' })
  @Roles('admin', 'clerk')
  @UseGuards(RefundLimitGuard)
  @UseInterceptors(AuditInterceptor)
  refund(refund: RefundDto): string {
    ran.push(`refund ${refund.orderId}`);
    return `refunded ${refund.amount} on ${refund.orderId}`;
  }

  @Tool({ description: 'Close the books.' })
  @Roles('admin')
  closeBooks(): string {
    ran.push('close_books');
    return 'books closed';
  }

  @Tool({ description: 'Leave a note.' })
  @UseGuards(ShapeGuard)
  @UseInterceptors(ShoutInterceptor)
  note(text: string, ctx: ToolContext): string {
    return `note for ${ctx.toolName}: ${text}`;
  }

  @Tool({ description: 'Audit something.' })
  @UseInterceptors(BrokenInterceptor)
  audit(): string {
    ran.push('audit');
    return 'audited';
  }

  @Tool({ description: 'Look a price up.' })
  @UseInterceptors(RateLimitInterceptor)
  price(): string {
    ran.push('price');
    return '1.00';
  }

  @Tool({ description: 'A tool behind a broken guard.' })
  @UseGuards(BuggyGuard)
  buggy(): string {
    ran.push('buggy');
    return 'ran';
  }

  @Tool({ description: 'Read the ledger.' })
  @UseGuards(LedgerGuard)
  ledger(): string {
    ran.push('ledger');
    return 'ledger';
  }

  @Tool({ description: 'Delete an order.', requiresApproval: true })
  @Roles('admin')
  deleteOrder(orderId: string): string {
    ran.push(`delete ${orderId}`);
    return `deleted ${orderId}`;
  }
}

/** Request-scoped, with its own REQUEST: the guard runs in the same DI sub-tree. */
@Injectable({ scope: Scope.REQUEST })
@UseGuards(RolesGuard)
class Till {
  constructor(@Inject(REQUEST) private readonly request: Caller | undefined) {}

  @Tool({ description: 'Open the till.' })
  @Roles('clerk')
  openTill(): string {
    return `till opened by ${userOf(this.request)}`;
  }
}

@Module({
  providers: [
    Staff,
    Maintenance,
    Desk,
    Till,
    { provide: APP_GUARD, useClass: MaintenanceGuard },
    { provide: APP_INTERCEPTOR, useClass: CountingInterceptor },
    { provide: APP_PIPE, useClass: CountingPipe },
  ],
})
class ShopModule {}

@Module({ imports: [ToolsModule.forRoot(), ShopModule] })
class AppModule {}

// ---- an application without global enhancers: only the tools that declare some are enhanced

@Injectable()
@UseGuards(RolesGuard)
class Storeroom {
  @Tool({ description: 'Restock.' })
  @Roles('admin')
  restock(): string {
    return 'restocked';
  }
}

@Injectable()
class Counter {
  @Tool({ description: 'Give a discount.' })
  @UseGuards(RolesGuard)
  @Roles('admin')
  discount(): string {
    return 'discounted';
  }

  @Tool({ description: 'Greet.' })
  @UseInterceptors(ShoutInterceptor)
  greet(): string {
    return 'hello';
  }

  @Tool({ description: 'Open the shop.' })
  @Roles('admin')
  open(): string {
    return 'open';
  }
}

@Module({ imports: [ToolsModule.forRoot()], providers: [Staff, Storeroom, Counter] })
class NoGlobalsModule {}

/** An instance guard, as `app.useGlobalGuards(new ClosedGuard())` registers one. */
class ClosedGuard implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

const quiet = { logger: false as const, abortOnError: false };
const view = (r: ToolResult) => [r.isError, r.parts.map((p) => ('text' in p ? p.text : JSON.stringify(p))).join('\n')];

async function main(): Promise<void> {
  const out: Record<string, unknown> = {};
  const app = await NestFactory.createApplicationContext(AppModule, quiet);
  const registry = app.get(ToolRegistry);
  const ana = { user: 'ana' };
  const bo = { user: 'bo' };
  const cy = { user: 'cy' };

  // Class guard + @Roles on the method: the caller's roles decide; a refusal is an error result, and the method does not run.
  out.roles = [
    view(await registry.invoke('close_books', {}, { request: ana })),
    view(await registry.invoke('close_books', {}, { request: bo })),
    view(await registry.invoke('close_books', {})),
  ];

  // A method guard that decides on the validated, hydrated arguments, after the class guard.
  seen.length = 0;
  out.refunds = [
    view(await registry.invoke('refund', { refund: { orderId: 'A-1', amount: 20 } }, { request: bo })),
    view(await registry.invoke('refund', { refund: { orderId: 'A-2', amount: 80 } }, { request: bo })),
    view(await registry.invoke('refund', { refund: { orderId: 'A-3', amount: 80 } }, { request: ana })),
    view(await registry.invoke('refund', { refund: { orderId: 'A-4', amount: 20 } }, { request: cy })),
  ];
  out.refundGuards = [...seen];

  // Arguments are validated first: the model learns what is wrong with them, refused caller or not; no guard runs.
  seen.length = 0;
  out.badArguments = [view(await registry.invoke('refund', { refund: { orderId: 'A-5', amount: -3 } }, { request: cy })), seen.length];

  // The interceptor saw the calls that passed the guards: before (the arguments) and after (the method's value).
  out.intercepted = intercepted.map((e) => JSON.parse(JSON.stringify(e)) as unknown);

  // The execution context a guard sees; an interceptor that maps the method's value.
  out.note = view(await registry.invoke('note', { text: 'call back' }, { request: ana, callId: 'call-7' }));
  out.shape = shape;

  // An interceptor that throws: a failure result; one that throws an HttpException before the method: a refusal; a broken guard: a failure.
  out.thrown = [
    view(await registry.invoke('audit', {})),
    view(await registry.invoke('price', {})),
    view(await registry.invoke('buggy', {})),
    view(await registry.invoke('ledger', {})),
  ];

  // A request-scoped provider: its guard runs per call, seeing the call's request, which the provider injects as REQUEST.
  out.till = [view(await registry.invoke('open_till', {}, { request: bo })), view(await registry.invoke('open_till', {}, { request: ana }))];

  // The global guard (APP_GUARD, injecting a provider) runs around every tool; the global interceptor and pipe around none.
  app.get(Maintenance).on = true;
  out.maintenance = view(await registry.invoke('note', { text: 'x' }, { request: ana }));
  app.get(Maintenance).on = false;
  out.globalInterceptor = [...new Set(CountingInterceptor.calls)];
  out.globalPipe = [...new Set(CountingPipe.calls)];

  // runToolCalls: an approved call is still guarded when it runs (the request of withRequest, the call's id).
  seen.length = 0;
  const turn = await registry.withRequest(bo, () =>
    runToolCalls(registry, [{ id: 'd1', name: 'delete_order', arguments: '{"orderId":"A-9"}' }], { approve: () => true }),
  );
  out.approvedButRefused = [view(turn.results[0]!.result), [...seen]];

  // Over MCP: the guard reads the user from the HTTP request's headers; the client reads the refusal.
  const handler = registry.mcpHttpHandler({ name: 'shop', version: '1.0.0' });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const mcp: unknown[] = [];
  for (const user of ['bo', 'ana']) {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-user': user } } }));
    const r = await client.callTool({ name: 'close_books', arguments: {} });
    mcp.push([user, r.isError ?? false, r.content]);
    await client.close();
  }
  out.mcp = mcp;
  out.mcpCallers = callers;
  server.closeAllConnections();
  server.close();

  out.ran = ran;
  await app.close();

  const plain = await NestFactory.createApplicationContext(NoGlobalsModule, quiet);
  const tools = plain.get(ToolRegistry);
  out.noGlobals = [];
  for (const request of [bo, ana]) {
    for (const name of ['restock', 'discount', 'greet', 'open']) (out.noGlobals as unknown[]).push(view(await tools.invoke(name, {}, { request })));
  }
  await plain.close();

  // A global guard registered while the application starts (INestApplication.useGlobalGuards calls the same ApplicationConfig method).
  const closed = await NestFactory.createApplicationContext(NoGlobalsModule, quiet);
  closed.get(ApplicationConfig).useGlobalGuards(new ClosedGuard());
  out.useGlobalGuards = view(await closed.get(ToolRegistry).invoke('open', {}, { request: ana }));
  await closed.close();
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
