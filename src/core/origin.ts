/**
 * @module Where a report comes from, as `conformance merge` needs it to tell reports of one run (its
 * shards, the proxies of one deployment) from reports that cannot be merged: the kind of report, the
 * side (proxy and replay), the shard, and a hash of the catalogue that judged.
 */
import { createHash } from 'node:crypto';
import type { ConformanceRunReportReportOrigin } from '../generated/types.js';

export type ReportOrigin = ConformanceRunReportReportOrigin;

/** What judged, as the catalogue hash reads it: a check or a rule (its id, level and section). */
interface Judge {
  readonly id: string;
  readonly level: string;
  readonly section?: string | undefined;
}

/**
 * A short hash of what judged a report: the checks or rules (id, level, section) and the coverage
 * model's item ids. The order does not matter: reports built from the same catalogue and schemas
 * have the same hash, whatever their selection.
 */
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
