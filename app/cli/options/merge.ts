/**
 * @module `conformance merge`'s options (see table.ts): the report files to write (every format, as
 * `run` writes them), how many shards are expected, and what is printed. The reports to merge are
 * the command's other words.
 */
import { BASELINE_OPTIONS } from './gates.js';
import { wholeNumber } from './kinds.js';
import { OUTPUT_OPTIONS, REPORT_OPTIONS } from './shared.js';
import { HELP_OPTION, type OptionTable } from './table.js';

export const MERGE_OPTIONS = {
  shards: {
    arg: 'N',
    help: 'how many shards (runs) or reports per target (proxies, replays) make the whole; a run report says its own (--shard K/N), which N must match',
    group: 'merge',
    kind: wholeNumber(1, 1000),
  },
  ...BASELINE_OPTIONS,
  ...REPORT_OPTIONS,
  ...OUTPUT_OPTIONS,
  ...HELP_OPTION,
} as const satisfies OptionTable;
