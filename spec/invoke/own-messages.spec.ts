import 'reflect-metadata';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { Tool } from 'tool-signatures';
import { withFastPath } from '../helpers/fast-path';

/**
 * CONTRACT v3.2, "The team's own messages": a class-validator rule's `message` option is the text of
 * that rule's argument problem, whether the schema expresses the rule (the invoker finds it) or not
 * (class-validator finds it); a bound written on one side only reads as such.
 */

class Signup {
  @IsEmail({}, { message: 'use your work address' }) email!: string;
  @IsString({ message: '$property must be text' }) @MinLength(8, { message: 'a password has at least $constraint1 characters' }) password!: string;
  @IsOptional() @IsInt({ message: 'whole years only' }) @Min(18, { message: 'you must be an adult, not $value' }) age?: number;
  @IsOptional() @IsIn(['en', 'fr'], { message: 'we speak en and fr' }) language?: string;
  /** No keyword says this pattern's flag: class-validator finds it, with its message. */
  @IsOptional() @Matches(/^team-/i, { message: 'a team name starts with team-' }) team?: string;
  @IsOptional() @IsString({ each: true, message: 'each tag is text' }) tags?: string[];
}

class Bounds {
  @IsInt() @Min(18) adult!: number;
  @IsInt() @Max(10) small!: number;
  @IsInt() @Min(1) @Max(5) both!: number;
  @IsInt() any!: number;
}

class Accounts {
  @Tool({ input: 'dto' })
  signup(dto: Signup) {
    return dto.email;
  }

  @Tool({ input: 'dto' })
  bounds(dto: Bounds) {
    return String(dto.adult);
  }
}

const [signup, bounds] = Tool.fromInstance(new Accounts());
const text = (r: { parts: readonly { type: string }[] }) => r.parts.map((p) => ('text' in p ? p.text : '')).join('\n');
const valid = { email: 'ada@example.com', password: 'correct horse' };

describe.each([true, false])("The team's own messages (fast path %s)", (fast) => {
  const refusal = async (args: object) => withFastPath(fast, async () => text(await signup!.invoke(args)));

  it('a rule the schema says (format, minLength, minimum, enum, type) is refused in its message', async () => {
    expect(await refusal({ email: 'ada', password: 'short', age: 16, language: 'de' })).toBe(
      [
        "Argument 'email' use your work address.",
        "Argument 'password' a password has at least 8 characters.",
        "Argument 'age' you must be an adult, not 16.",
        "Argument 'language' we speak en and fr.",
      ].join('\n'),
    );
    expect(await refusal({ ...valid, age: 18.5, password: 5 })).toBe(["Argument 'password' must be text.", "Argument 'age' whole years only."].join('\n'));
  });

  it('a rule no keyword says is refused by class-validator, in its message', async () => {
    expect(await refusal({ ...valid, team: 'ops' })).toBe("Argument 'team' a team name starts with team-.");
  });

  it("an item's rule (each: true) is refused in its message", async () => {
    expect(await refusal({ ...valid, tags: ['a', 1] })).toBe("Argument 'tags[1]' each tag is text.");
  });

  it('a bound written on one side reads as one side', async () => {
    const r = await withFastPath(fast, async () => text(await bounds!.invoke({ adult: 17, small: 11, both: 0, any: 0.5 })));
    expect(r).toBe(
      [
        "Argument 'adult' must be an integer of at least 18.",
        "Argument 'small' must be an integer of at most 10.",
        "Argument 'both' must be an integer from 1 to 5.",
        "Argument 'any' must be an integer from -9007199254740991 to 9007199254740991.",
      ].join('\n'),
    );
  });
});
