/** A tool's `task` option (MCP tasks): read into the definition, and a malformed one refused with the other problems (OLT015). */
import 'reflect-metadata';
import { Tool, ToolSet } from 'tool-signatures';
import { definitionError } from '../../helpers/schema';

describe('the task option of @Tool and Tool.create', () => {
  it("is read into the definition as a frozen ToolTask ('optional' as { mode })", () => {
    class Jobs {
      @Tool({ task: 'optional' })
      report(): string {
        return 'r';
      }

      @Tool({ task: { mode: 'required', start: 'detach' } })
      ask(): string {
        return 'a';
      }

      @Tool()
      now(): string {
        return 'n';
      }
    }
    const tools = new ToolSet([new Jobs()]).list();
    expect(tools.map((t) => [t.name, t.task])).toEqual([
      ['report', { mode: 'optional' }],
      ['ask', { mode: 'required', start: 'detach' }],
      ['now', undefined],
    ]);
    expect(Object.isFrozen(tools[0]!.task)).toBe(true);
    expect(Tool.create((x: number) => x, { name: 'twice', params: [Number], task: 'required' } as never).task).toEqual({ mode: 'required' });
  });

  it("a malformed task option is OLT015, listed with the definition's other problems", () => {
    const error = definitionError(() => {
      class Bad {
        @Tool({ task: 'sometimes' as never, timeoutSeconds: -1 })
        run(): string {
          return '';
        }
      }
      return new ToolSet([new Bad()]);
    });
    expect(error.code).toBe('OLT015');
    expect(error.message).toContain(
      `the option task is "sometimes"; it is 'optional', 'required', or { mode: 'optional' | 'required', start?: 'call' | 'detach' }.`,
    );
    expect(error.message).toContain('timeout');
  });
});
