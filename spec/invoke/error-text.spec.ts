import 'reflect-metadata';
import { Param, runToolCalls, Tool, ToolSet, type ToolFailure, type ToolResult } from '../../lib';

/**
 * Issue 15: what a failure tells the model is the application's choice (`errorText`), and an
 * approver's exception does not reach the model unless that choice puts it there. Before the fix,
 * the approver's message was in the result and a tool's message could not be shaped.
 */

function text(r: ToolResult): string {
  expect(r.isError).toBe(true);
  return (r.parts[0] as { text: string }).text;
}

class Db {
  @Tool()
  query(@Param() sql: string): string {
    throw new Error(`connect postgres://admin:hunter2@db.internal/prod failed for ${sql}`);
  }

  @Tool({ requiresApproval: true })
  drop(@Param() table: string): string {
    return `dropped ${table}`;
  }

  // Ends only when its signal aborts: the timeout is the one way this call can end.
  @Tool({ timeoutSeconds: 0.01 })
  async slow(signal: AbortSignal): Promise<string> {
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve('late')));
  }
}

const approverFails = (): boolean => {
  throw new Error('policy service at 10.0.0.7:8443 refused: token abc123');
};

describe('issue 15: error text policy', () => {
  it('by default a tool failure says the name and message, as before', async () => {
    expect(text(await new ToolSet([new Db()]).invoke('query', { sql: 'x' }))).toBe(
      "Tool 'query' failed: Error: connect postgres://admin:hunter2@db.internal/prod failed for x",
    );
  });

  it("errorText on the ToolSet shapes every failure; a call's own errorText wins", async () => {
    const seen: ToolFailure[] = [];
    const set = new ToolSet([new Db()], {
      errorText: (f) => {
        seen.push(f);
        return `Tool '${f.tool}' failed (${f.kind}).`;
      },
    });
    expect(text(await set.invoke('query', { sql: 'x' }))).toBe("Tool 'query' failed (threw).");
    expect(seen[0]).toMatchObject({
      tool: 'query',
      kind: 'threw',
      text: "Tool 'query' failed: Error: connect postgres://admin:hunter2@db.internal/prod failed for x",
    });
    expect(seen[0]!.error).toBeInstanceOf(Error);
    expect(text(await set.invoke('slow', {}))).toBe("Tool 'slow' failed (timeout).");
    expect(text(await set.invoke('query', { sql: 'x' }, { errorText: () => 'call says no' }))).toBe('call says no');
    // Argument problems are not failures of the tool: their text is the model's to fix.
    expect(text(await set.invoke('query', {}))).toBe("Argument 'sql' is required.");
  });

  it('errorText on the invoker (tool.invoke options)', async () => {
    const [query] = new ToolSet([new Db()]).list();
    expect(text(await query!.invoke({ sql: 'x' }, { errorText: (f) => `failed: ${f.kind}` }))).toBe('failed: threw');
  });

  it('an errorText that throws or returns no string falls back to the default text', async () => {
    const throwing = new ToolSet([new Db()], {
      errorText: () => {
        throw new Error('bad policy');
      },
    });
    expect(text(await throwing.invoke('query', { sql: 'y' }))).toBe(
      "Tool 'query' failed: Error: connect postgres://admin:hunter2@db.internal/prod failed for y",
    );
    const notText = new ToolSet([new Db()], { errorText: () => 42 as unknown as string });
    expect(text(await notText.invoke('query', { sql: 'y' }))).toMatch(/^Tool 'query' failed: Error: connect/);
  });

  it("the approver's exception is not passed to the model by default", async () => {
    const { results } = await runToolCalls(new ToolSet([new Db()]), [{ id: 'a', name: 'drop', arguments: { table: 't' } }], { approve: approverFails });
    expect(text(results[0]!.result)).toBe("Tool 'drop' was not approved.");
  });

  it("the approver's exception reaches the model only when errorText says so", async () => {
    const set = new ToolSet([new Db()], { errorText: (f) => (f.kind === 'approval' ? `${f.text} (${(f.error as Error).message})` : f.text) });
    const { results } = await runToolCalls(set, [{ id: 'a', name: 'drop', arguments: { table: 't' } }], { approve: approverFails });
    expect(text(results[0]!.result)).toBe("Tool 'drop' was not approved. (policy service at 10.0.0.7:8443 refused: token abc123)");
  });
});
