/** @module The options of `conformance list` and `conformance coverage`, which print the catalogue and the coverage model (see table.ts). */
import { checkSelector } from './shared.js';
import { HELP_OPTION, inGroup, type OptionTable } from './table.js';

const json = { help: 'print it as JSON', group: 'options', default: false } as const;

export const LIST_OPTIONS = {
  ...inGroup('options', {
    only: checkSelector('list only matching checks (repeat or comma-separate)'),
    skip: checkSelector('leave matching checks out'),
  }),
  json,
  ...HELP_OPTION,
} as const satisfies OptionTable;

export const COVERAGE_OPTIONS = { json, ...HELP_OPTION } as const satisfies OptionTable;
