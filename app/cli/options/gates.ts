/** @module The gates a run is held to besides its checks' findings, and the findings baseline (see table.ts). */
import { GAP_KINDS } from '../../../src/core/gaps.js';
import { parseMinCoverage } from '../../../src/gating/coverage-gate.js';
import { parseRequirements } from '../../../src/gating/releases.js';
import { someOf, text } from './kinds.js';
import { inGroup, type Kind, type OptionTable } from './table.js';

const percent: Kind<number> = {
  read: (raw) => parseMinCoverage(String(raw))!,
  schema: { type: 'integer', minimum: 0, maximum: 100 },
};

export const GATE_OPTIONS = {
  'min-coverage': {
    arg: 'N',
    help: "not conformant unless the run covers at least N% of the coverage model (see 'conformance coverage')",
    group: 'selection',
    kind: percent,
    config: 'minCoverage',
    withReplay: 'refused',
  },
  'allow-gaps': {
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

const release: Kind<string> = {
  read: (raw, flag) => parseRequirements(String(raw), flag),
  schema: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
};

/** The findings baseline and the requirement set: the same for every command that judges. */
export const BASELINE_OPTIONS = inGroup('baseline', {
  baseline: {
    arg: 'FILE',
    help: 'accepted findings, by fingerprint (schemas/report/baseline.json): a finding not in it gates as new; an entry stale or expired gates',
    kind: text(),
    config: 'baseline',
  },
  'baseline-update': {
    help: 'write --baseline FILE from this run: entries seen refreshed (reason, ticket, expiry kept), new findings added, stale entries removed',
  },
  'baseline-prune': {
    help: 'remove from --baseline FILE the entries this run found stale (their checks now pass)',
  },
  requirements: {
    arg: 'RELEASE',
    help: "score the checks of this catalogue release and the ones before (default: the baseline's, else the newest); newer checks run and are reported, never gating",
    kind: release,
    config: 'requirements',
  },
}) satisfies OptionTable;
