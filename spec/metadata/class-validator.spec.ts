import 'reflect-metadata';
import { Allow, IsInt, MaxLength, MinLength } from 'class-validator';
import { Param, Tool } from 'tool-signatures';
import { validationPlan, validatorRules } from '../../lib/metadata/class-validator';

describe("class-validator's storage as the library reads it", () => {
  it("@Allow (metadata type 'whitelistValidation') is read as allow, and leaves the class's rules to the invoker's own checks", () => {
    class Note {
      @Allow() tag!: string;
      @MinLength(1) @MaxLength(5) text!: string;
    }
    expect(validatorRules(Note, 'tag').map((r) => r.name)).toEqual(['allow']);
    const plan = validationPlan(Note);
    expect(plan.kind).toBe('emulated');
  });

  it('an @Allow property is still validated as the schema says, and a rule beside it still holds', async () => {
    class Note {
      @Allow() @IsInt() n!: number;
      @MaxLength(3) text!: string;
    }
    class A {
      @Tool() run(@Param({ type: () => Note }) note: Note) {
        return note.text;
      }
    }
    const tool = Tool.fromInstance(new A())[0]!;
    expect((await tool.invoke({ note: { n: 1, text: 'abc' } })).isError).toBe(false);
    const refused = await tool.invoke({ note: { n: 1.5, text: 'abcd' } });
    expect((refused.parts[0] as { text: string }).text).toBe(
      "Argument 'note.n' must be an integer from -9007199254740991 to 9007199254740991.\nArgument 'note.text' must be at most 3 characters long.",
    );
  });
});
