import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import 'reflect-metadata';
import { Prop, Tool } from '../../lib';
import { libraryCopyWarnings } from '../../lib/metadata/library-copies';

describe('a second copy of class-transformer or class-validator', () => {
  // Two installed copies of class-transformer's storage module, as a nested node_modules leaves them.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'library-copies-'));
  const copies = [
    path.join(root, 'node_modules/class-transformer/cjs/storage.js'),
    path.join(root, 'node_modules/some-lib/node_modules/class-transformer/cjs/storage.js'),
  ];
  beforeAll(() => {
    for (const file of copies) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'exports.defaultMetadataStorage = {};\n');
    }
    // tool-signatures loads its own copy when it first reads a DTO: here, outside the tests' registries.
    class Warm {
      @Prop() text!: string;
    }
    Tool.create(
      function warm(_w: Warm) {
        return 'x';
      },
      { params: { _w: Warm } },
    );
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Runs `define` in a module registry of its own (jest's), where only the given copies are loaded. */
  function withLoaded<T>(files: readonly string[], define: () => T): T {
    let out: T | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      for (const file of files) require(file);
      out = define();
    });
    return out!;
  }

  it('is reported at definition time, for a tool that uses DTOs', () => {
    const [tool, plain] = withLoaded(copies, () => {
      class Query {
        @Prop() text!: string;
      }
      return [
        Tool.create(
          function find(_q: Query) {
            return 'x';
          },
          { params: { _q: Query } },
        ),
        Tool.create(
          function plain(_s: string) {
            return 'x';
          },
          { params: { _s: String } },
        ),
      ];
    });
    expect(tool!.warnings).toEqual([
      `class-transformer is loaded more than once (${copies.join(', ')}): only the copy that tool-signatures loads is read, so @Type, @Expose, @Exclude and @Transform decorators from another copy are ignored. Make the package resolve to one copy (npm dedupe, or a bundler alias).`,
    ]);
    expect(plain!.warnings).toEqual([]);
  });

  it('one copy: nothing to report', () => {
    const dto = withLoaded([copies[0]!], () => {
      class Q {
        @Prop() text!: string;
      }
      return Tool.create(
        function one(_q: Q) {
          return 'x';
        },
        { params: { _q: Q } },
      );
    });
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
