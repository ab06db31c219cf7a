/**
 * A root cause under load is stated only after its control, the same request sent alone: a server
 * that counts the same usage whatever max_completion_tokens asks (alone too) breaks the max-tokens
 * bound, not the load rule, and blocks nothing. And a real crossing blocks only the failures that
 * restate it, never a rejection rule such as an invalid body served.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../index.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';

const chatChecks = CATALOGUE.filter((c) => c.operation === 'chat.create');
const BELONG = 'load.answers-belong-to-their-requests';
const BOUND = 'chat-completions.max-tokens-bound-completion';
const INVALID_BODY = 'errors.rejects-invalid-body.chat-create';

const statusOf = (report: Awaited<ReturnType<typeof runAgainstMock>>, id: string) =>
  report.results.find((r) => r.id === id);

test('a fixed usage, alone as under load: the max-tokens bound fails, the load check does not, nothing is blocked by it', async () => {
  const report = await runAgainstMock(chatChecks, { level: 'should', concurrency: 8, faults: ['load.fixed-usage'] });
  const belong = statusOf(report, BELONG)!;
  expect(belong.status, belong.actual).toBe('pass');
  expect(belong.notes?.join(' ')).toContain(`${BOUND}'s finding, not one under load`);
  expect(statusOf(report, BOUND)?.status).toBe('fail');
  expect(statusOf(report, `${BOUND}.streamed`)?.status).toBe('fail');
  expect(report.results.filter((r) => r.blockedBy === BELONG).map((r) => r.id)).toEqual([]);
}, 60_000);

test('a fixed usage and invalid bodies served: the rejection rule (SHOULD) fails beside the bound, not blocked', async () => {
  const report = await runAgainstMock(chatChecks, {
    level: 'should',
    concurrency: 8,
    faults: ['load.fixed-usage', 'errors.skips-body-validation'],
  });
  expect(statusOf(report, BELONG)?.status).toBe('pass');
  expect(statusOf(report, INVALID_BODY)).toMatchObject({ status: 'fail', level: 'SHOULD' });
  expect(statusOf(report, BOUND)?.status).toBe('fail');
  expect(report.results.filter((r) => r.blockedBy === BELONG).map((r) => r.id)).toEqual([]);
  expect(report.summary.conformant).toBe(false);
}, 60_000);

test('answers crossed and invalid bodies served: the crossing blocks what restates it, not the rejection rule', async () => {
  const report = await runAgainstMock(chatChecks, {
    level: 'should',
    concurrency: 8,
    faults: ['load.crossed-answers', 'errors.skips-body-validation'],
  });
  expect(statusOf(report, BELONG)?.status).toBe('fail');
  expect(statusOf(report, INVALID_BODY)).toMatchObject({ status: 'fail', level: 'SHOULD' });
  for (const b of report.results.filter((r) => r.blockedBy === BELONG))
    expect(b.id, 'a rejection rule blocked by the crossing').not.toMatch(/^(errors|auth)\./);
}, 60_000);
