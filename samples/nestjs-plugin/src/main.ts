import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Tool } from 'tool-signatures';
import { AppModule } from './app.module';
import { DocketService } from './docket.service';

/** Starts the application context, lists the service's tools and calls one. */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const tools = Tool.fromInstance(app.get(DocketService));
  const docket = tools.find((t) => t.name === 'get_docket')!;
  const result = await docket.invoke({ caseNumber: 'A-1', limit: 1 });
  process.stdout.write(
    JSON.stringify({
      tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema })),
      result: { isError: result.isError, parts: result.parts },
    }),
  );
  await app.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exitCode = 1;
});
