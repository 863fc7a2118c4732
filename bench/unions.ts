import Ajv2020 from 'ajv/dist/2020';
import { Discriminated, Int32, Param, Prop, Range, Tool } from 'tool-signatures';
import { timeCases, type TimingOptions } from './harness';
import { Prng } from './prng';
import { ratio, type Stat } from './stats';

/**
 * The union case: a tagged union of two DTO classes in an array (the general path serves it: the
 * fast path declines unions). Ours end to end (validation by the tag, hydration into the member's
 * class, the call) beside ajv validating the same canonical schema alone (no hydration): the
 * figure says what a union costs, not a target. Classes are declared only when it runs (after the
 * other cases: class-validator's storage grows with every class).
 */
export async function unionFigures(timing: TimingOptions, poolSize: number, seed: number): Promise<{ perCallNs: Record<string, Stat>; oursOverAjv: Stat }> {
  class Circle {
    @Prop() kind!: string;
    @Range(0, 1000) radius!: number;
  }
  class Square {
    @Prop({ type: Int32 }) @Range(1, 100) side!: number;
  }
  class Canvas {
    @Tool()
    draw(@Param({ type: () => [Discriminated('kind', { circle: Circle, square: Square })] }) shapes: (Circle | Square)[]): number {
      return shapes.length;
    }
  }
  const tool = Tool.fromInstance(new Canvas())[0]!;
  const check = new Ajv2020({ allErrors: true }).compile(tool.inputSchema as object);
  const prng = new Prng(seed);
  const pool = Array.from({ length: poolSize }, () => ({
    shapes: Array.from({ length: prng.int(1, 4) }, () =>
      prng.next() < 0.5 ? { kind: 'circle', radius: prng.int(0, 1000) } : { kind: 'square', side: prng.int(1, 100) },
    ),
  }));
  for (const args of pool) {
    const r = await tool.invoke(args);
    if (r.isError || !check(args)) throw new Error(`the union pool is refused: ${JSON.stringify(args)}`);
  }
  const perCallNs = await timeCases(
    [
      { key: 'ours-union', inputs: pool, run: (a) => tool.invoke(a as object) },
      { key: 'ajv-union (validation only)', inputs: pool, run: async (a) => check(a) },
    ],
    timing,
  );
  return { perCallNs, oursOverAjv: ratio(perCallNs['ours-union']!, perCallNs['ajv-union (validation only)']!) };
}
