/**
 * What the package ships, as `npm pack` really makes it: the files `npm pack --dry-run` lists, and
 * the package.json that `prepack`/`postpack` (scripts/pack-manifest.js) put in a real tarball (packed
 * from a copy of the packaging files, so the repository's own package.json is never touched). Every
 * relative link of a shipped document resolves inside the package; a file of the repository that
 * is not shipped (spec/, samples/, scripts/, lib/ ...) is named only as a link to the repository, and
 * an `npm run` command only where the paragraph links the repository it runs in; the published
 * package.json has no script that names an unshipped file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { npm, ok, root } from './packed';

const REPOSITORY = 'https://github.com/tool-signatures/tool-signatures';

let shipped: Set<string>;
let published: { scripts?: Record<string, string> };
let copy: string;

beforeAll(async () => {
  // The real list, from the repository itself; --ignore-scripts: a dry run needs no build.
  const dry = await ok(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], root);
  shipped = new Set((JSON.parse(dry.stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));
  // A real pack, lifecycle scripts included, of a copy of what packing reads (dist/ is not needed for the manifest).
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-signatures-shipped-'));
  for (const f of ['package.json', 'README.md', 'SECURITY.md', 'docs', 'bin', 'scripts/pack-manifest.js'])
    fs.cpSync(path.join(root, f), path.join(copy, f), { recursive: true });
  const packed = await ok(npm, ['pack', '--json', '--pack-destination', copy], copy, 120_000, { TOOL_SIGNATURES_PREBUILT: '1' });
  const tarball = path.join(copy, (JSON.parse(packed.stdout) as [{ filename: string }])[0].filename);
  const tar = await ok('tar', ['-xOzf', tarball, 'package/package.json'], copy);
  published = JSON.parse(tar.stdout) as typeof published;
}, 240_000);

afterAll(() => {
  if (copy !== undefined) fs.rmSync(copy, { recursive: true, force: true });
});

const documents = () => [...shipped].filter((f) => f.endsWith('.md')).sort();

/** A document's text outside fenced code blocks, as paragraphs (README's Contributing section, written for a clone, left out). */
function paragraphs(doc: string): string[] {
  let text = fs.readFileSync(path.join(root, doc), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  if (doc === 'README.md') text = text.slice(0, text.indexOf('\n## Contributing\n'));
  return text.split(/\n\s*\n/);
}

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (doc: string) =>
  fs
    .readFileSync(path.join(root, doc), 'utf8')
    .replace(/^```[\s\S]*?^```$/gm, '')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => slug(l.replace(/^#+ /, '')));

/** Top-level entries of the repository that the package does not ship, named as a path (`spec/x`, `ARCHITECTURE.md`). */
const REPOSITORY_ONLY = /^(?:spec|samples|scripts|bench|lib|design|build|\.ci|\.tmp)\/|^ARCHITECTURE\.md\b/;
const NPM_SCRIPT = /^npm (?:run |start\b|test\b)/;

describe('the package as npm pack makes it', () => {
  it('ships the README, SECURITY.md and the docs pages', () => {
    expect(documents()).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'docs/mcp.md']));
  });

  it('every relative link of a shipped document resolves to a shipped file (and its heading)', () => {
    const broken: string[] = [];
    for (const doc of documents()) {
      const text = paragraphs(doc)
        .join('\n\n')
        .replace(/`[^`\n]*`/g, '``');
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue;
        const [file, anchor] = link!.split('#') as [string, string | undefined];
        const target = file === '' ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), file));
        if (!shipped.has(target) && ![...shipped].some((f) => f.startsWith(`${target.replace(/\/$/, '')}/`)))
          broken.push(`${doc}: ${link} (${target} is not shipped)`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).includes(anchor)) broken.push(`${doc}: ${link} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a repository file that is not shipped is named only as a link to the repository; an npm script only where the paragraph links the repository', () => {
    const unlinked: string[] = [];
    // docs/contributing.md is written for a clone, and says so with its first link.
    for (const doc of documents().filter((d) => d !== 'docs/contributing.md')) {
      for (const paragraph of paragraphs(doc)) {
        const linksRepository = paragraph.includes(`](${REPOSITORY}`);
        for (const m of paragraph.matchAll(/`([^`\n]+)`(\]\(([^)\s]+)\))?/g)) {
          const [, span, , target] = m as unknown as [string, string, string | undefined, string | undefined];
          if (REPOSITORY_ONLY.test(span) && !target?.startsWith(`${REPOSITORY}/`)) unlinked.push(`${doc}: \`${span}\``);
          if (NPM_SCRIPT.test(span) && !linksRepository) unlinked.push(`${doc}: \`${span}\` (no link to the repository in its paragraph)`);
        }
        // A path written as plain text, outside code spans and links' targets.
        const prose = paragraph.replace(/`[^`\n]*`/g, '``').replace(/\]\([^)\s]+\)/g, ']');
        for (const [, bare] of prose.matchAll(/(?:^|[\s(])((?:spec|samples|scripts|bench|lib|design|build|\.ci|\.tmp)\/[\w./-]*)/g))
          unlinked.push(`${doc}: ${bare!}`);
      }
    }
    expect(unlinked).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'docs/contributing.md'), 'utf8')).toMatch(
      new RegExp(`^# Contributing\\n\\nFor a clone of the \\[repository\\]\\(${REPOSITORY.replace(/[./]/g, '\\$&')}\\)`),
    );
  });

  it('the published package.json has no script that names a file it does not ship, and the repository keeps its own', () => {
    const named = Object.entries(published.scripts ?? {}).flatMap(([name, command]) =>
      command
        .split(/\s+/)
        .filter((word) => /\//.test(word) || /\.[cm]?js$/.test(word))
        .map((file) => [name, path.posix.normalize(file)] as const),
    );
    expect(named.filter(([, file]) => !shipped.has(file))).toEqual([]);
    // postpack put the copy's package.json back as it was.
    expect(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')).toBe(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(fs.existsSync(path.join(copy, '.tmp', 'package.json.before-pack'))).toBe(false);
  });
});
