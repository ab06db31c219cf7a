/**
 * @module The verdict of one target's report, computed in one place so the summary's `conformant`, the
 * verdict line and the exit code (src/gating/verdict.ts) cannot disagree.
 */
import { type GapKind, type MustGaps, mustGapsOf } from './gaps.js';
import { gates, type RunReport, type RunSummary } from './report.js';

/** The `unjudged` code of a report whose run (or proxy) a SIGINT or SIGTERM stopped before it was done. */
export const INTERRUPTED_CODE = 'CTS_INTERRUPTED';

export type VerdictWord = 'CONFORMANT' | 'CONFORMANT WITH GAPS' | 'NOT CONFORMANT' | 'COULD NOT JUDGE';

/** What the verdict is computed from: a report, or one being built (its summary not written yet). */
export type VerdictBasis = Pick<RunReport, 'level' | 'results'> &
  Partial<Pick<RunReport, 'unjudged' | 'coverage' | 'baseline'>> & {
    /** Only the coverage gate's required percent is read: whether it is met comes from `coverage`. */
    readonly summary?: {
      readonly minCoverage?: Pick<NonNullable<RunSummary['minCoverage']>, 'required'>;
      /** `--allow-gaps`: the kinds of MUST gap the user accepted. */
      readonly allowedGaps?: readonly GapKind[];
    };
  };

interface ReportVerdict {
  readonly word: VerdictWord;
  /** The summary's `conformant`: CONFORMANT or CONFORMANT WITH GAPS. */
  readonly conformant: boolean;
  /** Stopped by a signal before it was done (`unjudged` says so): whatever the word, the verdict is incomplete. */
  readonly interrupted: boolean;
  /** How many results gate at the report's level. */
  readonly gating: number;
  /** Baseline entries that gate though no finding does: stale (the check now passes) or expired. */
  readonly outdated: number;
  /** The coverage gate, when one was asked for: the percent required and whether the coverage meets it. */
  readonly minCoverage?: { readonly required: number; readonly met: boolean };
  /** The MUST checks selected and not judged, by kind, accepted or not. */
  readonly gaps: MustGaps;
}

/** The `--min-coverage` gate of a report: met when its coverage reaches the percent (no coverage never does). */
function coverageGateOf(
  report: Pick<VerdictBasis, 'coverage'>,
  required: number | undefined,
): ReportVerdict['minCoverage'] {
  if (required === undefined) return undefined;
  return { required, met: report.coverage !== undefined && report.coverage.percent >= required };
}

/** The one verdict of a report: a judged failure outweighs what could not be judged. */
export function verdictOfReport(report: VerdictBasis): ReportVerdict {
  const gating = report.results.filter((r) => gates(r, report.level)).length;
  const minCoverage = coverageGateOf(report, report.summary?.minCoverage?.required);
  const gaps = mustGapsOf(report, report.summary?.allowedGaps);
  const outdated = (report.baseline?.stale.length ?? 0) + (report.baseline?.expired.length ?? 0);
  const word: VerdictWord =
    gating > 0 || outdated > 0
      ? 'NOT CONFORMANT'
      : report.unjudged
        ? 'COULD NOT JUDGE'
        : minCoverage && !minCoverage.met
          ? 'NOT CONFORMANT'
          : gaps.count > 0
            ? 'COULD NOT JUDGE'
            : (report.coverage?.mustSkipped ?? 0) > 0 || gaps.accepted.size > 0
              ? 'CONFORMANT WITH GAPS'
              : 'CONFORMANT';
  return {
    word,
    conformant: word === 'CONFORMANT' || word === 'CONFORMANT WITH GAPS',
    interrupted: report.unjudged?.code === INTERRUPTED_CODE,
    gating,
    outdated,
    ...(minCoverage ? { minCoverage } : {}),
    gaps,
  };
}
