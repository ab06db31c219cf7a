/**
 * No silent pass: a MUST check selected but not judged stops exit 0 unless its kind of gap is
 * accepted (`--allow-gaps`); the kind comes from the check's coverage hole.
 */
import { expect, test } from 'vitest';
import type { CoverageHole, HoleCauseCode } from './coverage.js';
import { describeGaps, mustGapsOf } from './gaps.js';
import type { OperationId } from './operations.js';
import type { CheckResult } from './result.js';
import { summaryOf } from './summary.js';
import { verdictOfReport } from './verdict-of-report.js';

const result = (
  id: string,
  status: CheckResult['status'],
  operation: OperationId = 'chat.create',
  level: CheckResult['level'] = 'MUST',
): CheckResult => ({ id, operation, section: '§4', level, requirement: id, status, durationMs: 1 });

const hole = (id: string, operation: OperationId, code: HoleCauseCode): CoverageHole => ({
  id: `check ${id}`,
  operation,
  kind: 'check-skipped',
  description: id,
  cause: { code, reason: code },
});

function report(results: CheckResult[], holes: CoverageHole[]) {
  const coverage = {
    percent: 90,
    covered: 9,
    total: 10,
    notApplicable: 0,
    mustSkipped: results.filter((r) => r.status === 'skip' && r.level === 'MUST').length,
    operations: [],
    holes,
    groups: [],
  };
  return { level: 'must' as const, results, coverage };
}

const writesOff = report(
  [
    result('chat.ok', 'pass'),
    result('jobs.create', 'skip', 'training-jobs.create'),
    result('jobs.reject', 'skip', 'training-jobs.create'),
    result('jobs.should', 'skip', 'training-jobs.create', 'SHOULD'),
  ],
  [
    hole('jobs.create', 'training-jobs.create', 'writes-not-allowed'),
    hole('jobs.reject', 'training-jobs.create', 'writes-not-allowed'),
    hole('jobs.should', 'training-jobs.create', 'writes-not-allowed'),
  ],
);

test('writes off: the MUST checks left are an unaccepted gap, COULD NOT JUDGE, and the line says how to accept it', () => {
  const gaps = mustGapsOf(writesOff);
  expect(gaps.count).toBe(2);
  expect([...gaps.unaccepted]).toEqual([['writes', ['jobs.create', 'jobs.reject']]]);
  expect(gaps.operationsNotJudged).toEqual(['training-jobs.create']);
  expect(verdictOfReport(writesOff).word).toBe('COULD NOT JUDGE');
  expect(summaryOf(writesOff).conformant).toBe(false);
  expect(describeGaps(gaps)).toBe(
    '2 MUST checks not judged: 2 have side effects and writes were off (pass --allow-writes); ' +
      'no MUST check of training-jobs.create was judged; --allow-gaps writes accepts them',
  );
});

test('--allow-gaps writes accepts them: CONFORMANT WITH GAPS; another kind is not accepted by it', () => {
  const accepted = { ...writesOff, summary: { allowedGaps: ['writes' as const] } };
  expect(verdictOfReport(accepted).word).toBe('CONFORMANT WITH GAPS');
  expect(summaryOf(writesOff, { allowedGaps: ['writes'] }).conformant).toBe(true);
  expect(verdictOfReport({ ...writesOff, summary: { allowedGaps: ['skipped'] } }).word).toBe('COULD NOT JUDGE');
});

test('a judged failure still outweighs a gap; a SHOULD skip alone is no gap at level must', () => {
  const failing = { ...writesOff, results: [...writesOff.results, result('chat.bad', 'fail')] };
  expect(verdictOfReport(failing).word).toBe('NOT CONFORMANT');
  const shouldOnly = report(
    [result('chat.ok', 'pass'), result('chat.style', 'skip', 'chat.create', 'SHOULD')],
    [hole('chat.style', 'chat.create', 'skipped-by-check')],
  );
  expect(verdictOfReport(shouldOnly).word).toBe('CONFORMANT');
});

test('an empty listing (checks that found nothing to judge) asks whether --entity/--project is right', () => {
  const empty = report(
    [result('predictions.auth', 'pass', 'predictions.list'), result('predictions.limit', 'skip', 'predictions.list')],
    [hole('predictions.limit', 'predictions.list', 'skipped-by-check')],
  );
  const gaps = mustGapsOf(empty);
  expect(gaps.emptyListings).toEqual(['predictions.list']);
  expect(gaps.operationsNotJudged).toEqual([]);
  expect(describeGaps(gaps)).toContain('is --entity/--project right?');
  expect(verdictOfReport(empty).word).toBe('COULD NOT JUDGE');
});

test('without coverage the kind comes from the result: blocked by a root, else found nothing', () => {
  const bare = {
    level: 'must' as const,
    results: [{ ...result('a.child', 'skip'), blockedBy: 'a.root' }, result('b.check', 'skip')],
  };
  expect([...mustGapsOf(bare).unaccepted.keys()].sort()).toEqual(['blocked', 'skipped']);
});

test("a check the deployment's own limit left nothing to send is not applicable there: no gap", () => {
  const limited = report(
    [{ ...result('chat.bounds', 'skip'), reason: 'a body was refused for its size: … A deployment limit (§8 …)' }],
    [hole('chat.bounds', 'chat.create', 'skipped-by-check')],
  );
  expect(mustGapsOf(limited).count).toBe(0);
  expect(verdictOfReport(limited).word).toBe('CONFORMANT WITH GAPS');
});
