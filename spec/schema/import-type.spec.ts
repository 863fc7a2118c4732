import 'reflect-metadata';
import * as path from 'node:path';
import { Tool, ToolContext } from 'tool-signatures';
import { definitionError, inputText } from '../helpers/schema';
import { compileEach, compileProgram, loadCompiled } from '../helpers/virtual-program';

/**
 * `import type` of a class in a decorated signature: TypeScript records `Function` (a full program:
 * tsc, the Nest CLI) or `Object` (each file compiled alone: isolatedModules transpilers). The error
 * names the cause and both fixes; built with the plugin, the same source needs no value import.
 * Real compiled code: the fixture is compiled here with the TypeScript API.
 */

const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(ROOT, 'spec/schema/virtual-import-type');

const SOURCES: Readonly<Record<string, string>> = {
  'line.ts': `
import { Prop } from 'tool-signatures';
export class LineDto { @Prop() sku!: string; }
`,
  'dto.ts': `
import { Prop } from 'tool-signatures';
import type { LineDto } from './line';
export class CreateOrderDto { @Prop() customer!: string; }
export class OrderWithLine { @Prop() line!: LineDto; }
`,
  'orders.ts': `
import { Tool } from 'tool-signatures';
import type { ToolContext } from 'tool-signatures';
import type { CreateOrderDto } from './dto';
import { OrderWithLine } from './dto';
export class Orders {
  @Tool() create(order: CreateOrderDto) { return order.customer; }
  @Tool() cost(sku: string, ctx: ToolContext) { return sku + ':' + ctx.toolName; }
  @Tool() place(order: OrderWithLine) { return order.line.sku; }
}
`,
};

const FIX =
  "Import the class as a value, not with `import type` (import { CreateOrderDto } from './create-order.dto', or from './create-order.dto.js' in an ES module project; for a context parameter, import { ToolContext } from 'tool-signatures'), or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json \"plugins\"), which reads the type from the source and needs no value import.";
const ERASED_TO_FUNCTION = `its type was erased to Function, which TypeScript records for a class imported with \`import type\` (as a consistent-type-imports lint rule writes it), a ToolContext among them, and for a function type, which has no JSON Schema. ${FIX}`;
const OBJECT_FIX =
  'Give the type as a hint: @Param({ type: ... }) or @Prop({ type: ... }) (interfaces, unions, type aliases and Partial<T> are erased: ObjectOf({ ... }) for an object type, AnyOf(...) for a union; any and unknown are JsonValue), or compile with the plugin, which reads them.';
const ERASED_TO_OBJECT = `its type was erased to Object. ${OBJECT_FIX} A class imported with \`import type\` is erased to Object too when each file is compiled alone (isolatedModules): ${FIX}`;

describe('issue 31: import type in a decorated signature', () => {
  it('compiled as one program (tsc, the Nest CLI): the DTO, the context and a DTO property are named as erased by import type, with the fixes', () => {
    const { Orders } = loadCompiled(compileProgram(SOURCES, DIR, { plugin: false }), './orders') as { Orders: new () => object };
    expect(Reflect.getMetadata('design:paramtypes', Orders.prototype, 'create')).toEqual([Function]);
    expect(definitionError(() => Tool.fromInstance(new Orders())).message).toBe(
      [
        '3 problems in class Orders:',
        `- OLT002: Cannot build tool 'create' (Orders.create), parameter #0 'order': ${ERASED_TO_FUNCTION}`,
        `- OLT002: Cannot build tool 'cost' (Orders.cost), parameter #1 'ctx': ${ERASED_TO_FUNCTION}`,
        `- OLT002: Cannot build tool 'place' (Orders.place), parameter #0 'order', property OrderWithLine.line: ${ERASED_TO_FUNCTION}`,
      ].join('\n'),
    );
  });

  it('each file compiled alone (isolatedModules): the Object erasure names import type among its causes', () => {
    const { Orders } = loadCompiled(compileEach(SOURCES, DIR), './orders') as { Orders: new () => object };
    expect(Reflect.getMetadata('design:paramtypes', Orders.prototype, 'create')).toEqual([Object]);
    expect(definitionError(() => Tool.fromInstance(new Orders())).message).toBe(
      [
        '3 problems in class Orders:',
        `- OLT002: Cannot build tool 'create' (Orders.create), parameter #0 'order': ${ERASED_TO_OBJECT}`,
        `- OLT002: Cannot build tool 'cost' (Orders.cost), parameter #1 'ctx': ${ERASED_TO_OBJECT}`,
        `- OLT002: Cannot build tool 'place' (Orders.place), parameter #0 'order', property OrderWithLine.line: ${ERASED_TO_OBJECT}`,
      ].join('\n'),
    );
  });

  it('built with the plugin, the same source works without a value import', async () => {
    const { Orders } = loadCompiled(compileProgram(SOURCES, DIR, { plugin: true }), './orders') as { Orders: new () => object };
    const [create, cost, place] = Tool.fromInstance(new Orders());
    expect(inputText(create!)).toBe(
      '{"type":"object","properties":{"order":{"type":"object","properties":{"customer":{"type":"string"}},"required":["customer"],"additionalProperties":false}},"required":["order"],"additionalProperties":false}',
    );
    expect(inputText(cost!)).toBe('{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}');
    expect(inputText(place!)).toBe(
      '{"type":"object","properties":{"order":{"type":"object","properties":{"line":{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}},"required":["line"],"additionalProperties":false}},"required":["order"],"additionalProperties":false}',
    );
    const result = await cost!.invoke({ sku: 'A-1' }, { context: new ToolContext() });
    expect(result.parts).toEqual([{ type: 'text', text: 'A-1:cost' }]);
  });
});
