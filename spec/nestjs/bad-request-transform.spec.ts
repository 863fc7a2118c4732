import { runProgram } from '../helpers/programs';

/** Issue 20: a NestJS BadRequestException thrown in a @Transform, run in a real NestJS 12 install (programs/20_bad-request.ts). */
describe('issue 20: a BadRequestException thrown in a @Transform refuses the argument', () => {
  it('with its message, its list of messages (at most five), or its class name; class-transformer throws it in every case', async () => {
    const rows = await runProgram<[string, boolean, string][]>('spec/nestjs/programs/bad-request.ts', ['spec/nestjs/programs']);
    expect(rows).toEqual([
      ['accepted', false, 'remembered at 2026-03-01T10:00:00.000Z'],
      ['threw BadRequestException', true, "Argument 'memory.memoryAt' was refused: memoryAt must be a date string."],
      ['threw BadRequestException', true, "Argument 'memory.note' was refused: note must be short; note must be plain text."],
      ['threw BadRequestException', true, "Argument 'memory.note' was refused: Bad Request Exception."],
      [
        'threw BadRequestException',
        true,
        "Argument 'memory.note' was refused: rule 1 fails; rule 2 fails; rule 3 fails; rule 4 fails; rule 5 fails (and 7 more).",
      ],
    ]);
  }, 180_000);
});
