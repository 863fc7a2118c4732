/**
 * DTO parameters: a class with class-validator rules and class-transformer hints is a closed
 * object in the schema; the method receives an instance of it, nested DTOs and dates converted,
 * and class-validator's rules hold before the call.
 *
 * Run: npm start -- samples/dtos
 */
import 'reflect-metadata';
import { Expose, Type } from 'class-transformer';
import { ArrayMaxSize, IsEmail, IsOptional, Length, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Description, Prop, Tool, Uuid } from 'tool-signatures';

@ValidatorConstraint({ name: 'weekday' })
class IsWeekday implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value instanceof Date && value.getUTCDay() !== 0 && value.getUTCDay() !== 6;
  }
  defaultMessage(): string {
    return 'must fall on a weekday';
  }
}

class Attendee {
  @Description('Full name.') @Length(1, 80) name!: string;
  @IsEmail() email!: string;
}

class MeetingRequest {
  @Description('What the meeting is about.') @Length(3, 120) title!: string;
  // A JSON name that differs from the property name.
  @Expose({ name: 'starts_at' }) @Description('Start, with an offset.') @Validate(IsWeekday) startsAt!: Date;
  @Type(() => Attendee) @ArrayMaxSize(8) attendees!: Attendee[];
  @Prop({ type: Uuid }) @IsOptional() roomId?: string;
}

class Calendar {
  @Tool({ description: 'Book a meeting.' })
  bookMeeting(request: MeetingRequest): string {
    const kinds = [request instanceof MeetingRequest, request.startsAt instanceof Date, request.attendees.every((a) => a instanceof Attendee)];
    return `booked '${request.title}' at ${request.startsAt.toISOString()} for ${request.attendees.map((a) => a.name).join(', ')} (instances: ${kinds.join(', ')}; room: ${request.roomId ?? 'any'})`;
  }
}

async function main(): Promise<void> {
  const [book] = Tool.fromInstance(new Calendar());
  console.log(JSON.stringify(book!.inputSchema));
  const good = { request: { title: 'Q2 planning', starts_at: '2026-03-03T09:00:00+01:00', attendees: [{ name: 'Ana', email: 'ana@example.com' }] } };
  const weekend = { request: { ...good.request, starts_at: '2026-03-07T09:00:00Z' } };
  const bad = { request: { title: 'Q', starts_at: '2026-02-30T09:00:00Z', attendees: [{ name: 'Bo', email: 'not-an-email' }], roomId: 'room 4' } };
  for (const args of [good, weekend, bad]) {
    const r = await book!.invoke(args);
    console.log(`${r.isError ? 'error' : 'ok'}: ${r.parts.map((p) => (p.type === 'text' ? p.text : JSON.stringify(p))).join('\n')}`);
  }
}

void main();
