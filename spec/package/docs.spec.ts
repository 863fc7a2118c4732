/**
 * The documents as someone who installed the package reads them: the README and the docs/ pages
 * ship in the tarball (package.json `files`), and every link in them resolves inside the package
 * (a packed file, and the heading an anchor names) or is an https address; package.json says where
 * the repository, its home page and its issues are. The README keeps the contributors' two
 * commands, which CI (.ci/run) and the task rules read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  files: string[];
  repository?: { type: string; url: string };
  homepage?: string;
  bugs?: { url: string };
  engines: { node: string };
};

const docsDir = path.join(root, 'docs');
const documents = [
  'README.md',
  'SECURITY.md',
  ...fs
    .readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Whether a file of the repository is packed by `files` (a listed file, or one under a listed folder). */
const packed = (rel: string) => pkg.files.some((f) => rel === f || rel.startsWith(`${f}/`));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(rel: string): string[] {
  const text = fs.readFileSync(path.join(root, rel), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  return text
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => slug(l.replace(/^#+ /, '')));
}

/** The [text](target) links of a document, outside code blocks and code spans. */
function linksOf(rel: string): string[] {
  const text = fs
    .readFileSync(path.join(root, rel), 'utf8')
    .replace(/^```[\s\S]*?^```$/gm, '')
    .replace(/`[^`\n]*`/g, '``');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
}

describe('the documents that ship', () => {
  it('packs the README, SECURITY.md and every docs/ page', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'docs']));
    for (const d of documents) expect([d, packed(d)]).toEqual([d, true]);
  });

  it.each(documents)('%s: every link resolves inside the package or is an https address', (doc) => {
    const broken: string[] = [];
    for (const link of linksOf(doc)) {
      if (/^https:\/\//.test(link)) continue;
      if (/^[a-z]+:/.test(link)) {
        broken.push(`${link}: not https`);
        continue;
      }
      const [file, anchor] = link.split('#') as [string, string | undefined];
      const target = file === '' ? doc : path.posix.normalize(path.posix.join(path.posix.dirname(doc), file));
      if (!fs.existsSync(path.join(root, target))) broken.push(`${link}: no file ${target}`);
      else if (!packed(target)) broken.push(`${link}: ${target} is not packed`);
      else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).includes(anchor))
        broken.push(`${link}: ${target} has no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it('links every docs/ page from the README', () => {
    const links = linksOf('README.md');
    for (const d of documents.filter((d) => d.startsWith('docs/'))) expect([d, links.includes(d)]).toEqual([d, true]);
  });
});

describe('package.json', () => {
  it('names the repository, its home page and its issues', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/tool-signatures/tool-signatures.git' });
    expect(pkg.homepage).toBe('https://github.com/tool-signatures/tool-signatures#readme');
    expect(pkg.bugs).toEqual({ url: 'https://github.com/tool-signatures/tool-signatures/issues' });
  });
});

describe('the README for contributors', () => {
  it('keeps the two commands of a clone in its Contributing section (CI runs the test one)', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const contributing = readme.slice(readme.indexOf('\n## Contributing\n'));
    expect(readme.indexOf('\n## Contributing\n')).toBeGreaterThan(0);
    expect(contributing).toContain('```sh\nnpm ci && npm start\nnpm ci && npm test\n```');
    expect(fs.readFileSync(path.join(root, '.ci', 'run'), 'utf8')).toContain('\nnpm ci\nnpm test\n');
  });
});
