/** @module The records checks as rows of (record kind × rule), each id written out whole. */
import { defineCheck, type CheckContext, type CheckDefinition, type Level } from '../../src/core/check.js';
import type { CheckSchedule } from '../../src/core/check-schedule.js';
import { RECORD_KINDS, type RecordKind } from '../../src/core/record-kinds.js';
import type { CheckOutcome } from '../../src/core/result.js';

export interface RecordRow {
  /** The check's id for each kind the rule applies to; a kind left out has no such check. */
  readonly id: { readonly predictions?: `predictions.${string}`; readonly scores?: `scores.${string}` };
  /** What it judges, which gives operation and section: the listing, a read, or the records' fields (listed). */
  readonly judges: 'listing' | 'read' | 'fields';
  readonly level: Level;
  /** For SHOULD: the convention, or its words for a kind. */
  readonly convention?: string | ((kind: RecordKind) => string);
  readonly requirement: (kind: RecordKind) => string;
  readonly run: (ctx: CheckContext, kind: RecordKind) => Promise<CheckOutcome>;
  readonly schedule?: CheckSchedule;
}

const SECTION = { listing: 'listSection', read: 'readSection', fields: 'fieldsSection' } as const;

function recordCheck(row: RecordRow, kind: RecordKind, id: string): CheckDefinition {
  const convention = typeof row.convention === 'function' ? row.convention(kind) : row.convention;
  return defineCheck({
    id,
    operation: row.judges === 'read' ? kind.readOp : kind.listOp,
    section: kind[SECTION[row.judges]],
    level: row.level,
    ...(convention ? { convention } : {}),
    requirement: row.requirement(kind),
    run: (ctx) => row.run(ctx, kind),
    ...(row.schedule ? { schedule: row.schedule } : {}),
  });
}

export function recordChecksOf(rows: readonly RecordRow[]): CheckDefinition[] {
  return RECORD_KINDS.flatMap((kind) =>
    rows.flatMap((row) => {
      const id = row.id[kind.name];
      return id ? [recordCheck(row, kind, id)] : [];
    }),
  );
}
