import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import * as fc from 'fast-check';
import { plainToInstance } from 'class-transformer';
import { Matches, MaxLength, validateSync } from 'class-validator';
import { Prop, Tool, ToolDefinitionError, type ToolDefinition, type ToolResult } from '../../lib';
import { leadingLookaheads, linearPattern } from '../../lib/linear-pattern';
import { growthOverLinear, LINEAR } from '../helpers/growth';

/**
 * Issue 20 (contract v3.1, "Patterns RE2 cannot run"): a `@Matches` pattern with lookaround no
 * longer refuses its DTO. Leading positive lookaheads (`^(?=.*[a-z])(?=.*\d).{8,}$`, the password
 * idiom) are matched in linear time as the conjunction of their parts (`(?=X)` at `^` holds when
 * `^(?:X)` matches; the rest is `^(?:rest)`): the pattern is written as it is (JSON Schema's
 * `pattern` is ECMA-262, so an independent validator reads it the same) and its parts as a phrase.
 * Any other lookaround or a backreference is a phrase and a warning, enforced by class-validator
 * only on values the schema's maxLength bounds; without one the definition is OLT015. The judge is
 * class-validator: `plainToInstance` then `validateSync` with `whitelist` and `forbidNonWhitelisted`.
 */

function textOf(r: ToolResult): string {
  return (r.parts[0] as { text: string }).text;
}

function toolOf<T extends object>(cls: new () => T): ToolDefinition {
  return Tool.create(
    function save(dto: T) {
      return 'ok';
    },
    { params: [{ name: 'dto', type: cls }] },
  );
}

function classValidatorAccepts(cls: new () => object, json: object): boolean {
  return validateSync(plainToInstance(cls, json), { whitelist: true, forbidNonWhitelisted: true }).length === 0;
}

const independent = new Map<ToolDefinition, (args: object) => boolean>();

/** An independent validator of the published schema: ajv with JavaScript's own RegExp. */
function schemaAccepts(tool: ToolDefinition, args: object): boolean {
  let validate = independent.get(tool);
  if (validate === undefined) {
    const compiled = new Ajv2020({ strict: false }).compile(tool.inputSchema);
    validate = (a) => compiled(a);
    independent.set(tool, validate);
  }
  return validate(args);
}

class Signup {
  @Matches(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/) password!: string;
  @Matches(/^(?=.*[^A-Za-z0-9])(?=.*?[#?!@$%^&*-]).{8,}$/) strong!: string;
  @Matches('^(?=.*\\d)(?=(?:.*[a-z]){2})') digitTwoLetters!: string;
}

const PASSWORD_ALPHABET = fc.constantFrom('a', 'b', 'Z', 'Q', '1', '9', '#', '!', '_', ' ', '\n', 'é');
const passwords = fc.oneof(
  fc.string({ unit: PASSWORD_ALPHABET, maxLength: 14 }),
  fc.constantFrom('', 'abcdefgH1', 'abcdefgh1', 'ABCDEFGH1', 'Abcdefgh', 'Ab1#', 'Ab1#xyzw', 'Ab1_xyzw', 'a1b', '12ab', 'ab\n1cdefgH'),
);

describe('issue 20: leading positive lookaheads are matched as the conjunction of their parts', () => {
  const tool = toolOf(Signup);

  it('the schema writes the pattern as it is and the parts as a phrase; no warning', () => {
    expect(JSON.stringify((tool.inputSchema as { properties: { dto: unknown } }).properties.dto)).toBe(
      '{"type":"object","properties":{' +
        '"password":{"type":"string","description":"Must match each of these patterns: ^.*[a-z], ^.*[A-Z], ^.*\\\\d, ^.{8,}$.","pattern":"^(?=.*[a-z])(?=.*[A-Z])(?=.*\\\\d).{8,}$"},' +
        '"strong":{"type":"string","description":"Must match each of these patterns: ^.*[^A-Za-z0-9], ^.*?[#?!@$%^&*-], ^.{8,}$.","pattern":"^(?=.*[^A-Za-z0-9])(?=.*?[#?!@$%^&*-]).{8,}$"},' +
        '"digitTwoLetters":{"type":"string","description":"Must match each of these patterns: ^.*\\\\d, ^(?:.*[a-z]){2}.","pattern":"^(?=.*\\\\d)(?=(?:.*[a-z]){2})"}' +
        '},"required":["password","strong","digitTwoLetters"],"additionalProperties":false}',
    );
    expect(tool.warnings).toEqual([]);
  });

  it('the invoker, class-validator and an independent ajv give the same verdict on every password', async () => {
    await fc.assert(
      fc.asyncProperty(passwords, passwords, passwords, async (password, strong, digitTwoLetters) => {
        const dto = { password, strong, digitTwoLetters };
        const ours = !(await tool.invoke({ dto })).isError;
        expect([dto, ours]).toEqual([dto, classValidatorAccepts(Signup, dto)]);
        expect([dto, ours]).toEqual([dto, schemaAccepts(tool, { dto })]);
      }),
      { numRuns: 300, seed: 2026 },
    );
  });

  it('with a flag the pattern is not written (as any flagged @Matches), the phrase shows the flag on each part, class-validator runs it on RE2', async () => {
    class Code {
      @Matches(/^(?=.*\d)[a-z\d]{4}$/i) code!: string;
    }
    const t = toolOf(Code);
    expect(JSON.stringify((t.inputSchema as { properties: { dto: unknown } }).properties.dto)).toBe(
      '{"type":"object","properties":{"code":{"type":"string","description":"Must match each of these patterns: /^.*\\\\d/i, /^[a-z\\\\d]{4}$/i."}},"required":["code"],"additionalProperties":false}',
    );
    expect(t.warnings).toEqual([
      'pattern /^(?=.*\\d)[a-z\\d]{4}$/i is not written to the schema (it has flags or is not valid in Unicode mode); class-validator still enforces it.',
    ]);
    for (const code of ['AB12', 'abcd', 'A1', 'a1b2c']) {
      expect([code, !(await t.invoke({ dto: { code } })).isError]).toEqual([code, /^(?=.*\d)[a-z\d]{4}$/i.test(code)]);
    }
  });

  it('a refusal says the pattern', async () => {
    expect(textOf(await tool.invoke({ dto: { password: 'abcdefgh', strong: 'Ab1#xyzw', digitTwoLetters: 'ab1' } }))).toBe(
      "Argument 'dto.password' must match the pattern ^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$.",
    );
  });

  it('a pattern of another shape is not split: no ^, a quantified or later lookahead, a top-level alternative, a multiline flag', () => {
    expect(leadingLookaheads('^(?=.*\\d)(?=.*[a-z]).{8,}$')).toEqual({ lookaheads: ['.*\\d', '.*[a-z]'], rest: '.{8,}$' });
    expect(leadingLookaheads('^(?=[(])[^)]')).toEqual({ lookaheads: ['[(]'], rest: '[^)]' });
    for (const p of ['(?=.*\\d).{8,}', '^(?=a)*b', '^a(?=b)', '^(?=a)b|c', '^(?!a)b']) expect([p, leadingLookaheads(p)]).toEqual([p, undefined]);
    expect(() => linearPattern('^(?=.*\\d)x$', 'm')).toThrow();
  });
});

describe('issue 20: other lookaround and backreferences are enforced by class-validator within the maxLength', () => {
  class Account {
    @MaxLength(20) @Matches(/((?=.*\d)|(?=.*\W+))(?![.\n])(?=.*[A-Z])(?=.*[a-z]).*$/) password!: string;
    @MaxLength(32) @Matches(/^(?!.*\s).+$/) handle!: string;
    @MaxLength(8, { each: true }) @Matches(/^(\w)\1/, { each: true }) @Matches(/(?<!x)y$/, { each: true }) @Prop({ type: [String] }) codes!: string[];
  }
  const tool = toolOf(Account);

  it('each is a phrase and a warning that states the bound', () => {
    expect(JSON.stringify((tool.inputSchema as { properties: { dto: unknown } }).properties.dto)).toBe(
      '{"type":"object","properties":{' +
        '"password":{"type":"string","description":"Must match the pattern ((?=.*\\\\d)|(?=.*\\\\W+))(?![.\\\\n])(?=.*[A-Z])(?=.*[a-z]).*$.","maxLength":20},' +
        '"handle":{"type":"string","description":"Must match the pattern ^(?!.*\\\\s).+$.","maxLength":32},' +
        '"codes":{"type":"array","description":"Each item: must match the pattern (?<!x)y$. Each item: must match the pattern ^(\\\\w)\\\\1.","items":{"type":"string","maxLength":8}}' +
        '},"required":["password","handle","codes"],"additionalProperties":false}',
    );
    expect(tool.warnings).toEqual([
      '@Matches pattern /((?=.*\\d)|(?=.*\\W+))(?![.\\n])(?=.*[A-Z])(?=.*[a-z]).*$/ uses lookaround or a backreference, which cannot be matched in linear time: it is not written to the schema; the description says "Must match the pattern ((?=.*\\d)|(?=.*\\W+))(?![.\\n])(?=.*[A-Z])(?=.*[a-z]).*$.", and class-validator enforces it, on values of at most 20 characters (the maxLength).',
      '@Matches pattern /^(?!.*\\s).+$/ uses lookaround or a backreference, which cannot be matched in linear time: it is not written to the schema; the description says "Must match the pattern ^(?!.*\\s).+$.", and class-validator enforces it, on values of at most 32 characters (the maxLength).',
      '@Matches pattern /(?<!x)y$/ uses lookaround or a backreference, which cannot be matched in linear time: it is not written to the schema; the description says "Must match the pattern (?<!x)y$.", and class-validator enforces it, on values of at most 8 characters (the maxLength).',
      '@Matches pattern /^(\\w)\\1/ uses lookaround or a backreference, which cannot be matched in linear time: it is not written to the schema; the description says "Must match the pattern ^(\\w)\\1.", and class-validator enforces it, on values of at most 8 characters (the maxLength).',
    ]);
  });

  it("the invoker gives class-validator's verdict", async () => {
    const texts = fc.string({ unit: fc.constantFrom('a', 'A', '1', '.', ' ', 'x', 'y', '\n'), maxLength: 24 });
    await fc.assert(
      fc.asyncProperty(texts, texts, fc.array(texts, { maxLength: 3 }), async (password, handle, codes) => {
        const dto = { password, handle, codes };
        const ours = !(await tool.invoke({ dto })).isError;
        expect([dto, ours]).toEqual([dto, classValidatorAccepts(Account, dto)]);
      }),
      { numRuns: 300, seed: 2026 },
    );
    expect(textOf(await tool.invoke({ dto: { password: 'Abc1', handle: 'a b', codes: ['aay', 'aby'] } }))).toBe(
      [
        "Argument 'dto.handle' must match /^(?!.*\\s).+$/ regular expression.",
        "Argument 'dto.codes' each value in codes must match /^(\\w)\\1/ regular expression.",
      ].join('\n'),
    );
  });

  it('without a maxLength the definition is OLT015, whose fix names the bound to add', () => {
    class Open {
      @Matches(/^(?!admin).*$/) name!: string;
    }
    let thrown: unknown;
    try {
      toolOf(Open);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ToolDefinitionError);
    expect((thrown as ToolDefinitionError).code).toBe('OLT015');
    expect((thrown as ToolDefinitionError).reason).toBe(
      '@Matches pattern /^(?!admin).*$/ uses lookaround or a backreference, which cannot be matched in linear time, and its value has no maxLength: class-validator would run it on input of any length. Give the value a maxLength (@MaxLength(n), @Length(min, max) or the maxLength option), so that it runs only on values that short, or write the pattern without backreferences, lookbehind or negative lookahead.',
    );
  });
});

/** How the cost of a call grows from a hundredth of `n` characters to `n`, as text (helpers/growth.ts: about 1 when linear, about 100 when quadratic). */
function growth(t: ToolDefinition, args: (n: number) => object, n: number): Promise<number> {
  return growthOverLinear(
    (text: string) => t.invoke(text),
    (size) => JSON.stringify(args(size)),
    n,
  );
}

describe('issue 20: hostile input stays linear', () => {
  // 4,000 and 400,000 characters. RE2 runs the small one on its bit-state backtracker, faster per
  // character than the engine it uses on the large one: that can only raise the figure.
  const N = 400_000;

  it('a lookahead pattern whose parts a backtracking engine runs in exponential time (25 characters: 17 s), on 400k characters', async () => {
    class Hostile {
      @Matches(/^(?=(a|a)*$)(?=.*\d)/) s!: string;
      @Matches(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/) password!: string;
    }
    const t = toolOf(Hostile);
    expect(textOf(await t.invoke({ dto: { s: `${'a'.repeat(N - 1)}b`, password: 'a'.repeat(N) } }))).toBe(
      [
        "Argument 'dto.s' must match the pattern ^(?=(a|a)*$)(?=.*\\d).",
        "Argument 'dto.password' must match the pattern ^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{8,}$.",
      ].join('\n'),
    );
    expect(await growth(t, (n) => ({ dto: { s: `${'a'.repeat(n - 1)}b`, password: 'Passw0rd' } }), N)).toBeLessThan(LINEAR);
  }, 120_000);

  it('a pattern class-validator runs is never given more than the maxLength: 400k characters are refused by the schema first', async () => {
    class Bounded {
      @MaxLength(30) @Matches(/^(?!(a|a)*$)/) s!: string;
    }
    const t = toolOf(Bounded);
    const args = (n: number) => ({ dto: { s: 'a'.repeat(n) } });
    expect(textOf(await t.invoke(args(N)))).toBe("Argument 'dto.s' must be at most 30 characters long.");
    expect(await growth(t, args, N)).toBeLessThan(LINEAR);
  });
});
