/**
 * Issue 21: the AI SDK adapter with `approvals: false` and no approver ran a `requiresApproval`
 * tool (SECURITY.md says such a call is refused), and a tool returning a `resource_link` with a
 * relative URI made `execute` reject with `TypeError: Invalid URL`. In the real `ai` package's
 * loop (programs/21-ai-sdk.ts, run by Node: `ai` is an ES module only package).
 */
import { runProgram } from '../helpers/programs';

let out: Record<string, unknown>;

beforeAll(async () => {
  out = await runProgram<Record<string, unknown>>('spec/ai-sdk/programs/approvals-and-links.ts', [
    'spec/ai-sdk/programs/approvals-and-links.ts',
    'lib/ai-sdk.ts',
  ]);
}, 180_000);

const refusal = "Tool 'wipe' was not approved: it requires approval and no approver was given.";

describe('issue 21: toAiSdkTools with approvals: false', () => {
  it('without an approver, refuses a requiresApproval tool with a result the model reads (a tool set and a list of definitions alike)', () => {
    for (const run of [out.refusedSet, out.refusedList]) {
      expect(run).toEqual({ parts: ['tool-call', ['tool-error', refusal]], read: [['wipe', { type: 'error-text', value: refusal }]] });
    }
  });

  it('with an approver, lets it decide; only the approved call ran', () => {
    expect(out.approved).toEqual({ parts: ['tool-call', 'tool-result'], read: [['wipe', { type: 'text', value: 'wiped /tmp' }]] });
    expect(out.wiped).toEqual(['/tmp']);
  });
});

describe('issue 21: a part the AI SDK form cannot carry', () => {
  it('a resource link with a relative URI goes to the model as its text, not a TypeError', () => {
    expect(out.relativeLink).toEqual({
      parts: ['tool-call', 'tool-result'],
      read: [
        [
          'report',
          {
            type: 'content',
            value: [
              { type: 'text', text: 'The report:' },
              { type: 'text', text: '[report 7](reports/7.pdf)' },
            ],
          },
        ],
      ],
    });
  });
});
