// A CommonJS user of the installed package.
require('reflect-metadata');
const { Tool, ToolSet, toOpenAITool, ToolDefinitionError } = require('tool-signatures');

const add = Tool.create(
  function add(a = 1, b = 2) {
    return a + b;
  },
  { description: 'Add two numbers.' },
);

(async () => {
  const result = await add.invoke('{"a":40}');
  const set = new ToolSet([add]);
  let code;
  try {
    Tool.create(() => 1);
  } catch (e) {
    code = e instanceof ToolDefinitionError ? e.code : 'not a ToolDefinitionError';
  }
  console.log(
    JSON.stringify({
      schema: add.inputSchema,
      result: result.parts,
      openai: toOpenAITool(add).tool.function.name,
      listed: set.list().map((t) => t.name),
      code,
      version: require('tool-signatures/package.json').version,
    }),
  );
})();
