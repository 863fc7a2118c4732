/**
 * Issue 28: the DTO corpus holds projects built with the real `@nestjs/swagger` CLI plugin (their
 * nest-cli.json names it): no `@ApiProperty` at all, each class compiled with the plugin's
 * `_OPENAPI_METADATA_FACTORY`. The plugin and what it writes are ES modules only, so
 * spec/corpus/programs/swagger-corpus.ts compiles and judges them in a Node of its own, with the judge
 * of the other corpus (judge.ts: class-validator's verdict against the invoker's and an independent
 * ajv's, on generated arguments).
 */
import { runProgram } from '../helpers/programs';
import { DEPARTURES_ANYWHERE, SWAGGER_ALLOWED_DEPARTURES } from './expectations';
import type { Figures } from './judge';

interface Judged {
  readonly id: string;
  readonly factory: boolean;
  readonly refused?: { code: string; message: string };
  readonly schema?: string;
  readonly warnings: readonly string[];
  readonly argumentsTried: number;
  readonly disagreements: Readonly<Record<string, { count: number; example: string }>>;
  readonly silentRules: readonly string[];
}

let out: { projects: { name: string; dtos: number; errors: string[] }[]; dtos: Judged[]; figures: Figures };
const property = (id: string, key: string): string => {
  const schema = JSON.parse(out.dtos.find((d) => d.id === id)!.schema!) as { properties: Record<string, unknown> };
  return JSON.stringify(schema.properties[key]);
};

beforeAll(async () => {
  out = await runProgram('spec/corpus/programs/swagger-corpus.ts', ['spec/corpus']);
}, 600_000);

describe('the swagger corpus', () => {
  it('compiles each project with the swagger CLI plugin, without errors: every DTO class carries the metadata factory', () => {
    expect(out.projects.filter((p) => p.errors.length > 0)).toEqual([]);
    expect(out.dtos.length).toBeGreaterThanOrEqual(9);
    expect(out.dtos.filter((d) => !d.factory).map((d) => d.id)).toEqual([]);
  });

  it('accepts every DTO (none has a pattern RE2 cannot run), and names no slot untyped: the plugin typed each', () => {
    expect(out.dtos.filter((d) => d.refused !== undefined).map((d) => d.id)).toEqual([]);
    expect(out.dtos.flatMap((d) => d.warnings.filter((w) => w.startsWith('OLT016')))).toEqual([]);
  });

  it('where the plugin states a type tsc erased, the schema has it', () => {
    expect(property('swagger-plugin/CreateOrderDto', 'customerId')).toBe('{"type":"string","description":"Who orders Must not be empty."}');
    expect(property('swagger-plugin/CreateOrderDto', 'tags')).toBe('{"type":"array","items":{"type":"string"}}');
    expect(property('swagger-plugin/CreateOrderDto', 'shipTo')).toBe(
      '{"type":["object","null"],"properties":{"street":{"type":"string"},"city":{"type":"string"}},"required":["street","city"],"additionalProperties":false}',
    );
    // The doc comment's @example, which the plugin's introspectComments compiles in, reaches the model.
    expect(property('swagger-plugin/CreateUserDto', 'city')).toBe('{"type":["string","null"],"examples":["Berlin"]}');
  });

  it('types a slot by its rules where they name another type than the declared one, as class-validator checks what was sent: @IsDateString() from: Date, @IsString() postalCode: number', () => {
    expect(property('swagger-plugin/DateRangeDto', 'from')).toBe('{"type":"string","description":"Must be an ISO 8601 date."}');
    expect(property('swagger-plugin/UpdateProfileDto', 'postalCode')).toBe('{"type":"string","description":"Must not be empty.","minLength":4,"maxLength":10}');
  });

  it('shows every rule in the schema: by a keyword, or by a phrase and a warning', () => {
    expect(out.dtos.flatMap((d) => d.silentRules.map((r) => `${d.id}: ${r}`))).toEqual([]);
  });
});

describe("verdicts (class-validator's, as ValidationPipe runs it)", () => {
  it('tries generated arguments on every DTO', () => {
    expect(out.figures.argumentsTried).toBeGreaterThan(150);
    expect(out.dtos.filter((d) => d.argumentsTried === 0).map((d) => d.id)).toEqual([]);
  });

  it('differs from class-validator and from its own schema only by the departures the contract names', () => {
    const unexpected = out.dtos.flatMap((d) => {
      const allowed = new Set<string>([...DEPARTURES_ANYWHERE, ...(SWAGGER_ALLOWED_DEPARTURES[d.id] ?? [])]);
      return Object.entries(d.disagreements)
        .filter(([kind]) => !allowed.has(kind))
        .map(([kind, x]) => `${d.id} ${kind} ×${x.count}, e.g. ${x.example}`);
    });
    expect(unexpected).toEqual([]);
  });

  it('every allowed departure is seen (the table is not stale)', () => {
    const stale = Object.entries(SWAGGER_ALLOWED_DEPARTURES).flatMap(([id, kinds]) =>
      kinds.filter((k) => out.dtos.find((d) => d.id === id)?.disagreements[k] === undefined).map((k) => `${id} ${k}`),
    );
    expect(stale).toEqual([]);
  });
});
