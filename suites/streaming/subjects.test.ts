/**
 * Each streaming check judges what it names, and only that: the per-choice rules of an n: 2 stream
 * skip when fewer choices came (naming the check that reports them) instead of passing on choice 0
 * alone; the pre-generation check skips when there is no error to judge; the timing observation
 * says when the events arrived at once.
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import type { CheckResult } from '../../src/core/result.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';
import { runAgainstVariant } from '../../test/helpers/variant-server.js';
import { streamingChecks } from './index.js';

const S = (rule: string) => `streaming.${rule}`;
const only = (...ids: string[]): CheckDefinition[] => ids.map((id) => streamingChecks.find((c) => c.id === id)!);
const byId = (results: readonly CheckResult[]): Record<string, CheckResult> =>
  Object.fromEntries(results.map((r) => [r.id, r]));

test('n ignored (one choice streamed for n: 2): the role and finish rules skip naming contiguous-choice-indices, which fails', async () => {
  const report = await runAgainstMock(
    only(S('role-in-first-delta'), S('one-finish-reason-per-choice'), S('contiguous-choice-indices')),
    { faults: ['chat-completions.n-ignored'] },
  );
  const r = byId(report.results);
  expect(r[S('contiguous-choice-indices')]?.status).toBe('fail');
  for (const [id, what] of [
    [S('role-in-first-delta'), 'the first delta'],
    [S('one-finish-reason-per-choice'), 'the finish_reasons'],
  ] as const) {
    expect(r[id]?.status, id).toBe('skip');
    expect(r[id]?.reason).toBe(
      `only choice 0 of the 2 requested (n: 2) arrived: ${what} of choice 1 could not be judged; streaming.contiguous-choice-indices reports the missing choice`,
    );
  }
});

test('a broken rule on the choices that came still fails when another is missing', async () => {
  // Choice 0 without its role, choice 1 never sent.
  const report = await runAgainstMock(only(S('role-in-first-delta')), {
    faults: ['chat-completions.n-ignored', 'streaming.role-missing'],
  });
  expect(report.results[0]?.status).toBe('fail');
});

test('pre-generation-error-is-http-4xx: nothing to judge when the request is accepted or refused with a 5xx; the owner is named', async () => {
  const accepted = await runAgainstMock(only(S('pre-generation-error-is-http-4xx')), {
    faults: ['chat-completions.continue-with-generation-prompt-accepted'],
  });
  expect(accepted.results[0]?.status).toBe('skip');
  expect(accepted.results[0]?.reason).toMatch(
    /^no error to judge: .*accepted \(HTTP 200, no error event\); see chat-completions\.rejects-continue-with-generation-prompt\.streamed$/,
  );
  const crashed = await runAgainstVariant(only(S('pre-generation-error-is-http-4xx')), {
    before: (req) =>
      new TextDecoder().decode(req.body).includes('"continue_final_message":true')
        ? { status: 500, headers: { 'content-type': 'application/json' }, body: '{"error":{"message":"boom"}}' }
        : req,
  });
  expect(crashed.results[0]?.status).toBe('skip');
  expect(crashed.results[0]?.reason).toMatch(/HTTP 500 .*not with a 4xx/);
});

test('timing: a stream held back and sent whole is an INFO finding, compressed at once or later; the clean mock says what it saw', async () => {
  const timing = only(S('timing'));
  const gzip = await runAgainstMock(timing, { faults: ['streaming.gzip-front-buffers'] });
  expect(gzip.results[0]).toMatchObject({ status: 'fail', level: 'INFO' });
  expect(gzip.results[0]?.actual).toMatch(
    /^all \d+ events arrived at once \(within \d+ ms\), \d+ ms after the request: a client sees the whole answer at once, not a stream; the stream came compressed \(Content-Encoding: gzip\)/,
  );
  const late = await runAgainstMock(timing, { faults: ['streaming.buffered'] });
  expect(late.results[0]).toMatchObject({ status: 'fail', level: 'INFO' });
  expect(late.results[0]?.actual).toMatch(/arrived at once .*, held back/);
  // The bundled mock writes a whole answer within a few milliseconds, uncompressed: not reported,
  // and the pass says why.
  const clean = await runAgainstMock(timing);
  expect(clean.results[0]?.status).toBe('pass');
  expect(clean.results[0]?.notes?.join(' ')).toMatch(/time to first event/);
});
