import 'reflect-metadata';
import { Prop, Tool } from '../../lib';
import { libraryCopyWarnings } from '../../lib/metadata/library-copies';

describe('a second copy of class-transformer or class-validator', () => {
  const fake = ['/app/node_modules/class-transformer/cjs/storage.js', '/app/node_modules/some-lib/node_modules/class-transformer/cjs/storage.js'];
  // Node's module cache, which the library reads (jest's sandboxed require.cache is not it).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cache = (require('module') as { _cache: Record<string, unknown> })._cache;
  afterEach(() => {
    for (const k of fake) delete cache[k];
  });
  // A spec that ran earlier in the same jest worker may have loaded the real packages through Node's
  // own require (the plugin's check loads a program that way): set them aside, so that the process
  // holds only the copies each test puts there.
  const earlier = new Map<string, unknown>();
  beforeAll(() => {
    for (const k of Object.keys(cache)) {
      if (/[\\/]class-(transformer|validator)[\\/]/.test(k)) {
        earlier.set(k, cache[k]);
        delete cache[k];
      }
    }
  });
  afterAll(() => {
    for (const [k, v] of earlier) cache[k] = v;
  });

  it('is reported at definition time, for a tool that uses DTOs', () => {
    for (const k of fake) cache[k] = { id: k };
    class Query {
      @Prop() text!: string;
    }
    const tool = Tool.create(
      function find(_q: Query) {
        return 'x';
      },
      { params: { _q: Query } },
    );
    expect(tool.warnings).toEqual([
      `class-transformer is loaded more than once (${fake.join(', ')}): only the copy that tool-signatures loads is read, so @Type, @Expose, @Exclude and @Transform decorators from another copy are ignored. Make the package resolve to one copy (npm dedupe, or a bundler alias).`,
    ]);
    const plain = Tool.create(
      function plain(_s: string) {
        return 'x';
      },
      { params: { _s: String } },
    );
    expect(plain.warnings).toEqual([]);
  });

  it('one copy: nothing to report', () => {
    cache[fake[0]!] = { id: fake[0] };
    class Q {
      @Prop() text!: string;
    }
    const dto = Tool.create(
      function one(_q: Q) {
        return 'x';
      },
      { params: { _q: Q } },
    );
    expect(dto.warnings).toEqual([]);
  });

  it('two builds of class-validator', () => {
    const modules = ['/app/node_modules/class-validator/cjs/index.js', '/app/node_modules/class-validator/esm2015/index.js'];
    const dto = { kind: 'dto', nullable: false, cls: class Dto {} } as const;
    expect(libraryCopyWarnings([dto], modules)).toEqual([
      'class-validator is loaded more than once (/app/node_modules/class-validator/cjs, /app/node_modules/class-validator/esm2015): its rules are shared, but two copies validate differently. Make the package resolve to one copy (npm dedupe, or a bundler alias).',
    ]);
    expect(libraryCopyWarnings([{ kind: 'string', nullable: false }], modules)).toEqual([]);
    // An ObjectOf shape (a DTO node with no class) reads neither library's metadata.
    expect(libraryCopyWarnings([{ kind: 'dto', nullable: false, properties: [] }], modules)).toEqual([]);
    expect(libraryCopyWarnings([dto], [modules[0]!])).toEqual([]);
  });
});
