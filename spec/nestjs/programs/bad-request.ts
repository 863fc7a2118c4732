/**
 * Issue 20: a NestJS `BadRequestException` thrown inside a `@Transform` (a real idiom: transforms
 * that validate) refuses the argument, with the exception's own message, or its list of messages.
 * NestJS 12 is ES-module only, so this runs as a compiled program in a Node process (see
 * spec/helpers/programs.ts); it prints one JSON object that spec/nestjs/bad-request-transform.spec.ts checks.
 */
import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsDate, IsString, validateSync } from 'class-validator';
import { Tool, type ToolResult } from 'tool-signatures';

class Memory {
  @Transform(({ value }) => {
    if (typeof value !== 'string' || !value.endsWith('Z')) throw new BadRequestException('memoryAt must be a date string');
    return new Date(value);
  })
  @IsDate()
  memoryAt!: Date;

  @Transform(({ value }) => {
    if (value === 'list') throw new BadRequestException(['note must be short', 'note must be plain text.']);
    if (value === 'object') throw new BadRequestException({ reason: 'no message here' });
    if (value === 'many') throw new BadRequestException(Array.from({ length: 12 }, (_, i) => `rule ${i + 1} fails`));
    return value;
  })
  @IsString()
  note!: string;
}

const tool = Tool.create(
  function remember(memory: Memory) {
    return `remembered at ${memory.memoryAt.toISOString()}`;
  },
  { params: [{ name: 'memory', type: Memory }] },
);

function classValidator(json: object): string {
  try {
    const errors = validateSync(plainToInstance(Memory, json), { whitelist: true, forbidNonWhitelisted: true });
    return errors.length === 0 ? 'accepted' : 'refused';
  } catch (e) {
    return `threw ${(e as Error).name}`;
  }
}

async function main(): Promise<void> {
  const rows: [string, boolean, string][] = [];
  for (const memory of [
    { memoryAt: '2026-03-01T10:00:00Z', note: 'hi' },
    { memoryAt: '2026-03-01T10:00:00+01:00', note: 'hi' },
    { memoryAt: '2026-03-01T10:00:00Z', note: 'list' },
    { memoryAt: '2026-03-01T10:00:00Z', note: 'object' },
    { memoryAt: '2026-03-01T10:00:00Z', note: 'many' },
  ]) {
    const r: ToolResult = await tool.invoke({ memory });
    rows.push([classValidator(memory), r.isError, (r.parts[0] as { text: string }).text]);
  }
  process.stdout.write(JSON.stringify(rows));
}

void main();
