/**
 * A generated module refuses to register when a source it was generated from has changed since:
 * the message names the module and the changed files as from the tsconfig's folder (where the user
 * runs `generate`), whatever `--out` put the module in, and the command that writes it again.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { registerGeneratedMetadata, sourceHash } from '../../lib/metadata/generated';

function layout(): { dir: string; at: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-stale-'));
  fs.mkdirSync(path.join(dir, 'src', 'gen'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'tools.ts'), 'export class Shop {}\n');
  fs.writeFileSync(path.join(dir, 'src', 'dtos.ts'), 'export class Line {}\n');
  return { dir, at: path.join(dir, 'src', 'gen', 'meta.ts') };
}

const regenerate = 'tool-signatures generate tsconfig.json --out src/gen/meta.ts';

describe('a stale generated module', () => {
  it('names itself and each changed source from the tsconfig folder, with the command that made it', () => {
    const { dir, at } = layout();
    const sources = { '../tools.ts': sourceHash('export class Shop {}\n'), '../dtos.ts': sourceHash('export class Line {}\n') };
    const origin = { module: 'src/gen/meta.ts', regenerate, at, sources };
    expect(() => registerGeneratedMetadata([], origin)).not.toThrow();
    fs.writeFileSync(path.join(dir, 'src', 'tools.ts'), 'export class Shop { x = 1; }\n');
    expect(() => registerGeneratedMetadata([], origin)).toThrow(
      'OLT012: src/gen/meta.ts is stale: src/tools.ts changed after it was generated, so its schemas would be the old ones. ' +
        'Run `tool-signatures generate tsconfig.json --out src/gen/meta.ts` again (or keep `tool-signatures generate tsconfig.json --out src/gen/meta.ts --watch` running).',
    );
  });

  it('beside its tsconfig, names the sources as the tsconfig folder sees them', () => {
    const { dir } = layout();
    const at = path.join(dir, 'tool-signatures.generated.ts');
    const origin = {
      module: 'tool-signatures.generated.ts',
      regenerate: 'tool-signatures generate tsconfig.json',
      at,
      sources: { './src/dtos.ts': 'changed' },
    };
    expect(() => registerGeneratedMetadata([], origin)).toThrow('OLT012: tool-signatures.generated.ts is stale: src/dtos.ts changed after it was generated');
  });
});
