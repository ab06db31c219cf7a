/**
 * @module The verdict of one target's run in one line, the same in every report:
 * `CONFORMANT at level must, coverage 97% (3 items not exercised)`. A run that left MUST checks
 * skipped is never plainly CONFORMANT: it is CONFORMANT WITH GAPS, saying how many. The words, the
 * line and the exit codes; the verdict itself is src/core/verdict-of-report.ts.
 */
import { describeGaps } from '../core/gaps.js';
import type { BaselineOutcome, RunReport } from '../core/report.js';
import { type VerdictBasis, type VerdictWord, verdictOfReport } from '../core/verdict-of-report.js';
import { plural } from '../core/words.js';

/**
 * The exit codes of `conformance run` (and `conformance proxy`), documented in the README and `--help`.
 * `interrupted`: a SIGINT or SIGTERM stopped the run (or the proxy) before it was done; the reports
 * written say what was judged until then (src/runner/interrupt.ts).
 */
export const EXIT = { conformant: 0, notConformant: 1, usage: 2, couldNotJudge: 3, interrupted: 4 } as const;

export interface Verdict {
  readonly word: VerdictWord;
  /** The whole line, e.g. `CONFORMANT at level must, coverage 97% (3 items not exercised)`. */
  readonly line: string;
  /** Only the coverage part (`coverage 97% (3 items not exercised)`), or undefined without coverage. */
  readonly coverage?: string;
}

/** The coverage figure in words: `coverage 100%`, or `coverage 97% (3 items not exercised)`. */
function coverageWords(report: Pick<RunReport, 'coverage'>): string | undefined {
  const c = report.coverage;
  if (!c) return undefined;
  return c.holes.length === 0
    ? `coverage ${c.percent}%`
    : `coverage ${c.percent}% (${plural(c.holes.length, 'item', 'items')} not exercised)`;
}

/**
 * 4 when any report's run was interrupted (its verdict is incomplete, whatever it found until then);
 * else 0 when every target is conformant; 1 when any is not; 3 when the rest could not be judged. Each
 * report's word is its verdict (src/core/verdict-of-report.ts), the one its summary's `conformant` holds.
 */
export function exitCodeOf(reports: readonly VerdictBasis[]): number {
  const verdicts = reports.map((r) => verdictOfReport(r));
  if (verdicts.some((v) => v.interrupted)) return EXIT.interrupted;
  const words = verdicts.map((v) => v.word);
  if (words.includes('NOT CONFORMANT')) return EXIT.notConformant;
  if (words.includes('COULD NOT JUDGE')) return EXIT.couldNotJudge;
  return EXIT.conformant;
}

/** What the baseline made of the report, in words: `baseline: 20 known, 1 new, 1 stale (prune with --baseline-prune)`. */
function baselineWords(b: BaselineOutcome): string {
  const parts = [`${b.known} known`, `${b.new.length} new`];
  if (b.stale.length) parts.push(`${b.stale.length} stale (their checks now pass: prune with --baseline-prune)`);
  if (b.expired.length) parts.push(`${b.expired.length} expired (renew or remove)`);
  if (b.unobserved.length) parts.push(`${b.unobserved.length} unobserved`);
  return `baseline: ${parts.join(', ')}`;
}

/** The verdict of one report in words: its word (src/core/verdict-of-report.ts), coverage, and why. */
export function verdictOf(report: VerdictBasis & Pick<Partial<RunReport>, 'connection'>): Verdict {
  const mustSkipped = report.coverage?.mustSkipped ?? 0;
  const judged = verdictOfReport(report);
  const word = judged.word;
  const coverage = coverageWords(report);
  const parts = [`${word} at level ${report.level}`];
  if (coverage) parts.push(coverage);
  const tail: string[] = [];
  // An interrupted run says so even when a failure already decided its word.
  if (report.unjudged && judged.interrupted) tail.push(report.unjudged.reason);
  else if (report.unjudged) tail.push(`could not judge (${report.unjudged.code}): ${report.unjudged.reason}`);
  else if (judged.gaps.count > 0) tail.push(`could not judge: ${describeGaps(judged.gaps)}`);
  else if (mustSkipped > 0) tail.push(`${plural(mustSkipped, 'MUST check', 'MUST checks')} skipped`);
  if (report.summary?.allowedGaps?.length && judged.gaps.accepted.size > 0)
    tail.push(`gaps accepted (--allow-gaps ${report.summary.allowedGaps.join(',')})`);
  const gate = judged.minCoverage;
  if (gate && !gate.met) tail.push(`below --min-coverage ${gate.required}%`);
  if (report.baseline) tail.push(baselineWords(report.baseline));
  // A verdict reached without verifying who answered is said to be so, wherever it is read.
  if (report.connection?.insecure) tail.push('TLS certificates NOT verified (--insecure)');
  const line = parts.join(', ') + (tail.length ? `; ${tail.join('; ')}` : '');
  return { word, line, ...(coverage ? { coverage } : {}) };
}
