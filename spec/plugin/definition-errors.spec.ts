import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { Param, Prop, Tool, ToolDefinitionError, ToolSet } from '../../lib';
import { diagnose } from '../../lib/plugin';
import { compilerOptions } from '../plugin/harness';

/**
 * Issue 24: a class with five problems took five edit-and-rerun rounds. One ToolDefinitionError now
 * lists every problem of a class, a tool or a tool set, each with its code, place and fix; with one
 * problem, the error reads as before. The plugin reports each problem of a class too, and warns of
 * a hint looser than the declared type.
 */

const OBJECT_FIX =
  "Give the type as a hint: @Param({ type: ... }) or @Prop({ type: ... }) (interfaces, unions, type aliases and Partial<T> are erased: ObjectOf({ ... }) for an object type, AnyOf(...) for a union; any and unknown are JsonValue), or compile with the plugin, which reads them. A class imported with `import type` is erased to Object too when each file is compiled alone (isolatedModules): Import the class as a value, not with `import type` (import { CreateOrderDto } from './create-order.dto', or from './create-order.dto.js' in an ES module project; for a context parameter, import { ToolContext } from 'tool-signatures'), or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json \"plugins\"), which reads the type from the source and needs no value import.";
const ARRAY_FIX =
  'Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.';

class Filter {
  @Prop() where!: object;
  @Prop() sortBy!: string[];
  @Prop() name!: string;
}

class DocketService {
  @Tool()
  find(@Param() query: object, @Param() limit: number): string {
    return `${String(query)} ${limit}`;
  }

  @Tool({ timeoutSeconds: -1, endsLoop: 'yes' as unknown as boolean })
  close(@Param() id: string): string {
    return id;
  }

  @Tool()
  filter(@Param() filter: Filter): string {
    return String(filter);
  }

  @Tool()
  ok(@Param() id: string): string {
    return id;
  }

  @Tool({ name: 'ok' })
  again(@Param() id: string): string {
    return id;
  }
}

class OneProblem {
  @Tool()
  find(@Param() query: object): string {
    return String(query);
  }
}

function thrown(f: () => unknown): ToolDefinitionError {
  try {
    f();
  } catch (e) {
    if (e instanceof ToolDefinitionError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

const DOCKET_MESSAGE = [
  '6 problems in class DocketService:',
  `- OLT002: Cannot build tool 'find' (DocketService.find), parameter #0 'query': its type was erased to Object. ${OBJECT_FIX}`,
  "- OLT015: Cannot build tool 'close' (DocketService.close): timeoutSeconds must be a finite number of seconds, 0 or more (0 means none), not -1.",
  "- OLT015: Cannot build tool 'close' (DocketService.close): endsLoop must be true or false.",
  `- OLT002: Cannot build tool 'filter' (DocketService.filter), parameter #0 'filter', property Filter.where: its type was erased to Object. ${OBJECT_FIX}`,
  `- OLT002: Cannot build tool 'filter' (DocketService.filter), parameter #0 'filter', property Filter.sortBy: its type was erased to Array. ${ARRAY_FIX}`,
  "- OLT007: Cannot build tool 'ok' (DocketService.again): two tools are named 'ok' (DocketService.ok and DocketService.again). Give one another name: @Tool({ name: '...' }).",
].join('\n');

describe('issue 24: one definition error lists every problem', () => {
  it('a class: every tool, option, parameter and DTO property, each with its code, place and fix', () => {
    const e = thrown(() => Tool.fromInstance(new DocketService()));
    expect(e.message).toBe(DOCKET_MESSAGE);
    expect(e.code).toBe('OLT002');
    expect(e.problems.map((p) => [p.code, p.place])).toEqual([
      ['OLT002', "Cannot build tool 'find' (DocketService.find), parameter #0 'query'"],
      ['OLT015', "Cannot build tool 'close' (DocketService.close)"],
      ['OLT015', "Cannot build tool 'close' (DocketService.close)"],
      ['OLT002', "Cannot build tool 'filter' (DocketService.filter), parameter #0 'filter', property Filter.where"],
      ['OLT002', "Cannot build tool 'filter' (DocketService.filter), parameter #0 'filter', property Filter.sortBy"],
      ['OLT007', "Cannot build tool 'ok' (DocketService.again)"],
    ]);
    expect(e.problems[0]!.fix).toBe(OBJECT_FIX);
    expect(e.problems[1]!.fix).toBeUndefined();
    expect(e.problems[4]!.site).toEqual({
      tool: 'filter',
      className: 'DocketService',
      member: 'filter',
      paramIndex: 0,
      paramName: 'filter',
      path: 'Filter.sortBy',
    });
    expect(e.problems[5]!.message).toBe(
      "OLT007: Cannot build tool 'ok' (DocketService.again): two tools are named 'ok' (DocketService.ok and DocketService.again). Give one another name: @Tool({ name: '...' }).",
    );
  });

  it('a tool set of that class throws the same error; of two broken classes, every problem of both', () => {
    expect(thrown(() => new ToolSet([new DocketService()])).message).toBe(DOCKET_MESSAGE);
    const e = thrown(() => new ToolSet([new OneProblem(), new DocketService()]));
    expect(e.message).toBe(
      `7 problems in the tool set:\n- OLT002: Cannot build tool 'find' (OneProblem.find), parameter #0 'query': its type was erased to Object. ${OBJECT_FIX}\n${DOCKET_MESSAGE.split('\n').slice(1).join('\n')}`,
    );
  });

  it('two tools of one name in a tool set: each clash listed', () => {
    const a = Tool.create((x: string) => x, { name: 'a', params: { x: String } });
    const b = Tool.create((y: string) => y, { name: 'b', params: { y: String } });
    const e = thrown(() => new ToolSet([a, b, a, b]));
    expect(e.message).toBe(
      "2 problems in the tool set:\n- OLT007: Cannot build tool 'a': two tools are named 'a' in one tool set. Give one another name: @Tool({ name: '...' }).\n- OLT007: Cannot build tool 'b': two tools are named 'b' in one tool set. Give one another name: @Tool({ name: '...' }).",
    );
  });

  it('Tool.create: the name, the options and each parameter', () => {
    function run(a: unknown, b: unknown): string {
      return `${String(a)}${String(b)}`;
    }
    const e = thrown(() => Tool.create(run, { name: 'run now', parallelSafe: 1 as unknown as boolean, params: { a: [String, Number] as never } }));
    expect(e.message).toBe(
      [
        "4 problems in tool 'run now':",
        "- OLT008: Cannot build tool 'run now' (function run): the tool name 'run now' is not 1–64 ASCII letters, digits, '_' or '-'. Give one: @Tool({ name: 'get_docket' }), or Tool.create(fn, { name: 'get_docket' }).",
        "- OLT015: Cannot build tool 'run now' (function run): parallelSafe must be true or false.",
        "- OLT002: Cannot build tool 'run now' (function run), parameter #0 'a': an array hint has exactly one element type, like [Item]. A tuple has no schema (an array hint would take any length and any order): take a class with named properties, or an ObjectOf shape, instead.",
        "- OLT002: Cannot build tool 'run now' (function run), parameter #1 'b': an ad-hoc function has no design types. Give the type in Tool.create options.params (by name, or an array in parameter order), or a literal default.",
      ].join('\n'),
    );
  });

  it('one problem reads as before: its message, its code, one entry in problems', () => {
    const e = thrown(() => Tool.fromInstance(new OneProblem()));
    expect(e.message).toBe(`OLT002: Cannot build tool 'find' (OneProblem.find), parameter #0 'query': its type was erased to Object. ${OBJECT_FIX}`);
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]!.message).toBe(e.message);
    expect([e.code, e.reason, e.site]).toEqual([
      'OLT002',
      `its type was erased to Object. ${OBJECT_FIX}`,
      { tool: 'find', className: 'OneProblem', member: 'find', paramIndex: 0, paramName: 'query' },
    ]);
  });

  it("a misspelt 'params' of Tool.create: the valid options, params among them, and not the parameters it left untyped", () => {
    const e = thrown(() => Tool.create((a: unknown) => a, { name: 'x', param: { a: String } } as never));
    expect(e.message).toBe(
      "OLT015: Cannot build tool 'x' (function): Tool.create has no option 'param'. Its options are: name, description, returns, endsLoop, requiresApproval, parallelSafe, timeoutSeconds, annotations, examples, input, task, params, strictTypes.",
    );
  });
});

describe('issue 24: the plugin', () => {
  let dir: string;
  let texts: { code: string | undefined; category: string; text: string }[];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-24-'));
    const file = path.join(dir, 'tools.ts');
    fs.writeFileSync(
      file,
      `import { Param, Tool } from 'tool-signatures';
export enum Seats { One = 1, Two = 2 }
export class DocketService {
  @Tool() pair(p: [string, number]) { return ''; }
  @Tool() run(f: () => void, s: symbol) { return ''; }
  @Tool() rate(@Param({ type: String }) level: 'low' | 'high', @Param({ type: Number }) seats: Seats, @Param({ type: String }) note: string) { return ''; }
}
`,
    );
    const program = ts.createProgram([file], compilerOptions({ noEmit: true }));
    texts = diagnose(program).map((d) => ({
      code: (d as { olt?: string }).olt,
      category: ts.DiagnosticCategory[d.category],
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
  }, 120_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports every problem of a class, and warns of each hint looser than its declared type', () => {
    expect(texts).toEqual([
      {
        code: 'OLT002',
        category: 'Error',
        text: "OLT002: parameter 'p': tuples have no schema. An array would take any length and any order: take a class with named properties, or an ObjectOf shape, instead.",
      },
      { code: 'OLT002', category: 'Error', text: "OLT002: parameter 'f': a function has no JSON Schema." },
      { code: 'OLT002', category: 'Error', text: "OLT002: parameter 's': a symbol has no JSON Schema." },
      {
        code: 'OLT015',
        category: 'Warning',
        text: "OLT015: parameter 'level': the type hint String is looser than the declared type 'low' | 'high': the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: EnumOf(['low', 'high']).",
      },
      {
        code: 'OLT015',
        category: 'Warning',
        text: "OLT015: parameter 'seats': the type hint Number is looser than the declared type Seats: the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: EnumOf(Seats).",
      },
    ]);
  });
});
