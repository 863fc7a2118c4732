/** `tool-signatures check`'s exit status and printed report. */
import * as path from 'path';
import type { CheckFailure, CheckResult } from './check-result';

/**
 * `check`'s exit status: 1 when the project's run-time tools lose something or cannot be built, or
 * a hint is looser than its declared type (with or without the plugin: the hint wins), or (`strict`)
 * a DTO property no source types; 0 otherwise.
 */
export function checkStatus(result: CheckResult, strict = false): 0 | 1 {
  if (result.looser.length > 0) return 1;
  if (strict && result.untyped.length > 0) return 1;
  if (result.plugin !== undefined) return result.pluginFailures.length > 0 ? 1 : 0;
  return result.losses.length > 0 || result.failures.length > 0 ? 1 : 0;
}

/** The number of tools a failure leaves unbuilt. */
function brokenOf(failures: readonly CheckFailure[]): number {
  return failures.reduce((n, f) => n + f.broken, 0);
}

/** A failure's message as printed: a problem per line, indented under the first. */
function indented(message: string): string {
  return message.split('\n').join('\n    ');
}

/** The report, as `tool-signatures check` prints it. */
export function formatCheck(result: CheckResult, cwd = process.cwd()): string {
  const lines: string[] = [];
  const rel = (at: string) => path.relative(cwd, at) || at;
  for (const l of result.losses) {
    const what =
      l.kind === 'type'
        ? 'loses its type'
        : l.kind === 'optional'
          ? 'is optional in the source, required at run time'
          : 'is required in the source, optional at run time';
    lines.push(`${rel(l.at)}: tool '${l.tool}', argument '${l.slot}' ${what}.`);
    lines.push(`    full types: ${l.full}`);
    lines.push(`    run time:   ${l.runtime}`);
    lines.push(`    fix: ${l.fix}`);
  }
  for (const f of result.failures) lines.push(`${rel(f.at)}: the runtime path cannot build it: ${indented(f.message)}`);
  for (const w of result.looser) lines.push(`${rel(w.at)}: warning ${w.message}`);
  for (const u of result.untyped) lines.push(`${rel(u.at)}: tool '${u.tool}': ${u.message}`);
  const vague =
    result.untyped.length > 0
      ? ` ${result.untyped.length} DTO propert${result.untyped.length === 1 ? 'y is' : 'ies are'} typed by no source (OLT016: listed above; check --strict refuses them).`
      : '';
  const loose = result.looser.length;
  const looseText = `${loose} hint${loose === 1 ? ' is' : 's are'} looser than the declared type`;
  if (result.unreached.length > 0)
    lines.push(`note: not checked, built where loading the modules does not reach (inside a function): ${result.unreached.map(rel).join(', ')}`);
  const n = result.losses.length;
  if (result.plugin !== undefined) {
    for (const f of result.pluginFailures) lines.push(`${rel(f.at)}: the plugin cannot build it: ${indented(f.message)}`);
    const without = [
      ...(n > 0 ? [`${n} argument${n === 1 ? '' : 's'} would lose type information`] : []),
      ...(result.failures.length > 0 ? [`${brokenOf(result.failures)} could not be built`] : []),
    ];
    lines.push(
      `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: this project compiles with the plugin (${result.plugin}), so its tools get the full types at run time` +
        (without.length > 0 ? ` (without the plugin, ${without.join(' and ')}: listed above).` : '.') +
        (result.pluginFailures.length > 0 ? ` ${brokenOf(result.pluginFailures)} cannot be built with the plugin either.` : '') +
        (loose > 0 ? ` ${looseText[0]!.toUpperCase()}${looseText.slice(1)}: listed above.` : '') +
        vague,
    );
    return lines.join('\n') + '\n';
  }
  lines.push(
    n === 0 && result.failures.length === 0 && loose === 0
      ? `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: the runtime path sees every type the source declares.`
      : `${result.tools} tool${result.tools === 1 ? '' : 's'} checked: ${[
          ...(n > 0 ? [`${n} argument${n === 1 ? '' : 's'} lose${n === 1 ? 's' : ''} type information at run time`] : []),
          ...(result.failures.length > 0 ? [`${brokenOf(result.failures)} cannot be built at run time`] : []),
          ...(loose > 0 ? [looseText] : []),
        ].join(', ')}. ${n === 0 && result.failures.length === 0 ? 'Fix the hints above.' : 'Add the hints above, or compile with the plugin.'}`,
  );
  if (vague !== '') lines[lines.length - 1] += vague;
  return lines.join('\n') + '\n';
}
