/**
 * Unions and recursive classes: a tagged union of two DTO classes inside an array (the tag picks the
 * class the method receives) and a recursive filter (`and`/`or`/`not` of itself), written with
 * `$defs`; each tool with examples, checked by its own invoker when the definition is made.
 *
 * Run: `npm start` (the main job runs it last), or alone: npm start -- samples/unions
 */
import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { AnyOf, Description, Discriminated, Param, Prop, Range, Tool, toAnthropicTool, toOpenAITool } from 'tool-signatures';

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

const Channel = Discriminated('kind', { email: Email, sms: Sms });

class Outbox {
  @Tool({
    description: 'Send a notification by email or SMS.',
    examples: [
      {
        channels: [
          { kind: 'email', to: 'ana@example.com', subject: 'Invoice' },
          { kind: 'sms', phone: '+4915112345678' },
        ],
        priority: 2,
      },
    ],
  })
  notify(@Param({ type: () => [Channel] }) channels: (Email | Sms)[], @Range(1, 3) @Param() priority: number): string {
    const sent = channels.map((c) => `${c.constructor.name} ${c instanceof Email ? c.to : c.phone}`);
    return `priority ${priority}: ${sent.join(', ')}`;
  }

  @Tool({
    description: 'Find records that match a filter.',
    examples: [{ where: { and: [{ field: 'status', equals: 'open' }, { not: { field: 'owner', equals: 'bo' } }] } }],
  })
  find(@Param({ type: () => Filter, description: 'What the records must match.' }) where: Filter): string {
    return `${where instanceof Filter ? 'Filter' : 'plain'}: ${describeFilter(where)}`;
  }
}

/** Lists the two tools (schemas and two provider forms) and invokes each with good and bad arguments. */
export async function runUnionsSample(): Promise<void> {
  const [notify, find] = Tool.fromInstance(new Outbox());
  console.log(`notify: ${JSON.stringify(notify!.inputSchema)}`);
  console.log(`find: ${JSON.stringify(find!.inputSchema)}`);
  console.log(`find, openai strict: ${JSON.stringify(toOpenAITool(find!).tool.function.parameters)}`);
  console.log(`notify, anthropic input_examples: ${JSON.stringify(toAnthropicTool(notify!).tool.input_examples)}`);
  const calls: [typeof notify, object][] = [
    [notify, { channels: [{ kind: 'email', to: 'ana@example.com', subject: 'Hi' }], priority: 2 }],
    [
      notify,
      {
        channels: [
          { kind: 'sms', phone: '+4915112345678' },
          { kind: 'email', to: 'bo@example.com', subject: 'Hi' },
        ],
        priority: 1,
      },
    ],
    [notify, { channels: [{ kind: 'fax', number: '1' }], priority: 1 }],
    [
      notify,
      {
        channels: [
          { kind: 'email', to: 'ana@example.com', subject: 'Hi' },
          { kind: 'sms', phone: '0151' },
        ],
        priority: 5,
      },
    ],
    [find, { where: { or: [{ field: 'status', equals: 'open' }, { and: [{ field: 'age', equals: 3 }, { not: { field: 'owner', equals: 'bo' } }] }] } }],
    [find, { where: { or: [{ field: 'status', equals: ['open'] }] } }],
  ];
  for (const [tool, args] of calls) {
    const r = await tool!.invoke(args);
    console.log(`${tool!.name} ${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join('\n')}`);
  }
}

if (require.main === module) void runUnionsSample();
