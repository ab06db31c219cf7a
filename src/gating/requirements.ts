/**
 * @module Frozen requirement sets: `--requirements R` scores the checks of catalogue release R and the
 * releases before it (src/gating/releases.ts). A newer check still runs and is reported, marked
 * `unscored` with the release that added it, and never gates: a suite upgrade changes no gate until
 * the team moves its set (the MCP conformance suite freezes its required checks per spec revision so).
 */
import type { RunReport } from '../core/report.js';
import { resummarized } from '../core/summary.js';
import { compareReleases, latestRelease, sinceOf } from './releases.js';

/**
 * The report with the checks added after release `r` marked unscored (they run, are reported, never
 * gate), and no other: a mark a report was read with (a merge's input) is made again.
 */
export function scoredAgainst(report: RunReport, r: string): RunReport {
  const latest = r === latestRelease();
  const results = report.results.map(({ unscored: _before, ...res }) => {
    const since = sinceOf(res.id);
    return !latest && compareReleases(since, r) > 0 ? { ...res, unscored: { since } } : res;
  });
  return resummarized({ ...report, results, ...(latest ? {} : { requirements: r }) });
}
