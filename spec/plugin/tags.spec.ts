import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { diagnose } from '../../lib/plugin';
import { compilerOptions, ROOT } from './harness';

/**
 * typia-style doc tags (`@minimum 1`, `@format email`, ...): a value that does not read is OLT015 at
 * the tag, never ignored. What well-formed tags give is compared with the options in the parity suite
 * (spec/fixtures/plugin: Bounds, Formats, TaggedDtos, calls).
 */
const SOURCE = `import { Tool, Param, Int32 } from 'tool-signatures';
import { MaxLength } from 'class-validator';

export class Bad {
  /** @minimum abc */
  low!: number;
  /** @maxLength -1 */
  name!: string;
  /** @format postcode */
  zip!: string;
  /** @pattern (?<=a)b[ */
  code!: string;
  /** @default {oops */
  limit!: number;
  /** @maxLength many */
  @MaxLength(5) short!: string;
}

export class Tools {
  @Tool() run(bad: Bad, /** @multipleOf 0 */ step: number, /** @exclusiveMaximum */ top: number, /** @example [1, */ list: Int32[], @Param({ minimum: 1 }) /** @minimum x */ n: number) { return String(step + top + list.length + n); }
  @Tool() fine(/** @default hello world */ text: string, /** @default null */ note: string | null, /** @example {"a": [1, 2]} */ o: Record<string, Int32[]>) { return text + note + String(o); }
}
`;

describe('plugin doc tags: a malformed value is OLT015 at the tag', () => {
  let found: { line: number; text: string; code: number }[];
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-tags-'));
    const file = path.join(dir, 'tags.ts');
    fs.writeFileSync(file, SOURCE);
    const o = compilerOptions({ noEmit: true });
    const program = ts.createProgram([file], {
      ...o,
      paths: { ...o.paths, 'class-validator': [path.join(ROOT, 'node_modules/class-validator/types/index.d.ts')] },
    });
    found = diagnose(program).map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start!).line + 1,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      code: d.code,
    }));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports each malformed tag once, with its line and the catalogue text', () => {
    expect([...found].sort((a, b) => a.line - b.line)).toEqual([
      { line: 5, code: 99015, text: 'OLT015: @minimum abc is not a finite number.' },
      { line: 7, code: 99015, text: 'OLT015: @maxLength must be a non-negative integer, not -1.' },
      {
        line: 9,
        code: 99015,
        text: "OLT015: format 'postcode' is not one the invoker checks (an unknown format would be written and never enforced). Use one of: date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, uuid; or a pattern.",
      },
      {
        line: 11,
        code: 99015,
        text: 'OLT015: pattern (?<=a)b[ has flags or does not compile in Unicode (u) mode. Write it without flags, valid with the u flag.',
      },
      { line: 13, code: 99015, text: 'OLT015: the doc tag @default {oops is not JSON. Write a JSON value (a string slot takes the text as written).' },
      { line: 20, code: 99015, text: 'OLT015: @multipleOf 0 is not a positive finite number.' },
      { line: 20, code: 99015, text: 'OLT015: @exclusiveMaximum (nothing) is not a finite number.' },
      { line: 20, code: 99015, text: 'OLT015: the doc tag @example [1, is not JSON. Write a JSON value (a string slot takes the text as written).' },
    ]);
  });
});
