/**
 * `requestStateKey` as a list (issue 30): the first key signs a 2026-07-28 `requestState`, every
 * key verifies one, so replicas rotate keys without downtime. Three endpoints stand for replicas
 * at the three steps of a rotation: the old key only, the new key added first, the new key only.
 */
import 'reflect-metadata';
import { ObjectOf, Tool, ToolContext, ToolSet } from 'tool-signatures';
import { createMcpHttpHandler, serveMcpHttp, serveMcpStdio, type McpHttpEndpoint } from 'tool-signatures/mcp';
import { modernCall, type Rpc } from './fixtures/http';

const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
const Name = ObjectOf({ name: String });

class Greeter {
  @Tool({ description: 'Greets the user by name' })
  async greet(ctx: ToolContext): Promise<string> {
    const answer = await ctx.elicit<{ name: string }>(Name, 'What is your name?', { key: 'user_name' });
    return answer.action === 'accept' ? `Hello, ${answer.value.name}!` : `No name (${answer.action}).`;
  }
}

type Answer = Rpc<{ resultType?: string; requestState?: string; content?: { text: string }[] }>;

/** One 2026-07-28 `tools/call` of `greet` to `url`. */
const greet = (url: URL, retry: Record<string, unknown> = {}): Promise<Answer> => modernCall(url, 'greet', {}, retry, { capabilities: { elicitation: {} } });

describe('requestStateKey: a list rotates the key', () => {
  const endpoints: McpHttpEndpoint[] = [];
  let before: URL;
  let during: URL;
  let after: URL;

  beforeAll(async () => {
    const serve = async (requestStateKey: string | string[]): Promise<URL> => {
      const endpoint = await serveMcpHttp(new ToolSet([new Greeter()]), { name: 'greeter', version: '1.0.0' }, { port: 0, host: '127.0.0.1', requestStateKey });
      endpoints.push(endpoint);
      return endpoint.url;
    };
    before = await serve(OLD);
    during = await serve([NEW, OLD]);
    after = await serve([NEW]);
  });
  afterAll(async () => {
    for (const e of endpoints) await e.close();
  });

  /** Asks on `first`, answers on `second`: what the second says. */
  const round = async (first: URL, second: URL): Promise<string> => {
    const asked = await greet(first);
    const answered = await greet(second, {
      inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } },
      requestState: asked.result!.requestState,
    });
    return answered.result?.content?.[0]?.text ?? `error ${answered.error?.code}`;
  };

  it('verifies a state signed with the old key on a replica that lists it second', async () => {
    expect(await round(before, during)).toBe('Hello, Ada!');
  });

  it('signs with the first key: a replica that has only the new key verifies it', async () => {
    expect(await round(during, after)).toBe('Hello, Ada!');
  });

  it('refuses a state signed with a key the replica no longer lists', async () => {
    expect(await round(before, after)).toBe('error -32602');
  });
});

describe('requestStateKey: at least 32 bytes, refused when the endpoint is made (docs/mcp.md, SECURITY.md)', () => {
  const info = { name: 'greeter', version: '1.0.0' };
  const tooShort =
    'requestStateKey must be at least 32 bytes (got 31): it signs the MCP 2026-07-28 requestState with HMAC-SHA256; give 32 random bytes or more (the same on every replica).';

  it('createMcpHttpHandler throws for a key of 31 bytes (a string counts its UTF-8 bytes: 15 two-byte characters and one byte are 31)', () => {
    expect(() => createMcpHttpHandler(new ToolSet([new Greeter()]), info, { requestStateKey: 'k'.repeat(31) })).toThrow(new RangeError(tooShort));
    expect(() => createMcpHttpHandler(new ToolSet([new Greeter()]), info, { requestStateKey: `${'é'.repeat(15)}k` })).toThrow(new RangeError(tooShort));
    expect(() => createMcpHttpHandler(new ToolSet([new Greeter()]), info, { requestStateKey: new Uint8Array(31) })).toThrow(new RangeError(tooShort));
  });

  it('a list names the key that is too short, and an empty list is refused', () => {
    expect(() => createMcpHttpHandler(new ToolSet([new Greeter()]), info, { requestStateKey: [NEW, 'k'.repeat(8)] })).toThrow(
      new RangeError(
        'requestStateKey[1] must be at least 32 bytes (got 8): it signs the MCP 2026-07-28 requestState with HMAC-SHA256; give 32 random bytes or more (the same on every replica).',
      ),
    );
    expect(() => createMcpHttpHandler(new ToolSet([new Greeter()]), info, { requestStateKey: [] })).toThrow(
      new RangeError('requestStateKey must hold at least one key (a list while keys rotate: the first signs, every one verifies).'),
    );
  });

  it('serveMcpHttp rejects before it listens, and serveMcpStdio before it reads stdin', async () => {
    await expect(serveMcpHttp(new ToolSet([new Greeter()]), info, { port: 0, host: '127.0.0.1', requestStateKey: 'k'.repeat(31) })).rejects.toThrow(
      new RangeError(tooShort),
    );
    await expect(serveMcpStdio(new ToolSet([new Greeter()]), info, { requestStateKey: 'k'.repeat(31) })).rejects.toThrow(new RangeError(tooShort));
  });

  it('a key of 32 bytes is served: a 2026-07-28 question is asked', async () => {
    const endpoint = await serveMcpHttp(new ToolSet([new Greeter()]), info, { port: 0, host: '127.0.0.1', requestStateKey: 'k'.repeat(32) });
    try {
      expect((await greet(endpoint.url)).result?.resultType).toBe('input_required');
    } finally {
      await endpoint.close();
    }
  });
});
