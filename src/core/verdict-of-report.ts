/**
 * @module The verdict of one target's report, computed in one place from what the report holds:
 * its results (known failures marked by the baseline, the `slo.*` results of `--slo` among them), the
 * families it could not judge (`unjudged`), the coverage gate (`--min-coverage`, the percent
 * required in `summary.minCoverage`) and the MUST checks its coverage says were skipped. The
 * summary's `conformant` (src/core/summary.ts), the verdict word and line, and the exit code
 * (src/gating/verdict.ts) all read it, so they cannot disagree.
 *
 * In order: a result that {@link gates}, or a baseline entry out of date (stale or expired,
 * src/gating/baseline.ts), makes it NOT CONFORMANT (a judged failure outweighs what could not be
 * judged); else a family not judged makes it COULD NOT JUDGE; else a coverage gate
 * not met makes it NOT CONFORMANT; else MUST checks selected but not judged, their gap not accepted
 * by `--allow-gaps` (src/core/gaps.ts), make it COULD NOT JUDGE; else MUST checks skipped (gaps
 * accepted) make it CONFORMANT WITH GAPS; else CONFORMANT. `conformant` holds for the last two only.
 * A run (or proxy) stopped by a signal is `unjudged` with {@link INTERRUPTED_CODE}: COULD NOT JUDGE
 * unless a failure was already found, and `interrupted` either way (exit 4, src/gating/verdict.ts).
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

/** The one verdict of a report (see the module comment for the order of the rules). */
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
