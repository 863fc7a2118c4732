/**
 * The samples as users run them: `npm start`'s script compiles every sample (tsconfig.samples.json,
 * type errors fail it) and runs the main job; then each compiled sample runs in its own Node
 * process. Every sample in samples/ must have a row here.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');
const outDir = path.join(root, 'build', 'samples');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function node(args: string[], timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

/** What samples/unions.ts prints for its calls: alone, and as the last part of the main job. */
const UNION_CALLS = [
  'notify ok: priority 2: Email ana@example.com',
  'notify ok: priority 1: Sms +4915112345678, Email bo@example.com',
  "notify error: Argument 'channels[0].kind' must be one of: email, sms.",
  "notify error: Argument 'channels[1].phone' must match the pattern ^\\+[1-9]\\d{6,14}$.\nArgument 'priority' must be a number from 1 to 3.",
  'find ok: Filter: (status = open or (age = 3 and not owner = bo))',
  "find error: Argument 'where.or[0].equals' must be a string or a number.",
];

/** What each sample must print (each line a substring of its output). */
const expected: Record<string, string[]> = {
  'samples/class-tools': [
    'convert_length: {"type":"object","properties":{"value":{"type":"number","description":"The length to convert."}',
    'round_to: {"type":"object","properties":{"value":{"type":"number"},"step":{"type":"number","default":1}},"required":["value"],"additionalProperties":false}',
    'ok: 12 in = 30.48 cm',
    'ok: 1 m = 3.2808 ft',
    "error: Argument 'value' must be a number.\nArgument 'from' must be one of: mm, cm, m, in, ft.\nArgument 'digits' must be an integer from 0 to 6.",
    'ok: 15',
    'error: step must not be 0.',
  ],
  'samples/dtos': [
    '"starts_at":{"type":"string","format":"date-time","description":"Start, with an offset. Must fall on a weekday."}',
    "ok: booked 'Q2 planning' at 2026-03-03T08:00:00.000Z for Ana (instances: true, true, true; room: any)",
    "error: Argument 'request.starts_at' must fall on a weekday.",
    "Argument 'request.attendees[0].email' must be an email address.",
  ],
  'samples/unions': [
    'notify: {"type":"object","properties":{"channels":{"type":"array","items":{"anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["email"]},"to":{"type":"string","format":"email","description":"Recipient address."}',
    '"additionalProperties":false,"examples":[{"channels":[{"kind":"email","to":"ana@example.com","subject":"Invoice"},{"kind":"sms","phone":"+4915112345678"}],"priority":2}]}',
    'find: {"type":"object","properties":{"where":{"$ref":"#/$defs/Filter","description":"What the records must match."}},"required":["where"],"additionalProperties":false,"examples":[{"where":{"and":[{"field":"status","equals":"open"},{"not":{"field":"owner","equals":"bo"}}]}}],"$defs":{"Filter":',
    'notify, anthropic input_examples: [{"channels":[{"kind":"email","to":"ana@example.com","subject":"Invoice"},{"kind":"sms","phone":"+4915112345678"}],"priority":2}]',
    ...UNION_CALLS,
  ],
  'samples/ad-hoc': [
    'repeat_word: {"type":"object","properties":{"word":{"type":"string"},"count":{"type":"number","default":2},"separator":{"type":"string","default":" "}},"required":["word"],"additionalProperties":false}',
    'time_until: {"type":"object","properties":{"date":{"type":"string","format":"date"}',
    'ok: tick tick tick',
    'ok: 4',
    "error: Argument 'date' must be a date (yyyy-MM-dd), like 2026-12-02.",
    'ok: 6',
  ],
  'samples/providers': [
    'openai strict: {"type":"function","function":{"name":"search"',
    '/properties/tags uniqueItems: moved-to-description',
    'gemini openapi: {"name":"search","description":"Search the catalogue.","parameters":{"type":"OBJECT"',
    'mcp: {"name":"search"',
    "strict call: 'hex bolt' tags=none limit=20",
  ],
  'samples/tool-set': [
    'tools: stock, write_off',
    'c1 ok: BOLT-M8: 120 at 2026-03-02T09:30:00Z (instance #',
    'c3 ok: 4 × NUT-M8 written off',
    "c4 error: Tool 'write_off' was not approved.",
    'stock calls running at once, at most: 2',
    'costs: 2 lines',
  ],
  'samples/tsyringe': [
    'tools: quote {"type":"object","properties":{"sku":{"type":"string","description":"Catalogue SKU."},"qty":{"type":"integer","minimum":1,"maximum":10000}},"required":["sku","qty"],"additionalProperties":false}',
    'ok: 250 × BOLT-M8 = 30.00 EUR (connection #1)',
    'ok: 1000 × NUT-M8 = 50.00 EUR (connection #2)',
    'connection #1 disposed',
    'connection #2 disposed',
    'connection #3 disposed',
    "error: Tool 'quote' failed: Error: unknown SKU WASHER",
    "error: Argument 'qty' must be an integer from 1 to 10000.",
    'connections opened: 3',
    'the price list is one singleton: true',
  ],
  'samples/mcp-server': [
    'listed search_dockets (with output schema) {"readOnlyHint":true}',
    'listed cancel_docket {"destructiveHint":true}',
    'get_docket: isError=false',
    'search_dockets structuredContent: {"result":[{"id":"5f0c1d2e-0000-4000-8000-000000000103"',
    `search_dockets with a bad limit: isError=true [{"type":"text","text":"Argument 'limit' must be an integer from 1 to 50."}]`,
  ],
};

/** Samples that are directories (a program over several modules): each one's main.ts. */
const directorySamples: Record<string, string[]> = {
  'samples/nestjs/main': [
    'price: {"type":"function","function":{"name":"price","description":"Price of a catalogue item, in EUR."',
    'place_order: {"type":"function","function":{"name":"place_order"',
    'c1 ok: BOLT-M8: 0.25 EUR',
    "c2 error: Argument 'qty' must be an integer from 1 to 1000.",
    'c3 ok: order 1001 for ana: 40 × BOLT-M8',
    "c4 error: Tool 'price' failed: RangeError: no item WIDGET",
    'costs: order total 10 EUR',
    'prompt quote: [{"role":"user","content":{"type":"text","text":"Quote 30 × NUT-M8 at 0.10 EUR each."}}]',
    'resource catalogue://skus: [{"uri":"catalogue://skus","mimeType":"application/json","text":"[\\"BOLT-M8\\",\\"NUT-M8\\"]"}]',
  ],
};

/** The main job's output: catalogue, provider forms, and every kind of replayed result. */
const mainJob = [
  '== The docket service: 7 tools ==',
  'search_dockets: Find dockets, newest first.',
  'cancel_docket: Cancel a docket. A dispatcher must approve.\n  requires approval, one at a time',
  'submit_report: Report to the user what was done. Call it last: it ends the turn.\n  ends the loop',
  '== OpenAI Chat Completions (strict): the tools array as sent, and what moved ==',
  '== Anthropic Messages (strict tool use): the tools array as sent, and what moved ==',
  '== Gemini (parametersJsonSchema): the tools array as sent, and what moved ==',
  '== MCP tools/list: the tools array as sent, and what moved ==',
  '== Replaying samples/docket/turns.json: 6 model turns ==',
  '← call_01 search_dockets ok: [{"id":"5f0c1d2e-0000-4000-8000-000000000103"',
  "← call_02 create_docket ERROR: Argument 'docket.priority' must be one of: low, normal, urgent.",
  "    Argument 'docket.lines[0].sku' must match the pattern ^[A-Z]+-[A-Z0-9]+$.",
  "    Argument 'docket.colour' is not a property of NewDocket.",
  "    Argument 'docket.lines[1].qty' must be an integer from 1 to 1000.",
  '← call_03 create_docket ok: {"id":"5f0c1d2e-0000-4000-8000-000000000104"',
  "← toolu_01 quote_freight ERROR: Tool 'quote_freight' timed out after 1 s.",
  '← toolu_02 quote_freight ok: {"carrier":"ups","price":27.6,"currency":"EUR","days":2}',
  "← toolu_03 schedule_delivery ERROR: Tool 'schedule_delivery' failed: RangeError: 2026-03-08 is a Sunday; the depot is closed.",
  '? approval for cancel_docket',
  "← toolu_04 cancel_docket ERROR: Tool 'cancel_docket' was not approved.",
  "← toolu_06 lookup_customer ERROR: Unknown tool 'lookup_customer'.",
  "The loop ends: submit_report (toolu_08) returned the turn's typed result:\nShiftReport {",
  '11 calls: 5 ok, 6 returned to the model as errors.',
  'costs: warehouse API call 0.002 EUR',
  '== Unions and recursive classes (samples/unions.ts): listed, then invoked ==',
  'notify: {"type":"object","properties":{"channels":{"type":"array","items":{"anyOf":[',
  'find: {"type":"object","properties":{"where":{"$ref":"#/$defs/Filter"',
  ...UNION_CALLS,
];

let start: Run;
const runs = new Map<string, Run>();

beforeAll(async () => {
  // `npm start` is `node scripts/start.js`: it compiles every sample, then runs the main job.
  start = await node([path.join(root, 'scripts', 'start.js')], 120_000);
  if (start.code !== 0) return;
  const all = await Promise.all(
    [...Object.keys(expected), ...Object.keys(directorySamples)].map(async (s) => [s, await node([path.join(outDir, `${s}.js`)])] as const),
  );
  for (const [s, r] of all) runs.set(s, r);
}, 180_000);

describe('npm start', () => {
  it('compiles the samples and runs the main job to exit status 0', () => {
    expect(start.stderr).toBe('');
    expect(start.code).toBe(0);
  });

  it.each(mainJob)('prints %j', (line) => {
    expect(start.stdout).toContain(line);
  });
});

describe('samples', () => {
  it('has an expectation for every sample program', () => {
    const programs = fs
      .readdirSync(path.join(root, 'samples'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `samples/${f.replace(/\.ts$/, '')}`);
    expect(programs.sort()).toEqual(Object.keys(expected).sort());
  });

  it('has an expectation for every sample directory', () => {
    const dirs = fs
      .readdirSync(path.join(root, 'samples'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'docket' && fs.existsSync(path.join(root, 'samples', d.name, 'main.ts')));
    expect(dirs.map((d) => `samples/${d.name}/main`).sort()).toEqual(Object.keys(directorySamples).sort());
  });

  describe.each([...Object.entries(expected), ...Object.entries(directorySamples)])('%s', (sample, lines) => {
    it('exits 0 with nothing on stderr', () => {
      const r = runs.get(sample);
      expect(r?.stderr).toBe('');
      expect(r?.code).toBe(0);
    });

    it.each(lines)('prints %j', (line) => {
      expect(runs.get(sample)?.stdout).toContain(line);
    });
  });
});
