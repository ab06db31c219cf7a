/** @module What a run covered, as the report carries it (types, and holes grouped by cause); see src/coverage. */
import type { ConformanceRunReportCoverage, ConformanceRunReportHoleCause } from '../generated/types.js';
import { OPERATIONS, type OperationId } from './operations.js';

/** The kinds of coverage items (src/coverage/model.ts derives them from the schemas). */
export type CoverageKind = Exclude<CoverageHole['kind'], 'check-skipped'>;

/** Why an item was not exercised, as far as the run can tell (src/coverage/causes.ts). */
export type HoleCause = Readonly<ConformanceRunReportHoleCause>;
export type HoleCauseCode = HoleCause['code'];

/** An item not exercised (`check-skipped`: a check that reached no verdict, its reason the description). */
export type CoverageHole = Readonly<ConformanceRunReportCoverage['holes'][number]>;

/** Holes of one operation that share a cause: one line in a report, the items on demand. */
export interface CoverageHoleGroup {
  readonly operation: OperationId;
  readonly cause: HoleCause;
  /** The ids of its holes, in the order of `holes`. */
  readonly ids: readonly string[];
}

/** What a run exercised of the interface: the schema's numbers, with read-only lists. */
export type CoverageReport = Readonly<Omit<ConformanceRunReportCoverage, 'operations' | 'holes' | 'groups'>> & {
  readonly operations: readonly Readonly<ConformanceRunReportCoverage['operations'][number]>[];
  readonly holes: readonly CoverageHole[];
  /** The holes grouped by operation and cause (`groupHoles`); reporters derive them from `holes`. */
  readonly groups?: readonly CoverageHoleGroup[];
};

/** A check that skipped for a reason of its own (no ids listed, a control that shows nothing…). */
export const SKIPPED_BY_CHECK: HoleCause = {
  code: 'skipped-by-check',
  reason: 'skipped by the check (the target gave it nothing to judge)',
};
/** An item no request exercised, and nothing the run left out would have. */
export const NOT_EXERCISED: HoleCause = { code: 'not-exercised', reason: 'not exercised by any request' };

/** The cause of a hole that carries none: a check's own skip, or an item no request exercised. */
function causeOf(hole: CoverageHole): HoleCause {
  return hole.cause ?? (hole.kind === 'check-skipped' ? SKIPPED_BY_CHECK : NOT_EXERCISED);
}

/** One group per operation, cause and reason, in operation order, the largest group of an operation first. */
export function groupHoles(holes: readonly CoverageHole[]): CoverageHoleGroup[] {
  const groups = new Map<string, { operation: OperationId; cause: HoleCause; ids: string[] }>();
  for (const hole of holes) {
    const cause = causeOf(hole);
    const key = JSON.stringify([hole.operation, cause.code, cause.reason, cause.remedy ?? '']);
    const group = groups.get(key) ?? { operation: hole.operation, cause, ids: [] };
    group.ids.push(hole.id);
    groups.set(key, group);
  }
  const order = new Map(OPERATIONS.map((o, i) => [o.id, i]));
  return [...groups.values()].sort(
    (a, b) => order.get(a.operation)! - order.get(b.operation)! || b.ids.length - a.ids.length,
  );
}
