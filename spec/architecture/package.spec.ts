import 'reflect-metadata';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Honest package facts: a bundler drops a module that package.json calls side-effect free when none
 * of its exports is used. The library patches `Reflect.decorate` when lib/metadata/storage.ts is
 * evaluated (it watches the order in which properties are decorated, whatever library decorates
 * them), so that module is listed in `sideEffects`, and every listed file is one the build writes.
 */

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { sideEffects: unknown; files: string[] };

/** The lib/ source of a built file (`./dist/cjs/x/y.js` → `lib/x/y.ts`). */
const sourceOf = (built: string) => path.join(ROOT, built.replace(/^\.\/dist\/cjs\//, 'lib/').replace(/\.js$/, '.ts'));

describe('package.json sideEffects', () => {
  it('lists the module whose evaluation patches Reflect.decorate (reflect-metadata loaded first, as users do)', async () => {
    const hooked = Symbol.for('tool-signatures.decorate-hook');
    const R = Reflect as unknown as { decorate?: Record<symbol, unknown> };
    await import('../../lib/metadata/storage');
    expect(R.decorate?.[hooked]).toBe(true);
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(['./dist/cjs/metadata/storage.js']));
  });

  it('lists only built files of lib/ modules that exist', () => {
    expect(Array.isArray(pkg.sideEffects)).toBe(true);
    for (const f of pkg.sideEffects as string[]) {
      expect(f).toMatch(/^\.\/dist\/cjs\/.+\.js$/);
      expect([f, fs.existsSync(sourceOf(f))]).toEqual([f, true]);
    }
    expect(pkg.files).toContain('dist');
  });
});
