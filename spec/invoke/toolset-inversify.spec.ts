/**
 * The inversify recipe, run as a user's CommonJS program on Node 20 runs it: inversify 8 is an ES
 * module only package, which jest's CommonJS runtime cannot load, so programs/inversify.ts is
 * compiled (scripts/compile.js) and run by Node (require(esm)).
 */
import { runProgram } from '../helpers/programs';

let out: { calls: string[]; events: string[]; opened: number; simple: string[] };

beforeAll(async () => {
  out = await runProgram<typeof out>('spec/invoke/programs/inversify.ts', ['spec/invoke/programs/inversify.ts']);
}, 180_000);

it('resolves the tool class from a child container per call; the root singleton is shared', () => {
  expect(out.calls).toEqual([
    'BOLT-M8: 120 (session 1)',
    '20 × BOLT-M8 written off (session 2)',
    "Tool 'write_off' failed: RangeError: only 100 in stock",
    "Argument 'qty' must be an integer from -2147483648 to 2147483647.",
    'BOLT-M8: 100 (session 4)',
  ]);
});

it("runs the per-call services' @preDestroy after every call that resolved them (a failed one too); invalid arguments resolve nothing", () => {
  expect([out.opened, out.events]).toEqual([4, ['closed session 1', 'closed session 2', 'closed session 3', 'closed session 4']]);
});

it("without a per-call scope, the root binding's scope decides (transient: built per call)", () => {
  expect(out.simple).toEqual(['BOLT-M8: 120 (session 5)', 'BOLT-M8: 120 (session 6)']);
});
