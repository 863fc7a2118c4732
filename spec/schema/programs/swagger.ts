/**
 * Contract v3.2, "Types that real DTOs state elsewhere", with the real @nestjs/swagger 12 (an ES module
 * only package, loaded through require(esm) as a CommonJS Nest app on Node 20 loads it; jest's
 * CommonJS runtime cannot): `@ApiProperty` metadata, the mapped types of @nestjs/swagger and
 * @nestjs/mapped-types, and spec/fixtures/swagger compiled with the real swagger CLI plugin
 * transformer, alone and beside this library's plugin. Every DTO's verdicts are compared with
 * class-validator's (`plainToInstance`, then `validate` with whitelist and forbidNonWhitelisted, as
 * ValidationPipe runs them). Prints one JSON object that spec/schema/swagger.spec.ts checks.
 */
import 'reflect-metadata';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PartialType, PickType } from '@nestjs/swagger';
import * as mapped from '@nestjs/mapped-types';
import { plainToInstance } from 'class-transformer';
import { IsArray, IsEmail, IsNotEmpty, IsOptional, IsString, MinLength, ValidateIf, validate } from 'class-validator';
import { Tool, type ToolDefinition } from 'tool-signatures';
import toolSignatures from 'tool-signatures/plugin';

// The plugin's subpath is an `exports` entry, which this project's node10 resolution does not read for types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { before: swaggerPlugin } = require('@nestjs/swagger/plugin') as {
  before: (options: Record<string, unknown>, program: ts.Program) => ts.TransformerFactory<ts.SourceFile>;
};

type Verdicts = { agree: number; differ: string[] };
const out: Record<string, unknown> = {};

function toolOf(cls: Function): ToolDefinition {
  return Tool.create(
    function save(dto: object) {
      return JSON.stringify(dto);
    },
    { params: { dto: cls as never } },
  );
}

function dtoSchema(tool: ToolDefinition): string {
  return JSON.stringify((tool.inputSchema as { properties: Record<string, unknown> }).properties['dto']);
}

/** The invoker's verdict and class-validator's on each argument object. */
async function verdicts(cls: Function, tool: ToolDefinition, values: readonly object[]): Promise<Verdicts> {
  const result: Verdicts = { agree: 0, differ: [] };
  for (const value of values) {
    const invoker = !(await tool.invoke({ dto: value })).isError;
    const errors = await validate(plainToInstance(cls as new () => object, structuredClone(value)) as object, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: false,
    });
    const judge = errors.length === 0;
    if (invoker === judge) result.agree++;
    else result.differ.push(`${JSON.stringify(value)}: invoker ${invoker}, class-validator ${judge}`);
  }
  return result;
}

async function described(name: string, cls: Function, values: readonly object[]): Promise<void> {
  const tool = toolOf(cls);
  out[name] = { schema: dtoSchema(tool), warnings: tool.warnings, verdicts: await verdicts(cls, tool, values) };
}

// ---- @ApiProperty / @ApiPropertyOptional ------------------------------------------------------

class FileDto {
  @IsString() id!: string;
}

enum Role {
  Admin = 'admin',
  User = 'user',
}

interface Filter {
  key: string;
}

class CreateUserDto {
  @ApiProperty({ example: 'John', type: String }) @IsNotEmpty() firstName!: string | null;
  @ApiPropertyOptional({ type: () => FileDto }) @IsOptional() photo?: FileDto | null;
  @ApiProperty({ type: FileDto, isArray: true }) @IsArray() files!: FileDto[];
  @ApiProperty({ enum: Role, description: 'What the user may do' }) @IsNotEmpty() role!: Role | null;
  @ApiProperty({ type: 'integer', minimum: 1, examples: [2, 'many'] }) @IsNotEmpty() seats!: number | null;
  @ApiProperty({ type: Number }) @IsString() code!: string | number;
  @ApiProperty({ format: 'email' }) @IsString() email!: string;
  @IsArray() @IsOptional() filters?: Filter[];
}

// ---- mapped types ---------------------------------------------------------------------------

class BaseDto {
  @ApiProperty({ type: String, description: 'The name' }) @IsString() @MinLength(2) name!: string;
  @ApiProperty({ type: 'integer' }) @IsNotEmpty() qty!: number | null;
  @IsOptional() @IsString() note?: string = 'none';
}

class ExtraDto {
  @IsEmail() email!: string;
}

class SwaggerPartial extends PartialType(BaseDto) {}
class SwaggerPick extends PickType(BaseDto, ['name', 'qty'] as const) {}
class SwaggerOmit extends OmitType(BaseDto, ['qty'] as const) {}
class SwaggerBoth extends IntersectionType(BaseDto, ExtraDto) {}
class MappedPartial extends mapped.PartialType(BaseDto) {}
class MappedPick extends mapped.PickType(BaseDto, ['name', 'note'] as const) {}
class MappedOmit extends mapped.OmitType(BaseDto, ['qty'] as const) {}
class MappedBoth extends mapped.IntersectionType(BaseDto, ExtraDto) {}

// ---- @ValidateIf: every rule told ------------------------------------------------------------

class SignInDto {
  @IsOptional() @IsString() providerToken?: string;
  @ValidateIf((o: SignInDto) => !o.providerToken) @IsString() @IsNotEmpty() @MinLength(3) password?: string;
}

// ---- the swagger CLI plugin, alone and beside this library's plugin ---------------------------

/** The compiled output's root (this file is its spec/schema/programs/swagger.js); the repository is the working directory. */
const root = path.resolve(__dirname, '../../..');
const repo = process.cwd();
const fixtures = path.join(repo, 'spec', 'fixtures', 'swagger');

/** Compiles spec/fixtures/swagger with the given `before` transformers into `variant/` beside this program, and loads its tools. */
function build(variant: 'swagger' | 'both' | 'plain'): { module: Record<string, Function>; tool: ToolDefinition } {
  const files = ['orders.dto.ts', 'orders.tools.ts'].map((f) => path.join(fixtures, f));
  const outDir = path.join(root, `swagger-${variant}`);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    rootDir: repo,
    outDir,
    paths: { 'tool-signatures': [path.join(repo, 'lib/index.ts')] },
    ignoreDeprecations: '6.0',
  });
  const before: ts.TransformerFactory<ts.SourceFile>[] = [];
  // As nest-cli.json `"plugins": [{ "name": "@nestjs/swagger", "options": { "introspectComments": true } }, "tool-signatures/plugin"]` runs them.
  if (variant !== 'plain') before.push(swaggerPlugin({ introspectComments: true }, program));
  if (variant === 'both') before.push(toolSignatures(program));
  for (const f of files) {
    const r = program.emit(program.getSourceFile(f), undefined, undefined, false, { before });
    if (r.emitSkipped) throw new Error(`emit skipped: ${f}`);
  }
  const at = (f: string) => path.join(outDir, 'spec', 'fixtures', 'swagger', f);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const dtos = require(at('orders.dto.js')) as Record<string, Function>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tools = require(at('orders.tools.js')) as { OrdersTools: new () => object };
  const [tool] = Tool.fromInstance(new tools.OrdersTools());
  return { module: dtos, tool: tool! };
}

const ORDERS: readonly object[] = [
  { customer: 'Ann', contact: 'ann@example.com', lines: [{ sku: 'BOLT', qty: 2 }] },
  { customer: 'Ann', contact: 'ann@example.com', lines: [], priority: 'high', note: null, tags: ['a'] },
  { customer: 'Ann', contact: 'ann@example.com', lines: [], priority: null, tags: null },
  { customer: null, contact: 'ann@example.com', lines: [] },
  { customer: '', contact: 'ann@example.com', lines: [] },
  { customer: 'Ann', contact: 'nobody', lines: [] },
  { customer: 'Ann', contact: 'ann@example.com', lines: [{ sku: 'BO', qty: 0 }] },
  { customer: 'Ann', contact: 'ann@example.com', lines: [], priority: 'mid' },
  { customer: 'Ann', contact: 'ann@example.com', lines: [], tags: 'a' },
  { customer: 'Ann', contact: 'ann@example.com', lines: [], extra: 1 },
  { contact: 'ann@example.com', lines: [] },
];

async function main(): Promise<void> {
  await described('createUser', CreateUserDto, [
    { firstName: 'Ann', files: [], role: 'admin', seats: 2, code: 'x', email: 'a@b.c' },
    { firstName: 'Ann', photo: { id: 'p' }, files: [{ id: 'f' }], role: 'user', seats: 1, code: 'x', email: 'x', filters: [{ key: 'k' }, 3] },
    { firstName: 'Ann', photo: null, files: [], role: 'admin', seats: 2, code: 'x', email: 'a', filters: null },
    { firstName: '', files: [], role: 'admin', seats: 2, code: 'x', email: 'a' },
    { firstName: 'Ann', files: [{ id: 1 }], role: 'admin', seats: 2, code: 'x', email: 'a' },
    { firstName: 'Ann', files: [], role: 'root', seats: 2, code: 'x', email: 'a' },
    { firstName: 'Ann', files: [], role: 'admin', seats: 2, code: 3, email: 'a' },
    { firstName: 'Ann', files: [], role: 'admin', seats: 2, code: 'x', email: 'a', filters: 'k' },
  ]);
  const mappedValues: readonly object[] = [
    {},
    { name: 'Al' },
    { name: 'A' },
    { name: 'Al', qty: 3 },
    { name: 'Al', qty: 3, note: 'n' },
    { name: 'Al', qty: 3, email: 'a@b.c' },
    { qty: null },
    { note: 3 },
    { name: 'Al', qty: 3, extra: 1 },
  ];
  for (const [name, cls] of Object.entries({ SwaggerPartial, SwaggerPick, SwaggerOmit, SwaggerBoth, MappedPartial, MappedPick, MappedOmit, MappedBoth })) {
    await described(name, cls, mappedValues);
  }
  // The initializers a mapped type copies: what the method receives for an absent `note`.
  out.initializers = await Promise.all(
    (
      [
        [SwaggerPartial, {}],
        [SwaggerOmit, { name: 'Al' }],
        [MappedPick, { name: 'Al' }],
        [MappedBoth, { name: 'Al', qty: 1, email: 'a@b.c' }],
      ] as const
    ).map(async ([cls, args]) => {
      const r = await Tool.create(
        function save(dto: { note?: string }) {
          return String(dto.note);
        },
        { params: { dto: cls as never } },
      ).invoke({ dto: args });
      return r.parts.map((p) => (p.type === 'text' ? p.text : p.type));
    }),
  );
  await described('signIn', SignInDto, [{ providerToken: 't' }, { password: 'abc' }, { password: 'ab' }, {}, { password: 3 }]);

  const builds = { swagger: build('swagger'), both: build('both'), plain: build('plain') };
  for (const [variant, b] of Object.entries(builds)) {
    const cls = b.module['CreateOrderDto']!;
    out[`orders-${variant}`] = {
      schema: JSON.stringify((b.tool.inputSchema as { properties: Record<string, unknown> }).properties['order']),
      warnings: b.tool.warnings,
      verdicts: await (async () => {
        const result: Verdicts = { agree: 0, differ: [] };
        for (const value of ORDERS) {
          const invoker = !(await b.tool.invoke({ order: value })).isError;
          const errors = await validate(plainToInstance(cls as new () => object, structuredClone(value)) as object, {
            whitelist: true,
            forbidNonWhitelisted: true,
            forbidUnknownValues: false,
          });
          if (invoker === (errors.length === 0)) result.agree++;
          else result.differ.push(`${JSON.stringify(value)}: invoker ${invoker}, class-validator ${errors.length === 0}`);
        }
        return result;
      })(),
    };
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
