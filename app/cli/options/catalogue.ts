/** @module The options of `conformance list` and `conformance coverage`, which print the catalogue and the coverage model (see table.ts). */
import { list } from './kinds.js';
import { HELP_OPTION, type OptionTable } from './table.js';

const json = { help: 'print it as JSON', group: 'options', default: false } as const;

export const LIST_OPTIONS = {
  only: {
    multiple: true,
    arg: 'ID|PREFIX|§N',
    help: 'list only matching checks (repeat or comma-separate)',
    group: 'options',
    kind: list(),
    default: [],
  },
  skip: {
    multiple: true,
    arg: 'ID|PREFIX|§N',
    help: 'leave matching checks out',
    group: 'options',
    kind: list(),
    default: [],
  },
  json,
  ...HELP_OPTION,
} as const satisfies OptionTable;

export const COVERAGE_OPTIONS = { json, ...HELP_OPTION } as const satisfies OptionTable;
