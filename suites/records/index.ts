/**
 * @module The records checks (§4.5–§4.8, §2.1–§2.2): one factory per topic, applied to both kinds,
 * so predictions and scores are judged by the same logic (`predictions.x` and `scores.x`).
 */
import type { CheckDefinition } from '../../src/core/check.js';
import { fieldChecks } from './fields.checks.js';
import { filterChecks } from './filter.checks.js';
import { listFormatChecks } from './list-format.checks.js';
import { RECORD_KINDS, type RecordKind } from '../../src/core/record-kinds.js';
import { pagingChecks } from './paging.checks.js';
import { readChecks } from './read.checks.js';
import { scopeChecks } from './scope.checks.js';

/** Every records check for one kind. */
function recordKindChecks(kind: RecordKind): CheckDefinition[] {
  return [
    ...listFormatChecks(kind),
    ...pagingChecks(kind),
    ...filterChecks(kind),
    ...readChecks(kind),
    ...scopeChecks(kind),
    ...fieldChecks(kind),
  ];
}

export const recordChecks: readonly CheckDefinition[] = RECORD_KINDS.flatMap(recordKindChecks);
