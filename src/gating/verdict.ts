/**
 * @module The verdict of one target's run in one line, the same in every report:
 * `CONFORMANT at level must, coverage 97% (3 items not exercised)`. A run that left MUST checks
 * skipped is never plainly CONFORMANT: it is CONFORMANT WITH GAPS, saying how many.
 */
import type { RunReport } from '../core/report.js';
import { plural } from '../core/words.js';

type VerdictWord = 'CONFORMANT' | 'CONFORMANT WITH GAPS' | 'NOT CONFORMANT' | 'COULD NOT JUDGE';

/** The exit codes of `conformance run`, documented in the README and `--help`. */
const EXIT = { conformant: 0, notConformant: 1, usage: 2, couldNotJudge: 3 } as const;

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

/** Whether a result fails the gate (a fail or an error at the gating level, not a known failure). */
function gatingFailures(report: Pick<RunReport, 'level' | 'results'>): number {
  return report.results.filter(
    (r) =>
      (r.status === 'fail' || r.status === 'error') &&
      !r.expectedFailure &&
      (r.level === 'MUST' || (report.level === 'should' && r.level === 'SHOULD')),
  ).length;
}

/**
 * NOT CONFORMANT when a judged check fails the gate; otherwise COULD NOT JUDGE when the preflight
 * found the target unreachable or refusing the credentials (the checks it concerns were not run).
 */
function wordOf(report: Pick<RunReport, 'level' | 'summary' | 'coverage' | 'results' | 'unjudged'>): VerdictWord {
  if (report.unjudged && gatingFailures(report) === 0) return 'COULD NOT JUDGE';
  if (!report.summary.conformant) return 'NOT CONFORMANT';
  return (report.coverage?.mustSkipped ?? 0) > 0 ? 'CONFORMANT WITH GAPS' : 'CONFORMANT';
}

/** 0 when every target is conformant; 1 when any is not; 3 when the rest could not be judged. */
export function exitCodeOf(reports: readonly RunReport[]): number {
  const words = reports.map((r) => verdictOf(r).word);
  if (words.includes('NOT CONFORMANT')) return EXIT.notConformant;
  if (words.includes('COULD NOT JUDGE')) return EXIT.couldNotJudge;
  return reports.every((r) => r.summary.conformant) ? EXIT.conformant : EXIT.notConformant;
}

export function verdictOf(
  report: Pick<RunReport, 'level' | 'summary' | 'coverage' | 'results' | 'unjudged'> &
    Pick<Partial<RunReport>, 'connection'>,
): Verdict {
  const mustSkipped = report.coverage?.mustSkipped ?? 0;
  const word = wordOf(report);
  const coverage = coverageWords(report);
  const parts = [`${word} at level ${report.level}`];
  if (coverage) parts.push(coverage);
  const tail: string[] = [];
  if (report.unjudged) tail.push(`could not judge (${report.unjudged.code}): ${report.unjudged.reason}`);
  else if (mustSkipped > 0) tail.push(`${plural(mustSkipped, 'MUST check', 'MUST checks')} skipped`);
  const gate = report.summary.minCoverage;
  if (gate && !gate.met) tail.push(`below --min-coverage ${gate.required}%`);
  // A verdict reached without verifying who answered is said to be so, wherever it is read.
  if (report.connection?.insecure) tail.push('TLS certificates NOT verified (--insecure)');
  const line = parts.join(', ') + (tail.length ? `; ${tail.join('; ')}` : '');
  return { word, line, ...(coverage ? { coverage } : {}) };
}
