#!/usr/bin/env node
/**
 * Prints the figures of the DTO corpus judge (spec/corpus): how many real DTOs the library accepts,
 * how its verdicts differ from class-validator's and from its own schema's (by kind), and which
 * rules the schema shows by no keyword, phrase or warning. The same run as spec/corpus/dtos.spec.ts,
 * without its assertions, so progress shows while contract v3.1 is being built.
 *
 *   node scripts/corpus-report.js            figures, refusals, disagreements by DTO
 *   node scripts/corpus-report.js --json     the whole report as JSON
 *   node scripts/corpus-report.js --verbose  also one example argument per DTO and kind
 */
'use strict';

const path = require('node:path');

process.env.CORPUS_TYPECHECK = '1';
require('reflect-metadata');
require('tsx/cjs/api').register({ tsconfig: path.resolve(__dirname, '..', 'tsconfig.json') });
const { judgeCorpus, figures } = require('../spec/corpus/judge.ts');
const { EXPECTED_REFUSED, ALLOWED_DEPARTURES, JUDGE_EXCEPTIONS } = require('../spec/corpus/expectations.ts');

async function main() {
  const args = new Set(process.argv.slice(2));
  const report = await judgeCorpus();
  if (args.has('--json')) {
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return;
  }
  const f = figures(report);
  const out = [];
  out.push(`Corpus: ${f.dtos} DTOs from ${report.projects.length} projects (${report.projects.map((p) => `${p.name} ${p.dtos}`).join(', ')})`);
  for (const p of report.projects) if (p.errors.length > 0) out.push(`  compile errors in ${p.name}: ${p.errors.join(' | ')}`);
  out.push(`Accepted: ${f.accepted}/${f.dtos} (${f.acceptedPercent}%); refused by code: ${JSON.stringify(f.refusedByCode)}`);
  const typed = report.dtos.filter((d) => EXPECTED_REFUSED[d.id] === undefined || EXPECTED_REFUSED[d.id].code !== undefined);
  const typedAccepted = typed.filter((d) => !d.refused).length;
  out.push(
    `  of the DTOs that carry type information (not refused as OLT002 in EXPECTED_REFUSED): ${typedAccepted}/${typed.length} (${Math.round((1000 * typedAccepted) / typed.length) / 10}%)`,
  );
  const unexpectedRefusals = report.dtos.filter((d) => d.refused && !(d.id in EXPECTED_REFUSED)).map((d) => d.id);
  const unexpectedAccepts = Object.keys(EXPECTED_REFUSED).filter((id) => report.dtos.some((d) => d.id === id && !d.refused));
  out.push(`  refused but not expected: ${unexpectedRefusals.join(', ') || 'none'}; expected refused but accepted: ${unexpectedAccepts.join(', ') || 'none'}`);
  let outside = 0;
  for (const d of report.dtos) {
    const allowed = new Set([
      'schema-phrase',
      'null-as-absent',
      'safe-integer',
      ...(ALLOWED_DEPARTURES[d.id] || []),
      ...((JUDGE_EXCEPTIONS[d.id] || {}).kinds || []),
    ]);
    outside += d.disagreements.filter((x) => !allowed.has(x.kind)).length;
  }
  out.push(`  disagreements outside the expectation tables (what dtos.spec.ts fails on): ${outside}`);
  out.push(`Arguments tried: ${f.argumentsTried} (generated valid ones accepted by class-validator: ${f.validAcceptedPercent}%)`);
  out.push(`Invoker verdict differs from class-validator's on ${f.verdictsDiffering} arguments (${f.verdictsDifferingPercent}%), departures included`);
  out.push(`Disagreements (invoker vs class-validator, schema vs invoker): ${f.disagreements}, unexplained ${f.unexplained}`);
  for (const [k, n] of Object.entries(f.byKind).sort()) out.push(`  ${k}: ${n}`);
  out.push(`Rules shown by no keyword, phrase or warning: ${f.silentRules}`);
  out.push('');
  out.push('Refused DTOs:');
  for (const d of report.dtos) if (d.refused) out.push(`  ${d.id}: ${d.refused.code} ${d.refused.message.split('\n')[0]}`);
  out.push('');
  out.push('Disagreements by DTO:');
  for (const d of report.dtos) {
    const kinds = {};
    for (const x of d.disagreements) (kinds[x.kind] ??= []).push(x);
    for (const [k, xs] of Object.entries(kinds)) {
      out.push(`  ${d.id} ${k}: ${xs.length}`);
      if (args.has('--verbose')) {
        const x = xs[0];
        out.push(`      e.g. ${x.mutation} at ${x.at || '(root)'}: ${JSON.stringify(x.value)}`);
        out.push(`      invoker ${x.invoker}: ${x.invokerText.split('\n').join(' / ')}`);
        out.push(`      class-validator ${x.classValidator}: ${x.classValidatorText}; schema ${x.schema}`);
      }
    }
  }
  out.push('');
  out.push('Silent rules:');
  for (const d of report.dtos) for (const r of d.silentRules) out.push(`  ${d.id}: ${r}`);
  process.stdout.write(out.join('\n') + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack ? e.stack : e) + '\n');
  process.exitCode = 1;
});
