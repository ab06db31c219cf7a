/**
 * @module The verdict of one target's run in one line, the same in every report:
 * `CONFORMANT at level must, coverage 97% (3 items not exercised)`. A run that left MUST checks
 * skipped is never plainly CONFORMANT: it is CONFORMANT WITH GAPS, saying how many.
 */
import type { RunReport } from '../core/report.js';

export type VerdictWord = 'CONFORMANT' | 'CONFORMANT WITH GAPS' | 'NOT CONFORMANT';

export interface Verdict {
  readonly word: VerdictWord;
  /** The whole line, e.g. `CONFORMANT at level must, coverage 97% (3 items not exercised)`. */
  readonly line: string;
  /** Only the coverage part (`coverage 97% (3 items not exercised)`), or undefined without coverage. */
  readonly coverage?: string;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The coverage figure in words: `coverage 100%`, or `coverage 97% (3 items not exercised)`. */
export function coverageWords(report: Pick<RunReport, 'coverage'>): string | undefined {
  const c = report.coverage;
  if (!c) return undefined;
  return c.holes.length === 0 ? `coverage ${c.percent}%` : `coverage ${c.percent}% (${plural(c.holes.length, 'item', 'items')} not exercised)`;
}

export function verdictOf(report: Pick<RunReport, 'level' | 'summary' | 'coverage'>): Verdict {
  const mustSkipped = report.coverage?.mustSkipped ?? 0;
  const word: VerdictWord = !report.summary.conformant ? 'NOT CONFORMANT' : mustSkipped > 0 ? 'CONFORMANT WITH GAPS' : 'CONFORMANT';
  const coverage = coverageWords(report);
  const parts = [`${word} at level ${report.level}`];
  if (coverage) parts.push(coverage);
  const tail: string[] = [];
  if (mustSkipped > 0) tail.push(`${plural(mustSkipped, 'MUST check', 'MUST checks')} skipped`);
  const gate = report.summary.minCoverage;
  if (gate && !gate.met) tail.push(`below --min-coverage ${gate.required}%`);
  const line = parts.join(', ') + (tail.length ? `; ${tail.join('; ')}` : '');
  return { word, line, ...(coverage ? { coverage } : {}) };
}
