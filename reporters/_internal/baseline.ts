/** @module What the findings baseline made of a report, in the words every reporter uses (docs/how-to/baseline.md). */
import type { BaselineFinding, RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';

export const KNOWN_TITLE = 'Known findings';
export const KNOWN_NOTE = 'Accepted by the baseline, each with its reason; they do not fail the gate.';

/** The baseline's entries and findings that need a person, by kind, each with its one line; none without a baseline. */
export function baselineGroups(report: RunReport): { title: string; note: string; lines: string[] }[] {
  const b = report.baseline;
  if (!b) return [];
  const line = (f: BaselineFinding, extra?: string) =>
    `${f.fingerprint}${f.summary ? `: ${f.summary}` : ''}${extra ? ` (${extra})` : ''}`;
  return [
    {
      title: 'New findings',
      note: 'Not in the baseline: they fail the gate as any failure does.',
      lines: b.new.map((f) => line(f)),
    },
    {
      title: 'Expired baseline entries',
      note: 'Past their expiry day they accept nothing and fail the gate: renew or remove them.',
      lines: b.expired.map((f) => line(f, `expired ${f.expires}; ${f.why}`)),
    },
    {
      title: 'Stale baseline entries',
      note: 'Their checks now pass: the gate fails until they are pruned (--baseline-prune).',
      lines: b.stale.map((f) => line(f, f.why)),
    },
    {
      title: 'Unobserved baseline entries',
      note: 'Not seen this time (not run, drawn at random, or not in the traffic); they do not gate.',
      lines: b.unobserved.map((f) => line(f, f.why)),
    },
  ].filter((g) => g.lines.length > 0);
}

/** The stale entries of a check (a JUnit case says them). */
export const staleOf = (report: RunReport, check: string): BaselineFinding[] =>
  report.baseline?.stale.filter((e) => e.check === check) ?? [];

/** A finding's cause: its fingerprint's words after the check id, when it has any. */
export const causeOf = (r: Pick<CheckResult, 'id' | 'fingerprint'>): string | undefined =>
  r.fingerprint?.startsWith(`${r.id} `) ? r.fingerprint.slice(r.id.length + 1) : undefined;

/** The causes several findings share, each with its checks: one cause, said once with every check it fails. */
export function sharedCauses(results: readonly CheckResult[]): { cause: string; checks: string[] }[] {
  const by = new Map<string, string[]>();
  for (const r of results) {
    const cause = causeOf(r);
    if (cause) by.set(cause, [...(by.get(cause) ?? []), r.id]);
  }
  return [...by].filter(([, checks]) => checks.length > 1).map(([cause, checks]) => ({ cause, checks }));
}
