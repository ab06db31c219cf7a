/** @module Where a report comes from, so `conformance merge` tells reports of one run from the others. */
import { createHash } from 'node:crypto';
import type { ConformanceRunReportReportOrigin } from '../generated/types.js';

export type ReportOrigin = ConformanceRunReportReportOrigin;

/** What judged, as the catalogue hash reads it: a check or a rule (its id, level and section). */
interface Judge {
  readonly id: string;
  readonly level: string;
  readonly section?: string | undefined;
}

/** A short, order-independent hash of what judged a report: its checks or rules and the coverage item ids. */
export function catalogueHash(judges: Iterable<Judge>, items: Iterable<{ readonly id: string }>): string {
  const lines = [...judges].map((j) => `${j.id} ${j.level} ${j.section ?? ''}`).sort();
  const itemIds = [...items].map((i) => i.id).sort();
  return createHash('sha256')
    .update(lines.join('\n'))
    .update('\n--\n')
    .update(itemIds.join('\n'))
    .digest('hex')
    .slice(0, 16);
}
