import { DEPARTURES, figures, judgeCorpus, type CorpusReport, type DtoResult } from './judge';
import { ACCEPTED_GOAL, ALLOWED_DEPARTURES, DEPARTURES_ANYWHERE, EXPECTED_REFUSED, EXPECTED_UNTYPED, JUDGE_EXCEPTIONS } from './expectations';

/**
 * Contract v3.1, "DTOs as real projects write them": real class-validator DTOs copied from public
 * NestJS projects (spec/corpus/dtos/<project>, each file naming its source), compiled with each
 * project's own compiler options, each used as the one parameter of a tool. The judge is
 * class-validator's own verdict (plainToInstance, then validateSync with whitelist and
 * forbidNonWhitelisted), compared on generated arguments with the invoker's and with an independent
 * ajv's on the tool's input schema. `node scripts/corpus-report.js` prints the same run's figures.
 */

let report: CorpusReport;
const byId = (id: string): DtoResult | undefined => report.dtos.find((d) => d.id === id);

beforeAll(async () => {
  report = await judgeCorpus();
}, 120_000);

describe('the corpus', () => {
  it('holds at least 60 DTOs from at least 8 projects, each compiled without errors under its own options', () => {
    expect(report.dtos.length).toBeGreaterThanOrEqual(60);
    expect(report.projects.length).toBeGreaterThanOrEqual(8);
    expect(report.projects.filter((p) => p.errors.length > 0)).toEqual([]);
  });

  it('every table entry names a DTO of the corpus', () => {
    const ids = new Set(report.dtos.map((d) => d.id));
    const stale = [
      ...Object.keys(EXPECTED_REFUSED),
      ...Object.keys(EXPECTED_UNTYPED),
      ...Object.keys(ALLOWED_DEPARTURES),
      ...Object.keys(JUDGE_EXCEPTIONS),
    ].filter((id) => !ids.has(id));
    expect(stale).toEqual([]);
  });
});

describe('definitions (v3.1: types from the rules, initializers, @Allow, @ValidateIf; v3.2: nothing a ValidationPipe takes is refused)', () => {
  it('refuses exactly the DTOs with an unbounded non-linear pattern (OLT015), naming the property', () => {
    const refused = Object.fromEntries(report.dtos.filter((d) => d.refused !== undefined).map((d) => [d.id, d.refused!.code]));
    const expected = Object.fromEntries(Object.entries(EXPECTED_REFUSED).map(([id, e]) => [id, e.code]));
    expect(refused).toEqual(expected);
    for (const [id, { property }] of Object.entries(EXPECTED_REFUSED)) {
      expect(byId(id)?.refused?.message).toContain(property);
    }
  });

  it('v3.2: accepts the DTOs whose properties no source types, naming each such property once (OLT016)', () => {
    const untyped = Object.fromEntries(
      report.dtos
        .map((d) => [d.id, d.warnings.flatMap((w) => /^OLT016: property (\S+): /.exec(w)?.[1] ?? [])] as const)
        .filter(([, props]) => props.length > 0),
    );
    expect(untyped).toEqual(EXPECTED_UNTYPED);
  });

  it(`accepts at least ${ACCEPTED_GOAL * 100}% of the DTOs`, () => {
    const accepted = report.dtos.filter((d) => d.refused === undefined);
    expect(accepted.length / report.dtos.length).toBeGreaterThanOrEqual(ACCEPTED_GOAL);
  });

  it('shows every rule in the schema: by a keyword, or by a phrase and a warning', () => {
    const silent = report.dtos.flatMap((d) => d.silentRules.map((r) => `${d.id}: ${r}`));
    expect(silent).toEqual([]);
  });
});

describe('verdicts (v3.1: class-validator is the judge)', () => {
  it('tries generated arguments on every accepted DTO', () => {
    const figuresNow = figures(report);
    expect(figuresNow.argumentsTried).toBeGreaterThan(1000);
    expect(report.dtos.filter((d) => d.refused === undefined && d.argumentsTried === 0).map((d) => d.id)).toEqual([]);
  });

  it('differs from class-validator and from its own schema only by the departures the contract names', () => {
    const anywhere = new Set<string>(DEPARTURES_ANYWHERE);
    const unexpected: string[] = [];
    for (const d of report.dtos) {
      const allowed = new Set([...anywhere, ...(ALLOWED_DEPARTURES[d.id] ?? []), ...(JUDGE_EXCEPTIONS[d.id]?.kinds ?? [])]);
      const seen = new Map<string, number>();
      for (const x of d.disagreements) if (!allowed.has(x.kind)) seen.set(x.kind, (seen.get(x.kind) ?? 0) + 1);
      for (const [kind, n] of seen) {
        const x = d.disagreements.find((y) => y.kind === kind)!;
        unexpected.push(
          `${d.id} ${kind} ×${n}, e.g. ${x.mutation} at ${x.at || '(root)'}: ${JSON.stringify(x.value)} → invoker ${x.invoker} (${x.invokerText.split('\n')[0]}), class-validator ${x.classValidator}, schema ${x.schema}`,
        );
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('never names an unexplained kind as a departure', () => {
    for (const kinds of Object.values(ALLOWED_DEPARTURES)) {
      for (const k of kinds) expect([...DEPARTURES, 'primitive-type-conversion']).toContain(k);
    }
  });
});
