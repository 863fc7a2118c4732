/**
 * `npm run mcp`: the docket service's tools as an MCP server over stdio (stdout carries only the
 * protocol). Point an MCP client at `npm run --silent mcp`.
 */
import 'reflect-metadata';
import { ToolSet } from 'tool-signatures';
import { serveMcpStdio } from 'tool-signatures/mcp';
import { DocketService } from './service';

serveMcpStdio(new ToolSet([new DocketService()]), { name: 'docket-service', version: '1.0.0' }).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
