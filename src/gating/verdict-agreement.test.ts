/**
 * The verdict is computed once (src/core/verdict-of-report.ts): the summary's `conformant`, the
 * verdict word and the exit code agree whatever produced the report and in whatever order the
 * gates (`--slo`, `--expect`, `--min-coverage`) were applied to it.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { gates } from '../core/report.js';
import { summarize, summaryOf } from '../core/summary.js';
import { verdictOfReport, type VerdictWord } from '../core/verdict-of-report.js';
import type { Objective } from '../core/timing.js';
import { withTiming } from '../timing/report-timing.js';
import { TimingSketches } from '../timing/table.js';
import { singleTargetRun } from '../../test/fixtures-results/reports.js';
import { applyBaseline, type Baseline } from './baseline.js';
import { applyMinCoverage } from './coverage-gate.js';
import { exitCodeOf, verdictOf } from './verdict.js';

const fixture = singleTargetRun()[0]!;
const passes = fixture.results.filter((r) => r.status === 'pass');
/** The fixture's mock run, its passes only: conformant, coverage 97%, no MUST check skipped. */
const conformant: RunReport = {
  ...fixture,
  results: passes,
  summary: summarize(passes, 'must'),
  coverage: { ...fixture.coverage!, mustSkipped: 0 },
};
const UNJUDGED: NonNullable<RunReport['unjudged']> = {
  code: 'CTS_TARGET_UNREACHABLE',
  reason: 'the target did not answer (ECONNREFUSED)',
  families: ['bearer', 'basic'],
};

const result = (id: string, status: CheckResult['status'], level: CheckResult['level']): CheckResult => ({
  id,
  operation: 'chat.create',
  section: '§4.1',
  level,
  requirement: `requirement of ${id}`,
  status,
  durationMs: 1,
});

const KNOWN: Baseline = { version: 1, entries: [{ fingerprint: 'x.known', check: 'x.known', reason: 'TICKET-1' }] };
/** The baseline applied as a run applies it. */
const withKnown = (report: RunReport, b: Baseline) =>
  applyBaseline(report, b, { file: 'b.json', today: '2026-12-02', driver: 'run' });

/** A report as a run builds it: results, and `unjudged` when the preflight could not reach the target. */
function runReport(results: readonly CheckResult[], unjudged: boolean): RunReport {
  const facts = { ...conformant, results, ...(unjudged ? { unjudged: UNJUDGED } : {}) };
  return { ...facts, summary: summaryOf(facts) };
}

test('an unreachable target with --expect stays not conformant, exit 3, in the report written too', () => {
  // The checks of the families not judged are skipped: what the preflight could not reach is all left.
  const skipped = passes.map((r): CheckResult => ({ ...r, status: 'skip', reason: 'could not judge' }));
  const run = runReport(skipped, true);
  expect(run.summary.conformant).toBe(false);
  const expected = withKnown(run, KNOWN);
  expect(expected.summary.conformant).toBe(false);
  expect(verdictOf(expected).word).toBe('COULD NOT JUDGE');
  expect(exitCodeOf([expected])).toBe(3);
  // What --json writes is the report: its summary says the same.
  const written = JSON.parse(JSON.stringify(expected)) as RunReport;
  expect(written.summary).toMatchObject({ conformant: false, unexpectedPasses: [] });
  // The coverage gate after the expectations, or before: the veto is kept either way.
  expect(applyMinCoverage(expected, 0).summary.conformant).toBe(false);
  expect(withKnown(applyMinCoverage(run, 0), KNOWN).summary.conformant).toBe(false);
});

test('an error at a level the run does not gate on gates neither the summary nor the verdict', () => {
  const errorShould = result('x.should-error', 'error', 'SHOULD');
  expect(gates(errorShould, 'must')).toBe(false);
  expect(gates(errorShould, 'should')).toBe(true);
  expect(gates(result('x.info-error', 'error', 'INFO'), 'should')).toBe(false);
  const atMust = runReport([...passes, errorShould], false);
  expect(atMust.summary.conformant).toBe(true);
  expect(verdictOf(atMust).word).toBe('CONFORMANT');
  expect(exitCodeOf([atMust])).toBe(0);
  // Not judged and the SHOULD error: COULD NOT JUDGE in both (an error that does not gate outweighs nothing).
  const unjudged = runReport([...passes, errorShould], true);
  expect(unjudged.summary.conformant).toBe(false);
  expect(verdictOf(unjudged).word).toBe('COULD NOT JUDGE');
  expect(exitCodeOf([unjudged])).toBe(3);
  // At --level should the same error gates, in both.
  const atShould = { ...atMust, level: 'should' as const };
  const resummed = { ...atShould, summary: summaryOf(atShould) };
  expect(resummed.summary.conformant).toBe(false);
  expect(verdictOf(resummed).word).toBe('NOT CONFORMANT');
  expect(exitCodeOf([resummed])).toBe(1);
});

const TTFT_P95: Objective = { id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 100 };

/** A timing table of 40 streams whose first token came after `ms` milliseconds. */
function timingOf(ms: number) {
  const t = new TimingSketches();
  for (let i = 0; i < 40; i++) t.record('chat.create', 'ttft_ms', ms);
  return t.table();
}

interface Case {
  readonly unjudged: boolean;
  readonly knownFailure: boolean;
  readonly objectiveMissed: boolean;
  readonly coverageUnmet: boolean;
  readonly mustFails: boolean;
}

const CASES: Case[] = [];
for (let bits = 0; bits < 32; bits++)
  CASES.push({
    unjudged: (bits & 1) !== 0,
    knownFailure: (bits & 2) !== 0,
    objectiveMissed: (bits & 4) !== 0,
    coverageUnmet: (bits & 8) !== 0,
    mustFails: (bits & 16) !== 0,
  });

/** The verdict the rules give (the order of src/core/verdict-of-report.ts), written out independently. */
function expectedWord(c: Case): VerdictWord {
  if (c.mustFails || c.objectiveMissed) return 'NOT CONFORMANT';
  if (c.unjudged) return 'COULD NOT JUDGE';
  return c.coverageUnmet ? 'NOT CONFORMANT' : 'CONFORMANT';
}
const EXIT: Record<VerdictWord, number> = {
  CONFORMANT: 0,
  'CONFORMANT WITH GAPS': 0,
  'NOT CONFORMANT': 1,
  'COULD NOT JUDGE': 3,
};

test.each(CASES)(
  'summary, word and exit code agree: unjudged $unjudged, known failure $knownFailure, objective missed $objectiveMissed, coverage unmet $coverageUnmet, MUST fails $mustFails',
  (c) => {
    const results = [
      ...passes,
      ...(c.knownFailure ? [result('x.known', 'fail', 'MUST')] : []),
      ...(c.mustFails ? [result('x.must-fails', 'fail', 'MUST')] : []),
    ];
    const percent = conformant.coverage!.percent;
    // The order of `conformance run`: the run (its objectives judged in it), then --expect, then --min-coverage.
    const timed = withTiming(runReport(results, c.unjudged), timingOf(c.objectiveMissed ? 500 : 50), [TTFT_P95]);
    const required = c.coverageUnmet ? percent + 1 : percent;
    const gated = applyMinCoverage(withKnown(timed, KNOWN), required);
    // Any other order gives the same summary: no step drops what another found.
    const reordered = withTiming(
      withKnown(applyMinCoverage(runReport(results, c.unjudged), required), KNOWN),
      timingOf(c.objectiveMissed ? 500 : 50),
      [TTFT_P95],
    );
    const word = expectedWord(c);
    expect(verdictOf(gated).word).toBe(word);
    expect(exitCodeOf([gated])).toBe(EXIT[word]);
    expect(gated.summary.conformant).toBe(EXIT[word] === 0);
    expect(gated.summary.minCoverage).toEqual({ required, met: !c.coverageUnmet });
    expect(gated.summary.expectedFailures).toBe(c.knownFailure ? 1 : 0);
    expect(reordered.summary).toEqual(gated.summary);
    expect(verdictOfReport(gated)).toMatchObject({ word, conformant: gated.summary.conformant });
  },
);
