import 'reflect-metadata';
import { Transform, plainToInstance } from 'class-transformer';
import { transformerFacts } from '../../lib/metadata/class-transformer';

describe('class-transformer @Transform facts', () => {
  it("run in class-transformer's own order, base class first, without group-limited or plain-only ones", () => {
    const tag =
      (t: string) =>
      ({ value }: { value: unknown }) =>
        `${String(value)}-${t}`;
    class Base {
      @Transform(tag('base-top')) @Transform(tag('base-bottom')) code!: string;
    }
    class Derived extends Base {
      @Transform(tag('top'))
      @Transform(tag('bottom'))
      @Transform(tag('grouped'), { groups: ['admin'] })
      @Transform(tag('plain'), { toPlainOnly: true })
      @Transform(tag('both'), { toClassOnly: true, toPlainOnly: true })
      declare code: string;
    }
    const ours = transformerFacts(Derived, 'code').transforms.reduce<unknown>(
      (v, t) => t.transformFn({ value: v, key: 'code', obj: {}, type: 0, options: {} }),
      'x',
    );
    const theirs = plainToInstance(Derived, { code: 'x' }).code;
    expect(ours).toBe(theirs);
    expect(ours).toBe('x-base-top-base-bottom-top-bottom-both');
  });
});
