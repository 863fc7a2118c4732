import 'reflect-metadata';
import { Discriminated, Param, Prop, Range, Tool, ToolDefinitionError } from 'tool-signatures';
import { definitionError } from '../helpers/schema';

/** One row per code of the contract's Diagnostics table (OLT004 is the plugin's alone). */
describe('Diagnostics', () => {
  it('errors are ToolDefinitionError with a code and readonly fields naming where', () => {
    class Shop {
      @Tool() order(@Param({ type: [String] }) ok: string[], lines: string[]) {
        return [ok, lines];
      }
    }
    let error: unknown;
    try {
      Tool.fromInstance(new Shop());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const e = error as ToolDefinitionError;
    expect(e.code).toBe('OLT002');
    expect(e.site).toEqual({ tool: 'order', className: 'Shop', member: 'order', paramIndex: 1, paramName: 'lines' });
    expect(e.message).toBe(
      "OLT002: Cannot build tool 'order' (Shop.order), parameter #1 'lines': its type was erased to Array. Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.",
    );
  });

  it('OLT002: a parameter or property type has no schema', () => {
    interface Filter {
      q: string;
    }
    class A {
      @Tool() find(filter: Filter) {
        return filter;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      "OLT002: Cannot build tool 'find' (A.find), parameter #0 'filter': its type was erased to Object. Give the type as a hint: @Param({ type: ... }) or @Prop({ type: ... }) (interfaces, unions, type aliases and Partial<T> are erased: ObjectOf({ ... }) for an object type, AnyOf(...) for a union; any and unknown are JsonValue), or compile with the plugin, which reads them. A class imported with `import type` is erased to Object too when each file is compiled alone (isolatedModules): Import the class as a value, not with `import type` (import { CreateOrderDto } from './create-order.dto', or from './create-order.dto.js' in an ES module project; for a context parameter, import { ToolContext } from 'tool-signatures'), or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json \"plugins\"), which reads the type from the source and needs no value import.",
    );
  });

  it('OLT003: the member cannot be a tool, or the return type is not supported', () => {
    expect(
      definitionError(() => {
        class A {
          @Tool() static make() {
            return 1;
          }
        }
        return A;
      }).message,
    ).toBe('OLT003: Cannot build A.make: a static method cannot be a tool. Make it an instance method, or use Tool.create(A.make.bind(A), { name: ... }).');
    class B {
      @Tool({ returns: Promise }) run() {
        return 1;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new B())).code).toBe('OLT003');
  });

  it('OLT006: a type refers to itself in a way no schema can write (v3: a tagged union inside its own member)', () => {
    class Folder {
      @Prop() kind!: string;
      @Prop({ type: () => [Discriminated('kind', { folder: Folder })] }) children!: Folder[];
    }
    class A {
      @Tool() list(root: Folder) {
        return root;
      }
    }
    const e = definitionError(() => Tool.fromInstance(new A()));
    expect(e.code).toBe('OLT006');
    expect(e.message).toContain("Cannot build tool 'list' (A.list), parameter #0 'root'");
    expect(e.message).toContain("the member 'folder' of a tagged union contains that same union.");
  });

  it('OLT007: two tools with the same name', () => {
    class A {
      @Tool() getCase() {
        return 1;
      }
      @Tool({ name: 'get_case' }) other() {
        return 2;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      "OLT007: Cannot build tool 'get_case' (A.other): two tools are named 'get_case' (A.getCase and A.other). Give one another name: @Tool({ name: '...' }).",
    );
  });

  it('OLT008: the name is not 1–64 ASCII letters, digits, _ or -', () => {
    class A {
      @Tool({ name: 'get docket' }) run() {
        return 1;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      "OLT008: Cannot build tool 'get docket' (A.run): the tool name 'get docket' is not 1–64 ASCII letters, digits, '_' or '-'. Give one: @Tool({ name: 'get_docket' }), or Tool.create(fn, { name: 'get_docket' }).",
    );
  });

  it('OLT009: more than one AbortSignal or ToolContext', () => {
    class A {
      @Tool() run(a: AbortSignal, b: AbortSignal) {
        return [a, b];
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      "OLT009: Cannot build tool 'run' (A.run), parameter #1 'b': a tool takes at most one AbortSignal parameter.",
    );
  });

  it('OLT013: a DTO with no property, or no constructor without arguments', () => {
    // v3: a class that declares no property at all is the empty object; this one declares one that cannot be seen.
    class Blank {
      name!: string;
    }
    class A {
      @Tool() run(b: Blank) {
        return b;
      }
    }
    const e = definitionError(() => Tool.fromInstance(new A()));
    expect(e.code).toBe('OLT013');
    expect(e.message).toContain('Blank shows no property');
  });

  it('OLT014: a parameter name cannot be read', () => {
    class A {
      @Tool() run([first]: string[]) {
        return first;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      'OLT014: Cannot build tool \'run\' (A.run), parameter #0: its name cannot be read from the source (destructured other than as Tool.create\'s flat object input, minified, bound or native). Give it: @Param({ name: "..." }), or, for Tool.create, options.params as an array in parameter order: [{ name: "input", type: ... }].',
    );
  });

  it('OLT015: a hint contradicts the design type, or an option is invalid', () => {
    class A {
      @Tool() run(@Range(10, 1) n: number) {
        return n;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new A())).message).toBe(
      "OLT015: Cannot build tool 'run' (A.run), parameter #0 'n': minimum 10 is greater than maximum 1.",
    );
    class B {
      @Tool() run(@Param({ type: Boolean }) n: number) {
        return n;
      }
    }
    expect(definitionError(() => Tool.fromInstance(new B())).message).toBe(
      "OLT015: Cannot build tool 'run' (B.run), parameter #0 'n': the type hint (boolean) contradicts the declared type Number.",
    );
  });
});
