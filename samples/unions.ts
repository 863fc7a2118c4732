/**
 * Unions and recursive classes: a tagged union of two DTO classes (the tag picks the class the
 * method receives) and a recursive filter (`and`/`or`/`not` of itself), written with `$defs`.
 *
 * Run: npm start -- samples/unions
 */
import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { AnyOf, Description, Discriminated, Param, Prop, Range, Tool, toOpenAITool } from 'tool-signatures';

class Email {
  @Description('Recipient address.') @Prop({ format: 'email' }) to!: string;
  @Prop() subject!: string;
}

class Sms {
  @Prop() kind!: string;
  @Description('Phone number in E.164 form.') @Prop({ pattern: '^\\+[1-9]\\d{6,14}$' }) phone!: string;
}

@Description('A condition on a field, or a combination of conditions.')
class Filter {
  @IsOptional() @Prop() field?: string;
  @IsOptional() @Prop({ type: AnyOf(String, Number) }) equals?: string | number;
  @IsOptional() @Prop({ type: () => [Filter] }) and?: Filter[];
  @IsOptional() @Prop({ type: () => [Filter] }) or?: Filter[];
  @IsOptional() @Prop({ type: () => Filter }) not?: Filter;
}

function describeFilter(f: Filter): string {
  if (f.and) return `(${f.and.map(describeFilter).join(' and ')})`;
  if (f.or) return `(${f.or.map(describeFilter).join(' or ')})`;
  if (f.not) return `not ${describeFilter(f.not)}`;
  return `${f.field} = ${String(f.equals)}`;
}

class Outbox {
  @Tool({ description: 'Send a notification by email or SMS.' })
  notify(@Param({ type: Discriminated('kind', { email: Email, sms: Sms }) }) channel: Email | Sms, @Range(1, 3) @Param() priority: number): string {
    return `${channel.constructor.name} (priority ${priority}): ${channel instanceof Email ? channel.to : channel.phone}`;
  }

  @Tool({ description: 'Find records that match a filter.' })
  find(@Param({ type: () => Filter, description: 'What the records must match.' }) where: Filter): string {
    return `${where instanceof Filter ? 'Filter' : 'plain'}: ${describeFilter(where)}`;
  }
}

async function main(): Promise<void> {
  const [notify, find] = Tool.fromInstance(new Outbox());
  console.log(`notify: ${JSON.stringify(notify!.inputSchema)}`);
  console.log(`find: ${JSON.stringify(find!.inputSchema)}`);
  console.log(`find, openai strict: ${JSON.stringify(toOpenAITool(find!).tool.function.parameters)}`);
  const calls: [typeof notify, object][] = [
    [notify, { channel: { kind: 'email', to: 'ana@example.com', subject: 'Hi' }, priority: 2 }],
    [notify, { channel: { kind: 'sms', phone: '+4915112345678' }, priority: 1 }],
    [notify, { channel: { kind: 'fax', number: '1' }, priority: 1 }],
    [notify, { channel: { kind: 'sms', phone: '0151' }, priority: 5 }],
    [find, { where: { or: [{ field: 'status', equals: 'open' }, { and: [{ field: 'age', equals: 3 }, { not: { field: 'owner', equals: 'bo' } }] }] } }],
    [find, { where: { or: [{ field: 'status', equals: ['open'] }] } }],
  ];
  for (const [tool, args] of calls) {
    const r = await tool!.invoke(args);
    console.log(`${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join('\n')}`);
  }
}

void main();
