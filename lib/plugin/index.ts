/**
 * tool-signatures/plugin: the compile-time half of the contract. A `before` transformer that reads
 * each `@Tool` method, each DTO class and each `Tool.create(fn)` call with the type checker and
 * records, as `defineStaticMetadata(...)` calls and `Tool.create` options, what the reflector would
 * otherwise need hints and emitDecoratorMetadata for.
 *
 * - tsc through ts-patch: `"plugins": [{ "transform": "tool-signatures/plugin" }]`
 * - ts-jest: `astTransformers: { before: ['tool-signatures/plugin'] }` (not with isolatedModules)
 * - Nest CLI: `"plugins": ["tool-signatures/plugin"]` in nest-cli.json (`before(options, program)`)
 * - webpack / ts-loader: `getCustomTransformers: (program) => ({ before: [toolSignatures(program)] })`
 * - esbuild, SWC, Vite, tsx: `tool-signatures generate <tsconfig>` (see `generate`)
 * - no plugin at all (tsc with emitDecoratorMetadata): `tool-signatures check <tsconfig>` lists
 *   what the runtime path loses (see `check`)
 */
import type * as ts from 'typescript';
import { analyze } from './analyze';
import { assertFullProgram, createTransformer, type PluginOptions, type TransformerExtras } from './transformer';

export { PluginSetupError, type PluginOptions, type TransformerExtras } from './transformer';
export type { PluginDiagnostic, PluginCode } from './diagnostics';
export { generate, type GenerateOptions, type GenerateResult } from './generate';
export { check } from './check';
export { checkStatus, formatCheck } from './check-report';
export type { CheckOptions, CheckResult, CheckFailure, SlotLoss } from './check-result';

/** The transformer factory: `(program, options?, extras?)`, the shape ts-patch and ts-loader call. */
export default function toolSignaturesTransformer(
  program: ts.Program,
  options?: PluginOptions,
  extras?: TransformerExtras,
): ts.TransformerFactory<ts.SourceFile> {
  return createTransformer(program, options ?? {}, extras ?? {}, 'ts-patch / ts-loader');
}

/** ts-jest `astTransformers`: its name and version (part of ts-jest's cache key). */
export const name = 'tool-signatures-plugin';
export const version = 1;

interface TsJestCompiler {
  readonly program?: ts.Program;
  readonly _languageService?: ts.LanguageService;
  readonly configSet?: { readonly isolatedModules?: boolean };
}

/** ts-jest `astTransformers.before`: `factory(tsCompiler, options)`. The Program is read when a file is transformed. */
export function factory(tsCompiler: TsJestCompiler, options?: PluginOptions): ts.TransformerFactory<ts.SourceFile> {
  const byProgram = new WeakMap<ts.Program, ts.TransformerFactory<ts.SourceFile>>();
  return (ctx) => (sf) => {
    if (tsCompiler.configSet?.isolatedModules === true && tsCompiler._languageService === undefined) {
      assertFullProgram(undefined, 'ts-jest with isolatedModules');
    }
    const program = tsCompiler._languageService?.getProgram() ?? tsCompiler.program;
    assertFullProgram(program, 'ts-jest');
    let t = byProgram.get(program);
    if (t === undefined) {
      t = createTransformer(program, options ?? {}, {}, 'ts-jest');
      byProgram.set(program, t);
    }
    return t(ctx)(sf);
  };
}

/** The Nest CLI `plugins` entry (the shape of `@nestjs/swagger/plugin`): `before(options, program)`. */
export function before(options: PluginOptions | undefined, program: ts.Program): ts.TransformerFactory<ts.SourceFile> {
  return createTransformer(program, options ?? {}, {}, 'Nest CLI');
}

/** The plugin's diagnostics (OLT002–OLT015) for a program, as TypeScript diagnostics at the declarations. */
export function diagnose(program: ts.Program): readonly ts.Diagnostic[] {
  assertFullProgram(program, 'diagnose');
  return analyze(program).diagnostics;
}
