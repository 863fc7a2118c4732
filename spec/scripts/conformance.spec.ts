/**
 * Issue 22: `npm run conformance` runs two suites (the published `@modelcontextprotocol/conformance`
 * and the newer one pinned as `@modelcontextprotocol/conformance-next`) at the two protocol
 * revisions, one column per run (suite, spec version, mode), and scores the newer suite's runs by its
 * frozen `requirements/<revision>.yaml`. The file is read line by line (no YAML dependency): the ids
 * read must be the ones the suite itself lists with `list --server --requirements <revision>`, on
 * the LTS Node (the suite's CLI needs Node 22 or later). The runs themselves are
 * 22_conformance.spec.ts.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

type Run = { suite: string; specVersion: string | null; mode: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { plan, requirements } = require('../../scripts/conformance') as {
  plan(o?: { suite?: string | string[]; specVersion?: string | string[]; modes?: string[] }): Run[];
  requirements(suite: string, specVersion: string | null): { file: string; scored: string[]; notScored: { id: string; reason: string }[] } | undefined;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LTS, ltsNode } = require('../../scripts/lts-node') as { LTS: { version: string }; ltsNode(): string | undefined };

const root = path.resolve(__dirname, '../..');

function suiteNode(): string {
  if (process.version === `v${LTS.version}`) return process.execPath;
  const node = ltsNode();
  if (node === undefined) throw new Error(`no LTS Node ${LTS.version} to run the MCP conformance suite on; set TOOL_SIGNATURES_LTS_NODE=/path/to/node`);
  return node;
}

/**
 * What `conformance list --server --requirements <revision>` prints: the scored server scenarios
 * (its "Server scenarios" block) and, under "Run and reported, but never scored", the server ones
 * by reason.
 */
function listedBySuite(revision: string): { scored: string[]; notScored: { id: string; reason: string }[] } {
  const pkg = require.resolve('@modelcontextprotocol/conformance-next/package.json', { paths: [root] });
  const { bin } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { bin: string | Record<string, string> };
  const cli = path.join(path.dirname(pkg), typeof bin === 'string' ? bin : bin.conformance!);
  const r = spawnSync(suiteNode(), [cli, 'list', '--server', '--requirements', revision], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  const blocks = r.stdout.split(/\n\s*\n/);
  const server = blocks.find((block) => block.startsWith('Server scenarios'))!;
  const scored = server.split('\n').flatMap((l) => /^\s+-\s+(\S+)$/.exec(l)?.slice(1) ?? []);
  const notScored: { id: string; reason: string }[] = [];
  let reason = '';
  for (const l of (blocks.find((block) => block.startsWith('Run and reported, but never scored')) ?? '').split('\n')) {
    const group = /^\s+([\w-]+) \(\d+\):$/.exec(l);
    if (group !== null) reason = group[1]!;
    const item = /^\s+-\s+(\S+) \[server\]$/.exec(l);
    if (item !== null) notScored.push({ id: item[1]!, reason });
  }
  return { scored, notScored };
}

describe('issue 22: the conformance runs (suite, spec version, mode)', () => {
  it('keeps the default of conformance(): the published suite, stateless then stateful', () => {
    expect(plan()).toEqual([
      { suite: 'published', specVersion: null, mode: 'stateless' },
      { suite: 'published', specVersion: null, mode: 'stateful' },
    ]);
  });

  it('runs the next suite at each revision in each mode, the published one at its own (2025-11-25)', () => {
    expect(plan({ suite: ['published', 'next'] }).map((r) => `${r.suite} ${r.specVersion} ${r.mode}`)).toEqual([
      'published null stateless',
      'published null stateful',
      'next 2025-11-25 stateless',
      'next 2025-11-25 stateful',
      'next 2026-07-28 stateless',
      'next 2026-07-28 stateful',
    ]);
    expect(plan({ suite: ['published', 'next'], specVersion: '2025-11-25', modes: ['stateful'] }).map((r) => `${r.suite} ${r.specVersion}`)).toEqual([
      'published null',
      'next 2025-11-25',
    ]);
    expect(plan({ suite: 'next', specVersion: '2026-07-28' }).map((r) => `${r.specVersion} ${r.mode}`)).toEqual([
      '2026-07-28 stateless',
      '2026-07-28 stateful',
    ]);
  });

  it('refuses a revision the published suite does not speak, and unknown names', () => {
    expect(() => plan({ suite: 'published', specVersion: '2026-07-28' })).toThrow(
      'the published suite speaks 2025-11-25 only (no --spec-version): asked for 2026-07-28',
    );
    expect(() => plan({ suite: 'beta' })).toThrow('suite is one of published, next, not beta');
    expect(() => plan({ suite: 'next', specVersion: '2024-11-05' })).toThrow('spec version is one of 2025-11-25, 2026-07-28, not 2024-11-05');
    expect(() => plan({ modes: ['sessions'] })).toThrow('mode is one of stateless, stateful, not sessions');
  });

  it.each(['2025-11-25', '2026-07-28'])('reads the scenarios requirements/%s.yaml names, as the suite lists them', (revision) => {
    const req = requirements('next', revision)!;
    expect(req.file).toBe(`@modelcontextprotocol/conformance-next/requirements/${revision}.yaml`);
    const listed = listedBySuite(revision);
    expect(listed.scored.length).toBeGreaterThan(0);
    expect(listed.notScored.length).toBeGreaterThan(0);
    expect({ scored: req.scored, notScored: req.notScored }).toEqual(listed);
  });

  it('scores nothing where the suite ships no requirements (the published one)', () => {
    expect(requirements('published', null)).toBeUndefined();
  });
});
