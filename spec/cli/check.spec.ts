/**
 * `tool-signatures check` and `generate`, the compile-time plugin's rows of the command table:
 * through the command's entry (in this process), every problem of every tool counted and printed
 * (issue 24); on the repository's samples through the compiled command in its own Node process.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main, type Io } from '../../lib/cli';
import { compiled, node } from '../helpers/programs';

const ROOT = path.resolve(__dirname, '../..');
const project = (name: string) => path.join(ROOT, 'spec/fixtures/check', name, 'tsconfig.json');

async function command(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { cwd: ROOT, out: (s) => (out += s), err: (s) => (err += s), readStdin: async () => '' };
  const code = await main(args, io);
  return { code, out, err };
}
const run = (...args: string[]) => command(['check', ...args]);

const OBJECT_FIX =
  "Give the type as a hint: @Param({ type: ... }) or @Prop({ type: ... }) (interfaces, unions, type aliases and Partial<T> are erased: ObjectOf({ ... }) for an object type, AnyOf(...) for a union; any and unknown are JsonValue), or compile with the plugin, which reads them. A class imported with `import type` is erased to Object too when each file is compiled alone (isolatedModules): Import the class as a value, not with `import type` (import { CreateOrderDto } from './create-order.dto'; for a context parameter, import { ToolContext } from 'tool-signatures'), or build with the plugin (tool-signatures/plugin: ts-patch, ts-jest, or nest-cli.json \"plugins\"), which reads the type from the source and needs no value import.";

describe('tool-signatures check (issue 24)', () => {
  it('counts every tool of a class it cannot build, and prints each problem', async () => {
    const r = await run(project('problems'));
    expect(r.err).toBe('');
    expect(r.out).toBe(
      [
        'spec/fixtures/check/problems/tools.ts:9: the runtime path cannot build it: 4 problems in class DocketService:',
        `    - OLT002: Cannot build tool 'find' (DocketService.find), parameter #0 'query': its type was erased to Object. ${OBJECT_FIX}`,
        "    - OLT002: Cannot build tool 'tag' (DocketService.tag), parameter #0 'tags': its type was erased to Array. Give the element type: @Param({ type: () => [Item] }) (or @Type(() => Item) on a property); any[] and unknown[] are JsonArray. A tuple ([string, number]) has no schema: take a class with named properties instead.",
        `    - OLT002: Cannot build tool 'tag' (DocketService.tag), parameter #1 'labels': its type was erased to Object. ${OBJECT_FIX}`,
        "    - OLT015: Cannot build tool 'close' (DocketService.close): timeoutSeconds must be a finite number of seconds, 0 or more (0 means none), not -1.",
        '5 tools checked: 3 cannot be built at run time. Add the hints above, or compile with the plugin.',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
  }, 240_000);

  it('warns of each hint looser than the declared type, and exits 1', async () => {
    const r = await run(project('looser'));
    expect(r.err).toBe('');
    expect(r.out).toBe(
      [
        "spec/fixtures/check/looser/tools.ts:13: warning OLT015: parameter 'level': the type hint String is looser than the declared type 'low' | 'high': the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: EnumOf(['low', 'high']).",
        "spec/fixtures/check/looser/tools.ts:13: warning OLT015: parameter 'seats': the type hint Number is looser than the declared type Seats: the schema would accept values the type does not. Remove the hint (the plugin reads the type), or give the exact one: EnumOf(Seats).",
        '1 tool checked: 2 hints are looser than the declared type. Fix the hints above.',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
  }, 240_000);
});

describe('check on the samples', () => {
  // In its own Node process: the NestJS samples import ES-module-only packages, which Node's
  // require loads (require(esm)) and Jest's does not.
  it("passes on the repository's samples, running none of them", async () => {
    const dir = await compiled(['lib/cli/index.ts'], ['lib/cli']);
    const r = await node([path.join(dir, 'lib', 'cli', 'index.js'), 'check', path.join(ROOT, 'tsconfig.samples.json')], 240_000);
    expect(r.stderr).toBe('');
    const summary = r.stdout.split('\n').at(-2)!;
    expect(summary).toMatch(/^\d+ tools checked: the runtime path sees every type the source declares\.$/);
    expect(Number(/^\d+/.exec(summary)![0])).toBeGreaterThanOrEqual(15);
    expect(r.code).toBe(0);
  }, 300_000);
});

describe('generate', () => {
  it('writes the static metadata module of a project, and names a missing project', async () => {
    const gen = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-generate-'));
    try {
      fs.cpSync(path.join(__dirname, 'fixtures', 'ts-source'), gen, { recursive: true });
      fs.writeFileSync(
        path.join(gen, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'commonjs',
            strict: true,
            experimentalDecorators: true,
            skipLibCheck: true,
            noEmit: true,
            paths: { 'tool-signatures': [path.join(ROOT, 'lib', 'index.ts')] },
          },
          files: ['tools.ts', 'mail.ts'],
        }),
      );
      const r = await command(['generate', path.join(gen, 'tsconfig.json'), '--out', path.join(gen, 'tools.meta.ts')]);
      expect([r.code, r.err]).toEqual([0, '']);
      expect(fs.readFileSync(path.join(gen, 'tools.meta.ts'), 'utf8')).toMatch(/registerGeneratedMetadata\(\[[^]*\[\(\) => [\w.]*\bMailer\b/);
      const missing = await command(['generate', path.join(gen, 'nowhere.json')]);
      expect(missing.code).toBe(2);
    } finally {
      fs.rmSync(gen, { recursive: true, force: true });
    }
  }, 150_000);
});
