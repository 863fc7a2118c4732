/**
 * `tool-signatures check`: every tool built both ways (plain tsc emit with design types, and the
 * plugin's full types), each argument that loses type information at run time reported with the
 * exact schema difference and the hint that fixes it. (On the repository's samples, whose NestJS
 * packages are ES modules only, the command runs in its own Node process: spec/cli/cli.spec.ts.)
 */
import * as path from 'path';
import { check } from '../../lib/plugin/check';
import { main } from '../../lib/plugin/cli';

const ROOT = path.resolve(__dirname, '../..');
const project = (name: string) => path.join(ROOT, 'spec/fixtures/check', name, 'tsconfig.json');

function run(...args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(['check', ...args], { out: (s) => (out += s), err: (s) => (err += s) });
  if (typeof code !== 'number') throw new Error('check returned a promise');
  return { code, out, err };
}

describe('check', () => {
  it('finds each silent loss of the runtime path, with the schema both ways and the fix', () => {
    const result = check({ project: project('losses') });
    const at = `${path.join(ROOT, 'spec/fixtures/check/losses/tools.ts')}:22`;
    expect(result.failures).toEqual([]);
    expect(result.tools).toBe(1);
    expect(result.losses).toEqual([
      {
        at,
        tool: 'book',
        slot: 'cabin',
        kind: 'type',
        full: '{"type":"string","enum":["economy","business"]}',
        runtime: '{"type":"string"}',
        fix: "@Param({ type: EnumOf(Cabin) }) on 'cabin'",
      },
      {
        at,
        tool: 'book',
        slot: 'seats',
        kind: 'type',
        full: '{"type":"string","enum":["One","Two"]}',
        runtime: '{"type":"number"}',
        fix: "@Param({ type: EnumOf(Seats) }) on 'seats'",
      },
      {
        at,
        tool: 'book',
        slot: 'mode',
        kind: 'type',
        full: '{"type":"string","enum":["fast","slow"]}',
        runtime: '{"type":"string"}',
        fix: `@Param({ type: EnumOf(["fast", "slow"]) }) on 'mode'`,
      },
      {
        at,
        tool: 'book',
        slot: 'contact.nickname',
        kind: 'optional',
        full: 'optional',
        runtime: 'required',
        fix: '@IsOptional() (class-validator) or @Prop({ optional: true }) on Contact.nickname',
      },
      {
        at,
        tool: 'book',
        slot: 'contact.scores',
        kind: 'type',
        full: '{"type":"object","additionalProperties":{"type":"number"}}',
        runtime: '{"type":"object"}',
        fix: '@Prop({ type: RecordOf(Number) }) on Contact.scores',
      },
      {
        at,
        tool: 'book',
        slot: 'when',
        kind: 'optional',
        full: 'optional',
        runtime: 'required',
        fix: "@Param({ optional: true }) on 'when', or give it a default value",
      },
    ]);
  }, 240_000);

  it('exits 1 and prints each loss when something is lost', () => {
    const r = run(project('losses'));
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      'tool \'book\', argument \'cabin\' loses its type.\n    full types: {"type":"string","enum":["economy","business"]}\n    run time:   {"type":"string"}\n    fix: @Param({ type: EnumOf(Cabin) }) on \'cabin\'\n',
    );
    expect(r.out).toContain("tool 'book', argument 'when' is optional in the source, required at run time.");
    expect(r.out).toMatch(/1 tool checked: 6 arguments lose type information at run time\. Add the hints above, or compile with the plugin\.\n$/);
  }, 240_000);

  it('v3.2: names each DTO property that no source types (OLT016); exits 0, and 1 with --strict', () => {
    const result = check({ project: project('untyped') });
    const at = `${path.join(ROOT, 'spec/fixtures/check/untyped/tools.ts')}:13`;
    expect(result.losses).toEqual([]);
    expect(result.untyped.map((u) => [u.at, u.tool, u.message.split(': no source')[0]])).toEqual([
      [at, 'save', 'OLT016: property Note.data'],
      [at, 'save', 'OLT016: property Note.tags'],
    ]);
    const plain = run(project('untyped'));
    expect(plain.code).toBe(0);
    expect(plain.out).toContain("tools.ts:13: tool 'save': OLT016: property Note.data: no source names its type");
    expect(plain.out).toMatch(
      /1 tool checked: the runtime path sees every type the source declares\. 2 DTO properties are typed by no source \(OLT016: listed above; check --strict refuses them\)\.\n$/,
    );
    const strict = run(project('untyped'), '--strict');
    expect(strict.code).toBe(1);
    expect(strict.out).toBe(plain.out);
  }, 240_000);

  it('exits 0 when the hints it names are written', () => {
    const r = run(project('hinted'));
    expect(r).toEqual({ code: 0, out: '1 tool checked: the runtime path sees every type the source declares.\n', err: '' });
  }, 240_000);

  it('matches tools by their prefixed names, and a DTO taken as the whole input, on both paths', () => {
    const r = run(project('prefixed'));
    expect(r).toEqual({ code: 0, out: '2 tools checked: the runtime path sees every type the source declares.\n', err: '' });
  }, 240_000);

  it('is honest in a project that compiles with the plugin: exit 0, what plain tsc would lose listed as such', () => {
    const r = run(project('plugin'));
    expect(r.err).toBe('');
    expect(r.out).toContain("tool 'label', argument 'mode' loses its type.\n");
    expect(r.out).toContain("tools.ts:13: the runtime path cannot build it: OLT002: Cannot build tool 'tag' (Tags.tag)");
    expect(r.out.split('\n').at(-2)).toBe(
      '2 tools checked: this project compiles with the plugin (tsconfig.json "plugins" (ts-patch)), so its tools get the full types at run time ' +
        '(without the plugin, 1 argument would lose type information and 1 could not be built: listed above).',
    );
    expect(r.code).toBe(0);
  }, 240_000);

  it('knows a module `generate` wrote under another name (--out) as the plugin, as it knows tool-signatures.generated.ts', () => {
    const r = run(project('generated-out'));
    expect(r.err).toBe('');
    expect(r.out.split('\n').at(-2)).toBe(
      '2 tools checked: this project compiles with the plugin (meta.ts (tool-signatures generate)), so its tools get the full types at run time ' +
        '(without the plugin, 1 argument would lose type information and 1 could not be built: listed above).',
    );
    expect(r.code).toBe(0);
  }, 240_000);

  it('exits 2 for a usage error', () => {
    expect(run('no-such-tsconfig.json').code).toBe(2);
    expect(run('a.json', 'b.json').code).toBe(2);
    expect(run('--frobnicate').code).toBe(2);
  });
});
