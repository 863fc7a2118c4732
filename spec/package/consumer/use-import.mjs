// An ES module user of the installed package: the same single copy as require() loads.
import 'reflect-metadata';
import { createRequire } from 'node:module';
import { Tool, ToolResult, runToolCalls, ToolSet } from 'tool-signatures';
import * as namespace from 'tool-signatures';

const require = createRequire(import.meta.url);
const fromRequire = require('tool-signatures');

const greet = Tool.create(
  function greet(name = 'world') {
    return `hello, ${name}`;
  },
  { description: 'Greet.' },
);

const outcome = await runToolCalls(new ToolSet([greet]), [
  { id: '1', name: 'greet', arguments: '{"name":"esm"}' },
  { id: '2', name: 'greet', arguments: '{"name":3}' },
]);

console.log(
  JSON.stringify({
    sameCopy: fromRequire.Tool === Tool && fromRequire.ToolResult === ToolResult,
    sameNames:
      Object.keys(fromRequire)
        .filter((k) => k !== '__esModule')
        .sort()
        .join() ===
      Object.keys(namespace)
        .filter((k) => k !== 'default')
        .sort()
        .join(),
    results: outcome.results.map((r) => [r.result.isError, r.result.parts[0]]),
  }),
);
