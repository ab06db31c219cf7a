import { expect, test } from 'vitest';
import type { RunReport } from '../core/report.js';
import { summarize } from '../core/summary.js';
import { singleTargetRun } from '../../test/fixtures-results/reports.js';
import { applyMinCoverage, parseMinCoverage } from './coverage-gate.js';
import { verdictOf } from './verdict.js';

/** The fixture's mock run (97% coverage), its passes only, so that only the coverage gate decides. */
function conformantAt97(): RunReport {
  const r = singleTargetRun()[0]!;
  const results = r.results.filter((x) => x.status === 'pass');
  return { ...r, results, summary: summarize(results, r.level), coverage: { ...r.coverage!, mustSkipped: 0 } };
}

test('--min-coverage fails the gate below the figure and passes at or above it', () => {
  const below = applyMinCoverage(conformantAt97(), 98);
  expect(below.summary.conformant).toBe(false);
  expect(below.summary.minCoverage).toEqual({ required: 98, met: false });
  expect(verdictOf(below).line).toBe(
    'NOT CONFORMANT at level must, coverage 97% (3 items not exercised); below --min-coverage 98%',
  );
  const at = applyMinCoverage(conformantAt97(), 97);
  expect(at.summary.conformant).toBe(true);
  expect(at.summary.minCoverage).toEqual({ required: 97, met: true });
  expect(verdictOf(at).line).toBe('CONFORMANT at level must, coverage 97% (3 items not exercised)');
});

test('the gate never turns a failing run conformant, and a report without coverage does not meet it', () => {
  const failing = singleTargetRun()[0]!;
  expect(failing.summary.conformant).toBe(false);
  expect(applyMinCoverage(failing, 0).summary.conformant).toBe(false);
  const { coverage: _none, ...bare } = conformantAt97();
  expect(applyMinCoverage(bare as RunReport, 0).summary).toMatchObject({
    conformant: false,
    minCoverage: { required: 0, met: false },
  });
  expect(applyMinCoverage(conformantAt97(), undefined)).toEqual(conformantAt97());
});

test('MUST checks skipped: never plainly CONFORMANT', () => {
  const r = conformantAt97();
  const gaps = { ...r, coverage: { ...r.coverage!, mustSkipped: 2 } };
  expect(verdictOf(gaps).word).toBe('CONFORMANT WITH GAPS');
  expect(verdictOf(gaps).line).toBe(
    'CONFORMANT WITH GAPS at level must, coverage 97% (3 items not exercised); 2 MUST checks skipped',
  );
});

test('--min-coverage takes a whole percent 0..100', () => {
  expect(parseMinCoverage('100')).toBe(100);
  expect(parseMinCoverage('90%')).toBe(90);
  expect(parseMinCoverage(undefined)).toBeUndefined();
  for (const bad of ['101', '-1', '9.5', 'all', ''])
    expect(() => parseMinCoverage(bad)).toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
});
