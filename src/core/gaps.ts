/** @module The MUST checks a run selected but did not judge, by kind of gap (decisions/0013-no-silent-pass.md). */
import type { CoverageReport, HoleCauseCode } from './coverage.js';
import { OPERATIONS, type OperationId } from './operations.js';
import type { CheckResult } from './result.js';

export const GAP_KINDS = ['writes', 'write-budget', 'not-served', 'skipped', 'blocked'] as const;
export type GapKind = (typeof GAP_KINDS)[number];

/** Each kind of gap in words, with what removes it. */
const GAP_WORDS: Readonly<Record<GapKind, string>> = {
  writes: 'have side effects and writes were off (pass --allow-writes)',
  'write-budget': 'were left when the --max-writes budget was spent (raise it)',
  'not-served': 'belong to operations the target does not serve (declare its scope with --serves)',
  skipped: 'found nothing to judge on the target (their reasons say what they needed)',
  blocked: "were blocked by their operation's failing baseline",
};

const KIND_OF_CAUSE: Partial<Readonly<Record<HoleCauseCode, GapKind>>> = {
  'writes-not-allowed': 'writes',
  'write-budget-spent': 'write-budget',
  'not-served': 'not-served',
  'skipped-by-check': 'skipped',
  blocked: 'blocked',
};

/** The MUST checks not judged, by kind; and the operations none of whose MUST checks was judged. */
export interface MustGaps {
  /** Ids of the MUST checks not judged whose gap was not accepted, by kind. */
  readonly unaccepted: ReadonlyMap<GapKind, readonly string[]>;
  /** Ids of the MUST checks not judged whose gap `--allow-gaps` accepted, by kind. */
  readonly accepted: ReadonlyMap<GapKind, readonly string[]>;
  /** Operations with MUST checks selected, none of them judged (an unaccepted gap each). */
  readonly operationsNotJudged: readonly OperationId[];
  /** List operations with MUST checks that found nothing to judge (is --entity/--project right?). */
  readonly emptyListings: readonly OperationId[];
  /** How many MUST checks were not judged and not accepted. */
  readonly count: number;
}

/** The words that end the skip reason of a case the deployment's limit refused (src/kit/context-window.ts). */
export const DEPLOYMENT_LIMIT = 'A deployment limit';

const LISTINGS = new Set(OPERATIONS.filter((o) => o.jsonl).map((o) => o.id));

/** The kind of a skipped check's gap, from its coverage hole (a report without coverage: from the result). */
function kindOf(result: CheckResult, causes: ReadonlyMap<string, HoleCauseCode>): GapKind {
  const code = causes.get(result.id);
  const kind = code ? KIND_OF_CAUSE[code] : undefined;
  return kind ?? (result.blockedBy ? 'blocked' : 'skipped');
}

/** The MUST gaps of a report's results, `allowed` naming the kinds the user accepted. */
export function mustGapsOf(
  report: { readonly results: readonly CheckResult[]; readonly coverage?: Pick<CoverageReport, 'holes'> },
  allowed: readonly GapKind[] = [],
): MustGaps {
  const causes = new Map<string, HoleCauseCode>();
  for (const h of report.coverage?.holes ?? [])
    if (h.kind === 'check-skipped' && h.cause) causes.set(h.id.replace(/^check /, ''), h.cause.code);
  const unaccepted = new Map<GapKind, string[]>();
  const accepted = new Map<GapKind, string[]>();
  const perOperation = new Map<OperationId, { judged: number; nothing: number; open: number }>();
  for (const r of report.results) {
    if (r.level !== 'MUST') continue;
    const op = perOperation.get(r.operation) ?? { judged: 0, nothing: 0, open: 0 };
    perOperation.set(r.operation, op);
    if (r.status !== 'skip' || r.reason?.includes(DEPLOYMENT_LIMIT)) {
      op.judged++;
      continue;
    }
    const kind = kindOf(r, causes);
    if (kind === 'skipped') op.nothing++;
    const isAccepted = allowed.includes(kind);
    if (!isAccepted) op.open++;
    const into = isAccepted ? accepted : unaccepted;
    into.set(kind, [...(into.get(kind) ?? []), r.id]);
  }
  const operationsNotJudged = [...perOperation].filter(([, c]) => c.judged === 0 && c.open > 0).map(([op]) => op);
  const emptyListings = [...perOperation].filter(([op, c]) => LISTINGS.has(op) && c.nothing > 0).map(([op]) => op);
  let count = 0;
  for (const ids of unaccepted.values()) count += ids.length;
  return { unaccepted, accepted, operationsNotJudged, emptyListings, count };
}

/** The unaccepted gaps in words, for the verdict line. */
export function describeGaps(gaps: MustGaps): string {
  const parts = [...gaps.unaccepted].map(([kind, ids]) => `${ids.length} ${GAP_WORDS[kind]}`);
  if (gaps.operationsNotJudged.length) parts.push(`no MUST check of ${gaps.operationsNotJudged.join(', ')} was judged`);
  if (gaps.emptyListings.length)
    parts.push(`${gaps.emptyListings.join(' and ')} gave some nothing to judge: is --entity/--project right?`);
  const n = gaps.count;
  return (
    `${n} MUST ${n === 1 ? 'check' : 'checks'} not judged: ${parts.join('; ')}; ` +
    `--allow-gaps ${[...gaps.unaccepted.keys()].join(',')} accepts ${n === 1 ? 'it' : 'them'}`
  );
}
