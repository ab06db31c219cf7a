/**
 * The exit code of `conformance run` is `exitCodeOf` the reports: tested here as a function; the
 * binary's own runs (test/e2e, test/trust) only show that the process exits with it.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../core/report.js';
import { summarize } from '../core/summary.js';
import { singleTargetRun } from '../../test/fixtures-results/reports.js';
import { applyMinCoverage } from './coverage-gate.js';
import { exitCodeOf, verdictOf } from './verdict.js';

const failing = singleTargetRun()[0]!;
const passes = failing.results.filter((r) => r.status === 'pass');
const conformant: RunReport = {
  ...failing,
  results: passes,
  summary: summarize(passes, 'must', []),
  coverage: { ...failing.coverage!, mustSkipped: 0 },
};
const unjudged = (r: RunReport): RunReport => ({
  ...r,
  unjudged: { code: 'CTS_CREDENTIALS_REFUSED', reason: 'on /v1 the target answered HTTP 401', families: ['bearer'] },
});

test('0 conformant, 1 not conformant, 3 could not judge', () => {
  expect(verdictOf(conformant).word).toBe('CONFORMANT');
  expect(exitCodeOf([conformant])).toBe(0);
  expect(verdictOf(failing).word).toBe('NOT CONFORMANT');
  expect(exitCodeOf([failing])).toBe(1);
  expect(verdictOf(unjudged(conformant)).word).toBe('COULD NOT JUDGE');
  expect(exitCodeOf([unjudged(conformant)])).toBe(3);
});

test('a judged failure outweighs what could not be judged, in one report or across targets', () => {
  expect(verdictOf(unjudged(failing)).word).toBe('NOT CONFORMANT');
  expect(exitCodeOf([unjudged(failing)])).toBe(1);
  expect(exitCodeOf([failing, unjudged(conformant)])).toBe(1);
  expect(exitCodeOf([conformant, unjudged(conformant)])).toBe(3);
  expect(exitCodeOf([conformant, conformant])).toBe(0);
});

test('MUST checks skipped leave the exit code 0; a coverage gate not met makes it 1', () => {
  const gaps: RunReport = { ...conformant, coverage: { ...conformant.coverage!, mustSkipped: 2 } };
  expect(verdictOf(gaps).word).toBe('CONFORMANT WITH GAPS');
  expect(exitCodeOf([gaps])).toBe(0);
  const percent = conformant.coverage!.percent;
  expect(exitCodeOf([applyMinCoverage(conformant, percent)])).toBe(0);
  expect(exitCodeOf([applyMinCoverage(conformant, percent + 1)])).toBe(1);
});

test('4 interrupted, whatever was found before: the verdict line says so, the word stays what was judged', () => {
  const interrupted = (r: RunReport): RunReport => ({
    ...r,
    // A cast until the types generated from the report schema know the code.
    unjudged: {
      code: 'CTS_INTERRUPTED',
      reason: 'interrupted by SIGTERM after 41 of 212 checks; the other 171 were not run',
      families: [],
    },
  });
  expect(exitCodeOf([interrupted(conformant)])).toBe(4);
  expect(exitCodeOf([interrupted(failing)])).toBe(4);
  expect(exitCodeOf([failing, interrupted(conformant)])).toBe(4);
  expect(verdictOf(interrupted(conformant)).word).toBe('COULD NOT JUDGE');
  expect(verdictOf(interrupted(failing)).word).toBe('NOT CONFORMANT');
  expect(verdictOf(interrupted(failing)).line).toContain(
    '; interrupted by SIGTERM after 41 of 212 checks; the other 171 were not run',
  );
});
