import * as ts from 'typescript';
import type { Diagnosis, ToolErrorCode } from '../diagnostics';

/** The contract's codes that the plugin reports. */
export type PluginCode = ToolErrorCode;

/** TypeScript prints `TS99002` for OLT002: numbers far above TypeScript's own. */
export const CODE_BASE = 99000;

/** A diagnostic of this plugin: a TypeScript diagnostic that also names its contract code. */
export interface PluginDiagnostic extends ts.Diagnostic {
  readonly olt: PluginCode;
  /** A hint looser than the declared type (a warning that `check` lists). */
  readonly looser?: true;
}

/** A diagnosis of the catalogue (lib/diagnostics.ts) at a node; `prefix` places it (`parameter 'x': `). */
export function diagnostic(d: Diagnosis, at: ts.Node, category = ts.DiagnosticCategory.Error, prefix = ''): PluginDiagnostic {
  const file = at.getSourceFile();
  const start = at.getStart(file);
  return {
    file,
    start,
    length: Math.max(0, at.getEnd() - start),
    messageText: `${d.code}: ${prefix}${d.text}`,
    category,
    code: CODE_BASE + Number(d.code.slice(3)),
    source: 'tool-signatures',
    olt: d.code,
  };
}

/** Thrown inside the type reader; becomes a diagnostic at the slot being read. */
export class SlotError extends Error {
  constructor(readonly diagnosis: Diagnosis) {
    super(diagnosis.text);
  }
}
