/**
 * Each chat-completion check judges its own subject: when a precondition another check owns is
 * broken (logprobs not given, n not honoured, a §7 condition not enforced), it skips naming that
 * check, or passes on the rules it owns, instead of failing once more for the same cause. The owner
 * fails, and a field that itself takes the subject away still fails.
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import type { CheckResult } from '../../src/core/result.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';
import { runAgainstVariant } from '../../test/helpers/variant-server.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { chatCompletionChecks } from './index.js';

const C = (rule: string) => `chat-completions.${rule}`;
const only = (...ids: string[]): CheckDefinition[] => ids.map((id) => chatCompletionChecks.find((c) => c.id === id)!);
const byId = (results: readonly CheckResult[]): Record<string, CheckResult> =>
  Object.fromEntries(results.map((r) => [r.id, r]));
const statuses = (results: readonly CheckResult[]): Record<string, string> =>
  Object.fromEntries(results.map((r) => [r.id, r.status]));

test('logprobs ignored: logprobs-shape-and-counts fails; the token form and the joined tokens skip, naming it', async () => {
  const report = await runAgainstMock(
    only(
      C('logprobs-shape-and-counts'),
      C('logprobs-shape-and-counts.streamed'),
      C('tokens-as-token-ids'),
      C('logprobs-tokens-join-to-content'),
      C('logprobs-tokens-join-to-content.streamed'),
      C('logprobs-bytes-and-order'),
    ),
    { faults: ['chat-completions.logprobs-ignored'] },
  );
  expect(statuses(report.results)).toEqual({
    [C('logprobs-shape-and-counts')]: 'fail',
    [C('logprobs-shape-and-counts.streamed')]: 'fail',
    [C('tokens-as-token-ids')]: 'skip',
    [C('logprobs-tokens-join-to-content')]: 'skip',
    [C('logprobs-tokens-join-to-content.streamed')]: 'skip',
    [C('logprobs-bytes-and-order')]: 'skip',
  });
  const r = byId(report.results);
  expect(r[C('tokens-as-token-ids')]!.reason).toMatch(
    /^no logprobs to judge: .*with or without return_tokens_as_token_ids.*see chat-completions\.logprobs-shape-and-counts$/,
  );
  expect(r[C('logprobs-tokens-join-to-content')]!.reason).toMatch(/see chat-completions\.logprobs-shape-and-counts$/);
  expect(r[C('logprobs-tokens-join-to-content.streamed')]!.reason).toMatch(
    /see chat-completions\.logprobs-shape-and-counts\.streamed$/,
  );
});

test('logprobs dropped only when return_tokens_as_token_ids is sent: tokens-as-token-ids fails (the control has them)', async () => {
  const dropWithTokenIds = (req: MockRequest, res: MockResponse): MockResponse => {
    const sent = JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>;
    if (sent.return_tokens_as_token_ids !== true || typeof res.json !== 'object' || res.json === null) return res;
    const body = structuredClone(res.json) as { choices: Array<Record<string, unknown>> };
    for (const c of body.choices) c.logprobs = null;
    return { ...res, json: body };
  };
  const report = await runAgainstVariant(only(C('tokens-as-token-ids')), { after: dropWithTokenIds });
  const r = report.results[0]!;
  expect(r.status, r.reason).toBe('fail');
  expect(r.actual).toMatch(/^with return_tokens_as_token_ids, choice 0 has logprobs null/);
});

test('n ignored: n-choices-indexed fails; prompt-tokens-once-for-n skips naming it (one choice shares no prompt)', async () => {
  const report = await runAgainstMock(only(C('n-choices-indexed'), C('prompt-tokens-once-for-n')), {
    faults: ['chat-completions.n-ignored'],
  });
  expect(statuses(report.results)).toEqual({
    [C('n-choices-indexed')]: 'fail',
    [C('prompt-tokens-once-for-n')]: 'skip',
  });
  expect(byId(report.results)[C('prompt-tokens-once-for-n')]!.reason).toMatch(
    /^n: 3 was answered with 1 choice\(s\), not 3: .*see chat-completions\.n-choices-indexed$/,
  );
});

test('a §7 condition not enforced fails its own MUST check, not each-rule-rejected too', async () => {
  const both = await runAgainstMock(
    only(
      C('rejects-continue-with-generation-prompt'),
      C('rejects-continue-with-generation-prompt.streamed'),
      C('each-rule-rejected'),
      C('each-rule-rejected.streamed'),
    ),
    { faults: ['chat-completions.continue-with-generation-prompt-accepted'] },
  );
  expect(statuses(both.results)).toEqual({
    [C('rejects-continue-with-generation-prompt')]: 'fail',
    [C('rejects-continue-with-generation-prompt.streamed')]: 'fail',
    [C('each-rule-rejected')]: 'pass',
    [C('each-rule-rejected.streamed')]: 'pass',
  });
  const priority = await runAgainstMock(
    only(C('priority-follows-scheduling.streamed'), C('each-rule-rejected.streamed')),
    {
      faults: ['chat-completions.section-7-not-enforced-when-streamed'],
    },
  );
  expect(statuses(priority.results)).toEqual({
    [C('priority-follows-scheduling.streamed')]: 'fail',
    [C('each-rule-rejected.streamed')]: 'pass',
  });
});
