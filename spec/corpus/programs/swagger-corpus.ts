/**
 * The swagger corpus (spec/corpus/dtos/<project>/ whose nest-cli.json names the @nestjs/swagger
 * plugin), compiled with the real swagger CLI plugin transformer and judged as the other corpus is
 * (judge.ts), in a Node of its own: the plugin and the `require("@nestjs/swagger")` it writes are ES
 * modules only. Prints one JSON object that spec/corpus/swagger-plugin.spec.ts checks.
 */
import { figures, judgeCorpus, loadCorpus } from '../judge';

async function main(): Promise<void> {
  const report = await judgeCorpus('swagger');
  // Each class as the plugin compiled it: whether it carries the metadata factory.
  const factories = Object.fromEntries(loadCorpus('swagger').dtos.map((d) => [d.id, Object.prototype.hasOwnProperty.call(d.cls, '_OPENAPI_METADATA_FACTORY')]));
  const dtos = report.dtos.map((d) => {
    const kinds: Record<string, { count: number; example: string }> = {};
    for (const x of d.disagreements) {
      const k = (kinds[x.kind] ??= {
        count: 0,
        example: `${x.mutation} at ${x.at || '(root)'}: ${JSON.stringify(x.value)} → invoker ${x.invoker} (${x.invokerText.split('\n')[0]}), class-validator ${x.classValidator} (${x.classValidatorText.split('\n')[0]}), schema ${x.schema}`,
      });
      k.count++;
    }
    return {
      id: d.id,
      factory: factories[d.id] ?? false,
      refused: d.refused,
      schema: d.schema === undefined ? undefined : JSON.stringify(d.schema),
      warnings: d.warnings,
      argumentsTried: d.argumentsTried,
      verdictsDiffering: d.verdictsDiffering,
      disagreements: kinds,
      silentRules: d.silentRules,
    };
  });
  process.stdout.write(JSON.stringify({ projects: report.projects, dtos, figures: figures(report) }) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
