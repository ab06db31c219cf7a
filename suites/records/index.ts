/** @module The records checks (§4.5–§4.8, §2.1–§2.2): one row per rule, its check for each record kind. */
import type { CheckDefinition } from '../../src/core/check.js';
import { fieldRows } from './fields.checks.js';
import { filterRows } from './filter.checks.js';
import { listFormatRows } from './list-format.checks.js';
import { pagingRows } from './paging.checks.js';
import { readRows } from './read.checks.js';
import { recordChecksOf, type RecordRow } from './record-check.js';
import { scopeRows } from './scope.checks.js';

export const RECORD_ROWS: readonly RecordRow[] = [
  ...listFormatRows,
  ...pagingRows,
  ...filterRows,
  ...readRows,
  ...scopeRows,
  ...fieldRows,
];

export const recordChecks: readonly CheckDefinition[] = recordChecksOf(RECORD_ROWS);
