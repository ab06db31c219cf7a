import { expect, test } from 'vitest';
import type { CheckResult } from './result.js';
import { summarize } from './summary.js';

const r = (status: CheckResult['status'], level: CheckResult['level'], known = false): CheckResult => ({
  id: `area.${status}-${level.toLowerCase()}${known ? '-known' : ''}`,
  operation: 'scores.read',
  section: '§4.8',
  level,
  requirement: 'r',
  status,
  durationMs: 0,
  ...(known ? { expectedFailure: { reason: 'ticket' } } : {}),
});

test('each result lands in exactly one count; INFO observations count as passed', () => {
  const results = [
    r('pass', 'MUST'),
    r('fail', 'MUST'),
    r('fail', 'INFO'),
    r('error', 'SHOULD'),
    r('skip', 'MUST'),
    r('fail', 'MUST', true),
  ];
  const s = summarize(results, 'must');
  expect(s).toEqual({
    total: 6,
    passed: 2,
    failed: 1,
    errored: 1,
    skipped: 1,
    expectedFailures: 1,
    unexpectedPasses: [],
    conformant: false,
  });
  expect(s.passed + s.failed + s.errored + s.skipped + s.expectedFailures).toBe(s.total);
});

test('conformant follows gates(): fails and errors gate at the gating levels only, known failures never', () => {
  expect(summarize([r('fail', 'SHOULD')], 'must').conformant).toBe(true);
  expect(summarize([r('fail', 'SHOULD')], 'should').conformant).toBe(false);
  expect(summarize([r('error', 'MUST')], 'must').conformant).toBe(false);
  expect(summarize([r('error', 'SHOULD')], 'must').conformant).toBe(true);
  expect(summarize([r('error', 'SHOULD')], 'should').conformant).toBe(false);
  expect(summarize([r('error', 'INFO')], 'should').conformant).toBe(true);
  expect(summarize([r('fail', 'INFO')], 'should').conformant).toBe(true);
  expect(summarize([r('fail', 'MUST', true)], 'should').conformant).toBe(true);
  expect(summarize([], 'must')).toMatchObject({ total: 0, conformant: true });
});

test('unexpected passes are carried into the summary', () => {
  expect(summarize([r('pass', 'MUST')], 'must', ['area.pass-must']).unexpectedPasses).toEqual(['area.pass-must']);
});
