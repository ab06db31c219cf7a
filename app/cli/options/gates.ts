/**
 * @module The gates a run is held to besides its checks' findings (see table.ts): `--min-coverage`,
 * the share of the coverage model it must exercise, and `--allow-gaps`, the kinds of MUST gap it may
 * leave and still exit 0 (src/core/gaps.ts; decisions/0013-no-silent-pass.md).
 */
import { GAP_KINDS } from '../../../src/core/gaps.js';
import { parseMinCoverage } from '../../../src/gating/coverage-gate.js';
import { someOf } from './kinds.js';
import type { Kind, OptionTable } from './table.js';

const percent: Kind<number> = {
  read: (raw) => parseMinCoverage(String(raw))!,
  schema: { type: 'integer', minimum: 0, maximum: 100 },
};

export const GATE_OPTIONS = {
  'min-coverage': {
    type: 'string',
    arg: 'N',
    help: "not conformant unless the run covers at least N% of the coverage model (see 'conformance coverage')",
    group: 'selection',
    kind: percent,
    config: 'minCoverage',
    withReplay: 'refused',
  },
  'allow-gaps': {
    type: 'string',
    multiple: true,
    arg: 'KINDS',
    help:
      `MUST checks selected but not judged that still let the run exit 0 (CONFORMANT WITH GAPS): ${GAP_KINDS.join(', ')}; ` +
      'any other such check makes it COULD NOT JUDGE, exit 3',
    group: 'selection',
    kind: someOf(GAP_KINDS),
    default: [],
    config: 'allowGaps',
    withReplay: 'refused',
  },
} as const satisfies OptionTable;
