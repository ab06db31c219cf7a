/** @module The tables of the §7 validation error body. */
import type { Table } from './table.js';

/** The §7 validation error and its `detail` entries. */
export const ERROR_TABLES: readonly Table[] = [
  { section: '§7 Validation error', schema: 'errors/validation-error', path: '', exact: true, fields: ['detail'] },
  {
    section: '§7 Validation error detail[]',
    schema: 'errors/validation-error',
    path: 'detail',
    exact: true,
    fields: ['loc', 'msg', 'type'],
  },
];
