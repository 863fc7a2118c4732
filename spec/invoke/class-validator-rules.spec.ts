import 'reflect-metadata';
import { ArrayMinSize, ArrayNotEmpty, ArrayUnique, IsString, Length, ValidateIf } from 'class-validator';
import { Prop, SetOf, Tool } from 'tool-signatures';
import { __setFastPath } from '../helpers/fast-path';
import { paramText } from '../helpers/schema';

const text = (r: { parts: readonly { type: string }[] }) => (r.parts[0] as { text?: string }).text;

describe.each([
  ['fast path', true],
  ['general path', false],
])('class-validator rules (%s)', (_label, fast) => {
  beforeAll(() => __setFastPath(fast));
  afterAll(() => __setFastPath(true));

  it('array size rules on a SetOf property hold for its items (the schema carries them)', async () => {
    class Labels {
      @ArrayMinSize(1) @ArrayNotEmpty() @ArrayUnique() @Prop({ type: SetOf(String) }) tags!: Set<string>;
    }
    class Shop {
      @Tool() label(l: Labels) {
        return [...l.tags].join(',');
      }
    }
    const tool = Tool.fromInstance(new Shop())[0]!;
    expect(paramText(tool, 'l')).toBe(
      '{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"minItems":1,"uniqueItems":true}},"required":["tags"],"additionalProperties":false}',
    );
    const ok = await tool.invoke({ l: { tags: ['a', 'b'] } });
    expect(ok.isError).toBe(false);
    expect(ok.parts).toEqual([{ type: 'text', text: 'a,b' }]);
    expect(text(await tool.invoke({ l: { tags: [] } }))).toBe("Argument 'l.tags' must have at least 1 item.");
  });

  it('@ValidateIf: the rules are conditional, so the schema writes them as phrases (the property optional) and class-validator decides', async () => {
    class Shipping {
      @IsString() method!: string;
      @ValidateIf((o: Shipping) => o.method === 'post') @Length(5, 5) zip!: string;
    }
    class Shop {
      @Tool() ship(s: Shipping) {
        return s.zip ?? 'none';
      }
    }
    const tool = Tool.fromInstance(new Shop())[0]!;
    expect(paramText(tool, 's')).toBe(
      '{"type":"object","properties":{"method":{"type":"string"},"zip":{"type":"string","description":"Must be exactly 5 characters long. Applies only when another property allows it."}},"required":["method"],"additionalProperties":false}',
    );
    expect(text(await tool.invoke({ s: { method: 'post', zip: '123' } }))).toBe("Argument 's.zip' must be longer than or equal to 5 characters.");
    expect((await tool.invoke({ s: { method: 'pickup', zip: '1' } })).isError).toBe(false);
    expect((await tool.invoke({ s: { method: 'pickup' } })).parts).toEqual([{ type: 'text', text: 'none' }]);
    expect(text(await tool.invoke({ s: { method: 'post' } }))).toBe("Argument 's.zip' must be longer than or equal to 5 characters.");
  });
});

describe.each([
  ['fast path', true],
  ['general path', false],
])('@Param({ default }) values (%s)', (_label, fast) => {
  beforeAll(() => __setFastPath(fast));
  afterAll(() => __setFastPath(true));

  it('a mutable default is a fresh copy on every call', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Param } = require('tool-signatures') as typeof import('tool-signatures');
    class Notes {
      @Tool() add(@Param({ type: [String], default: ['first'] }) tags: string[], note: string) {
        tags.push(note);
        return tags.join(',');
      }
    }
    const tool = Tool.fromInstance(new Notes())[0]!;
    expect((await tool.invoke({ note: 'a' })).parts).toEqual([{ type: 'text', text: 'first,a' }]);
    expect((await tool.invoke({ note: 'b' })).parts).toEqual([{ type: 'text', text: 'first,b' }]);
    expect((await tool.invoke('{"note":"c","tags":null}')).parts).toEqual([{ type: 'text', text: 'first,c' }]);
  });
});
