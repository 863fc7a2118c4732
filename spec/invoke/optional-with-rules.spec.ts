import 'reflect-metadata';
import { IsString, MaxLength } from 'class-validator';
import { Prop, Tool } from '../../lib';
import { __setFastPath } from '../helpers/fast-path';

// Issue 13: a DTO property that the schema makes optional (`@Prop({ optional: true })`, or `?` read
// by the plugin and `generate`) but that carries class-validator rules without `@IsOptional()` was
// refused when absent (`Argument 'contact.nickname' must be a string.`): the schema said one thing
// and the invoker enforced another.
class Contact {
  @IsString() name!: string;
  @Prop({ optional: true }) @IsString() @MaxLength(5) nickname?: string;
}

const save = Tool.create(
  function save(contact: Contact) {
    return `${contact.name}/${String(contact.nickname)}/${contact instanceof Contact}`;
  },
  { params: { contact: Contact } },
);

const text = async (args: object) => (await save.invoke(args)).parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');

describe.each([
  ['the fast path', true],
  ['the general path', false],
])('an optional DTO property with class-validator rules, on %s', (_, fast) => {
  beforeAll(() => __setFastPath(fast));
  afterAll(() => __setFastPath(true));

  it('may be absent, as the schema says', async () => {
    expect(JSON.stringify(save.inputSchema)).toBe(
      '{"type":"object","properties":{"contact":{"type":"object","properties":{"name":{"type":"string"},"nickname":{"type":"string","maxLength":5}},"required":["name"],"additionalProperties":false}},"required":["contact"],"additionalProperties":false}',
    );
    expect(await text({ contact: { name: 'Ada' } })).toBe('Ada/undefined/true');
  });

  it('is still checked by its rules when present', async () => {
    expect(await text({ contact: { name: 'Ada', nickname: 'Lovelace' } })).toBe("Argument 'contact.nickname' must be at most 5 characters long.");
    expect(await text({ contact: { name: 'Ada', nickname: 'Ady' } })).toBe('Ada/Ady/true');
  });

  it('a required property with rules is still required', async () => {
    expect(await text({ contact: { nickname: 'Ady' } })).toBe("Argument 'contact.name' is required.");
  });
});
