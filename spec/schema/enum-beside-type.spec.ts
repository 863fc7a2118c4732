import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { Int32, Nullable, ObjectOf, Param, Prop, Tool, type ToolDefinition } from 'tool-signatures';
import { diagnose } from '../../lib/plugin';
import { definitionError, paramText } from '../helpers/schema';
import { compilerOptions } from '../plugin/harness';

/**
 * `{ type: String, enum: [...] }`, as DTOs are often written: `enum` is an option of `@Param`, `@Prop`
 * and `ObjectOf` properties, so beside a plain `String`, `Number` or `Boolean` it is the slot's enum,
 * never silently dropped; beside any other type it is OLT015 naming the option and the fix.
 */

enum Level {
  Low,
  High,
}

class Plan {
  @Prop({ type: String, enum: ['a', 'b'] }) plan!: string;
}

class Shop {
  @Tool() pick(@Param({ type: String, enum: ['a', 'b'] }) plan: string): string {
    return plan;
  }
  @Tool() order(plan: Plan): string {
    return plan.plan;
  }
}

class BadShop {
  @Tool() pick(@Param({ type: Int32, enum: [1, 2] }) n: number): number {
    return n;
  }
}

class BadPlan {
  @Prop({ type: String, enum: Level }) level!: Level;
}

class BadOrder {
  @Tool() order(plan: BadPlan): string {
    return String(plan.level);
  }
}

const adHoc = (hint: unknown): ToolDefinition =>
  Tool.create(
    function t(x: unknown) {
      return JSON.stringify(x);
    },
    { params: { x: hint as never } },
  );

const FIX =
  'an enum stands beside type String (string values), Number (numbers, or a numeric enum) or Boolean only. Give the enum alone ({ enum: [...] }, or type: EnumOf([...])); for the elements of an array, each: { enum: [...] }.';

describe('enum beside a type hint', () => {
  it('@Param({ type: String, enum }) writes the enum and the invoker holds to it', async () => {
    const [pick, order] = Tool.fromInstance(new Shop());
    expect(paramText(pick!, 'plan')).toBe('{"type":"string","enum":["a","b"]}');
    expect((await pick!.invoke({ plan: 'b' })).isError).toBe(false);
    expect((await pick!.invoke({ plan: 'c' })).isError).toBe(true);
    expect(paramText(order!, 'plan')).toBe(
      '{"type":"object","properties":{"plan":{"type":"string","enum":["a","b"]}},"required":["plan"],"additionalProperties":false}',
    );
    expect((await order!.invoke({ plan: { plan: 'c' } })).isError).toBe(true);
  });

  it('an ObjectOf property { type: String, enum } is the enum', async () => {
    const t = adHoc(ObjectOf({ plan: { type: String, enum: ['a', 'b'] } }));
    expect(paramText(t, 'x')).toBe(
      '{"type":"object","properties":{"plan":{"type":"string","enum":["a","b"]}},"required":["plan"],"additionalProperties":false}',
    );
    expect(await t.invoke({ x: { plan: 'a' } })).toMatchObject({ isError: false, parts: [{ type: 'text', text: '{"plan":"a"}' }] });
    expect((await t.invoke({ x: { plan: 'c' } })).isError).toBe(true);
  });

  it('Nullable(String) keeps null; Number takes numbers or a numeric enum (by name)', () => {
    expect(paramText(adHoc({ type: Nullable(String), enum: ['a', 'b'] }), 'x')).toBe('{"type":["string","null"],"enum":["a","b",null]}');
    expect(paramText(adHoc({ type: Number, enum: [1, 2.5] }), 'x')).toBe('{"type":"number","enum":[1,2.5]}');
    expect(paramText(adHoc({ type: Number, enum: Level }), 'x')).toBe('{"type":"string","enum":["Low","High"]}');
    expect(paramText(adHoc({ type: Boolean, enum: [true] }), 'x')).toBe('{"type":"boolean","enum":[true]}');
  });

  it('an enum that does not fit the type, or a misspelt enum option, is OLT015 naming the option and the fix', () => {
    expect(definitionError(() => adHoc({ type: [String], enum: ['a'] }))).toMatchObject({
      code: 'OLT015',
      message: `OLT015: Cannot build tool 't' (function t), parameter #0 'x': the option enum (string values) does not fit the type hint array: ${FIX}`,
    });
    expect(definitionError(() => adHoc({ type: String, enumm: ['a'] })).message).toBe(
      "OLT015: Cannot build tool 't' (function t), parameter #0 'x': A Tool.create parameter has no option 'enumm'. Its options are: type, nullable, description, enum, minLength, maxLength, pattern, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems, maxItems, each, examples, name, optional, default, complete.",
    );
    expect(definitionError(() => adHoc(ObjectOf({ plan: { type: String, enumm: ['a'] } as never }))).message).toMatch(
      /ObjectOf has no option 'enumm'\. Its options are: type, nullable, description, enum, /,
    );
    expect(definitionError(() => Tool.fromInstance(new BadShop())).message).toBe(
      `OLT015: Cannot build tool 'pick' (BadShop.pick), parameter #0 'n': the option enum (integer values) does not fit the type hint Int32: ${FIX}`,
    );
    expect(definitionError(() => Tool.fromInstance(new BadOrder())).message).toBe(
      `OLT015: Cannot build tool 'order' (BadOrder.order), parameter #0 'plan', property BadPlan.level: the option enum (a numeric enum) does not fit the type hint string: ${FIX}`,
    );
  });
});

describe('enum beside a type hint, in the plugin', () => {
  it('is not a hint looser than the declared literal union: the enum narrows it (a String hint alone still warns)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-enum-'));
    try {
      const file = path.join(dir, 'tools.ts');
      fs.writeFileSync(
        file,
        `import { Param, Prop, Tool } from 'tool-signatures';
export class Plan { @Prop({ type: String, enum: ['a', 'b'] }) plan!: 'a' | 'b'; }
export class Shop {
  @Tool() pick(@Param({ type: String, enum: ['low', 'high'] }) level: 'low' | 'high', plan: Plan) { return ''; }
  @Tool() rate(@Param({ type: String }) level: 'low' | 'high') { return ''; }
}
`,
      );
      const texts = diagnose(ts.createProgram([file], compilerOptions({ noEmit: true }))).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(texts).toEqual([
        "OLT015: parameter 'level': the type hint String is looser than the declared type 'low' | 'high': the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: EnumOf(['low', 'high']).",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
