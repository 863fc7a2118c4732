import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { nodeEnv, ROOT, workspace } from './harness';

/**
 * samples/nestjs-plugin builds with the plugin entry of its nest-cli.json, run the way the Nest CLI
 * runs it: tsc (through ts-patch) with the same plugin in tsconfig "plugins". @nestjs/cli is not a
 * dependency; `before(options, program)`, which the Nest CLI calls, is covered in entries.spec.ts.
 * NestJS 12 is ESM only: the compiled sample runs in its own Node process.
 */
describe('samples/nestjs-plugin', () => {
  const sample = path.join(ROOT, 'samples/nestjs-plugin');
  let ws: string;

  beforeAll(() => {
    ws = workspace();
  });
  afterAll(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('declares the plugin in nest-cli.json and in tsconfig plugins', () => {
    const nest = JSON.parse(fs.readFileSync(path.join(sample, 'nest-cli.json'), 'utf8')) as { compilerOptions: { plugins: string[] } };
    expect(nest.compilerOptions.plugins).toEqual(['tool-signatures/plugin']);
  });

  it('builds with the plugin, and its tools need no hints', () => {
    const out = path.join(ws, 'dist');
    const tsconfig = path.join(ws, 'tsconfig.json');
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(sample, 'tsconfig.json'),
        compilerOptions: {
          outDir: out,
          rootDir: ROOT,
          paths: { 'tool-signatures': [path.join(ROOT, 'lib/index.ts')] },
          typeRoots: [path.join(ROOT, 'node_modules/@types')],
        },
        include: [path.join(sample, 'src')],
      }),
    );
    const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/ts-patch/bin/tspc.js'), '-p', tsconfig], {
      cwd: ws,
      env: nodeEnv(ws),
      encoding: 'utf8',
    });
    expect(build.stdout + build.stderr).toBe('');
    expect(build.status).toBe(0);
    const run = spawnSync(process.execPath, ['--no-warnings', path.join(out, 'samples/nestjs-plugin/src/main.js')], {
      cwd: ws,
      env: nodeEnv(ws),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const { tools, result } = JSON.parse(run.stdout) as { tools: unknown[]; result: unknown };
    expect(JSON.stringify(tools[0])).toBe(
      JSON.stringify({
        name: 'get_docket',
        description: "Fetch the latest entries of a case's docket.",
        inputSchema: {
          type: 'object',
          properties: {
            caseNumber: { type: 'string', description: 'The case, as printed on filings' },
            limit: { type: 'integer', description: 'How many entries, newest first', minimum: -2147483648, maximum: 2147483647, default: 10 },
            court: { type: 'string', enum: ['district', 'appeals'], default: 'district' },
          },
          required: ['caseNumber'],
          additionalProperties: false,
        },
        outputSchema: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', format: 'uuid', description: "The entry's identifier" },
              filed: { type: 'string', format: 'date', description: 'When it was filed' },
              title: { type: 'string', description: 'What was filed', minLength: 1, maxLength: 200 },
              pages: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
            },
            required: ['id', 'filed', 'title'],
            additionalProperties: false,
          },
        },
      }),
    );
    expect(JSON.stringify(tools[1])).toBe(
      JSON.stringify({
        name: 'search',
        description: 'Search docket entries.',
        inputSchema: {
          type: 'object',
          properties: {
            query: {
              type: 'object',
              properties: {
                text: { type: 'string', description: 'Words the title must contain', minLength: 2, maxLength: 80 },
                court: { type: 'string', enum: ['district', 'appeals'] },
                since: { type: ['string', 'null'], format: 'date', description: 'Only entries filed on or after this day' },
              },
              required: ['text', 'court'],
              additionalProperties: false,
            },
            courts: { type: 'array', items: { type: 'string', enum: ['district', 'appeals'] }, uniqueItems: true },
          },
          required: ['query'],
          additionalProperties: false,
        },
      }),
    );
    expect(result).toEqual({
      isError: false,
      parts: [{ type: 'json', value: [{ id: '6f1c2b4e-0c1d-4b8e-9a7f-2d3e4f5a6b7c', filed: '2026-01-05', title: 'A-1: Complaint (district)', pages: 12 }] }],
    });
  }, 90_000);
});
