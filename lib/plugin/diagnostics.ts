import * as ts from 'typescript';

/** The contract's codes that the plugin reports. */
export type PluginCode = 'OLT002' | 'OLT003' | 'OLT004' | 'OLT006' | 'OLT007' | 'OLT008' | 'OLT009' | 'OLT012' | 'OLT013' | 'OLT014' | 'OLT015';

/** TypeScript prints `TS99002` for OLT002: numbers far above TypeScript's own. */
export const CODE_BASE = 99000;

/** A diagnostic of this plugin: a TypeScript diagnostic that also names its contract code. */
export interface PluginDiagnostic extends ts.Diagnostic {
  readonly olt: PluginCode;
}

export function diagnostic(code: PluginCode, at: ts.Node, message: string, category = ts.DiagnosticCategory.Error): PluginDiagnostic {
  const file = at.getSourceFile();
  const start = at.getStart(file);
  return {
    file,
    start,
    length: Math.max(0, at.getEnd() - start),
    messageText: `${code}: ${message}`,
    category,
    code: CODE_BASE + Number(code.slice(3)),
    source: 'tool-signatures',
    olt: code,
  };
}

/** Thrown inside the type reader; becomes a diagnostic at the slot being read. */
export class SlotError extends Error {
  constructor(readonly code: PluginCode, message: string) {
    super(message);
  }
}
