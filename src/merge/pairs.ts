/**
 * @module The pair rules merged as one proxy that saw all the traffic judges them: every proxy's halves
 * folded again in time order with the rules' own fold, and each half also folded with its own proxy's
 * halves alone, as that proxy did. Where the two folds say otherwise of an exchange, the difference is
 * the merge's: a verdict no one proxy could give is added, a proxy's 'held' the merged fold finds broken
 * becomes a breach, a proxy's breach it finds held is taken back; each exchange counted once, with what
 * the proxy's other rules under the same check id judged of it (`others`).
 */
import type { KeptHalf } from '../core/pair-halves.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import type { Verdict } from '../rules/evidence.js';
import { pairRuleOf } from '../rules/index.js';
import { keepOf, PairFold } from '../rules/pairs.js';
import type { Group } from '../proxy/findings.js';
import { resultOf } from '../proxy/report.js';

/** Examples kept beyond the first breach, as a proxy keeps them (src/proxy/findings.ts). */
export const MORE_EXAMPLES = 3;

export interface PairsAcross {
  /** Per check id, what the merged fold changes in the proxies' summed counts, with the breaches it adds. */
  readonly results: readonly CheckResult[];
  /** A proxy's result as summed: one whose every breach the merged fold took back passes. */
  own(report: number, result: CheckResult): CheckResult;
}

const NOTHING: PairsAcross = { results: [], own: (_, r) => r };

type PairCheck = NonNullable<ReturnType<typeof pairRuleOf>>;

/** One exchange of one proxy under one check id: its halves' verdicts, the proxy's and the merged fold's. */
interface Exchange {
  readonly from: number;
  readonly check: PairCheck;
  readonly others: KeptHalf['others'];
  /** The half whose evidence a breach shows: the one that broke, else the first. */
  h: KeptHalf;
  own: Verdict;
  merged: Verdict;
}

const isBreach = (v: Verdict): boolean => v !== undefined && v !== 'held';
/** An exchange's verdict over its halves (a listing's records), as a proxy keeps it: the first breach, else held. */
const worse = (a: Verdict, b: Verdict): Verdict => (isBreach(a) || b === undefined ? a : b);

/** The merged fold's verdicts on the reports' halves, against each proxy's own, per exchange. */
function exchangesOf(reports: readonly RunReport[]): Exchange[] {
  const all = reports.flatMap((r, from) => (r.pairs?.halves ?? []).map((half) => ({ half, from })));
  all.sort((a, b) => a.half.at - b.half.at);
  const merged = new PairFold();
  const own = reports.map(() => new PairFold());
  const exchanges = new Map<string, Exchange>();
  for (const { half: h, from } of all) {
    const check = pairRuleOf(h.id);
    if (!check) continue;
    const m = merged.step(check.pair, h.key, h.half);
    const o = own[from]!.step(check.pair, h.key, h.half);
    // A record of a listing that did not end whole: its state folded, its verdicts not counted.
    if (h.uncounted) continue;
    const key = `${from} ${h.id} ${h.at}`;
    let e = exchanges.get(key);
    if (!e) exchanges.set(key, (e = { from, check, others: h.others, h, own: undefined, merged: undefined }));
    if (isBreach(m) && !isBreach(e.merged)) e.h = h;
    e.own = worse(e.own, o);
    e.merged = worse(e.merged, m);
  }
  return [...exchanges.values()];
}

/** Whether a report kept every half of a rule (its bound never reached: nothing dropped, or fewer kept than it). */
function completeness(reports: readonly RunReport[]): (from: number, check: PairCheck) => boolean {
  const counts = reports.map((r) => {
    const n = new Map<unknown, number>();
    for (const h of r.pairs?.halves ?? []) {
      const pair = pairRuleOf(h.id)?.pair;
      n.set(pair, (n.get(pair) ?? 0) + 1);
    }
    return n;
  });
  return (from, check) => !reports[from]!.pairs?.dropped || (counts[from]!.get(check.pair) ?? 0) < keepOf(check.pair);
}

/** What an exchange counts for under its check id: judged by any rule, broken by any. */
const counted = (others: Exchange['others'], pair: Verdict) => ({
  judged: others !== undefined || pair !== undefined ? 1 : 0,
  broken: others === 'broken' || isBreach(pair) ? 1 : 0,
});

/**
 * The pairs of several proxies' reports judged as one proxy would have: the counts the merged fold
 * changes per check id, and the proxies' breaches it takes back. A rule whose halves a proxy left out
 * (`dropped`) only gains from the merge on that proxy's exchanges, never loses.
 */
export function pairsAcross(reports: readonly RunReport[]): PairsAcross {
  if (reports.length < 2 || !reports.some((r) => r.pairs?.halves.length)) return NOTHING;
  const complete = completeness(reports);
  const groups = new Map<string, Group>();
  const takenBack = reports.map(() => new Map<string, number>());
  // In time order (a listing's records one exchange): the earliest breach the merge adds is its evidence.
  for (const e of exchangesOf(reports)) {
    const { check, from } = e;
    const before = counted(e.others, e.own);
    const after = counted(e.others, e.merged);
    const whole = complete(from, check);
    const judged = whole ? after.judged - before.judged : Math.max(0, after.judged - before.judged);
    const broken = whole ? after.broken - before.broken : Math.max(0, after.broken - before.broken);
    if (judged === 0 && broken === 0) continue;
    let g = groups.get(check.id);
    if (!g)
      groups.set(
        check.id,
        (g = { rule: check.rule, id: check.id, op: check.operation, judged: 0, failed: 0, errored: 0, more: [] }),
      );
    g.judged += judged;
    g.failed += broken;
    if (broken < 0) takenBack[from]!.set(check.id, (takenBack[from]!.get(check.id) ?? 0) + 1);
    if (broken > 0) addBreach(g, e);
  }
  return {
    results: [...groups.values()].map((g) => resultOf(g, (t) => t)),
    own: (from, result) => withoutTakenBack(result, takenBack[from]?.get(result.id) ?? 0),
  };
}

/** A breach the merged fold found where the proxy did not: the group's first, else one of its examples. */
function addBreach(g: Group, e: Exchange): void {
  const v = e.merged as Exclude<Verdict, 'held' | undefined>;
  const ev = e.h.evidence;
  const exchange = `${ev?.request?.method ?? ''} ${ev?.request?.url ?? ''}${ev?.response ? ` → ${ev.response.status}` : ''}`;
  if (!g.first) g.first = { ...v, exchange, evidence: ev ?? { seed: 0, replay: '' }, at: e.h.at };
  else if (g.more.length < MORE_EXAMPLES) g.more.push(`${exchange}: ${v.actual}`);
}

/** A proxy's failed result whose every breach the merged fold took back: it passes (its counts are summed as they are). */
function withoutTakenBack(result: CheckResult, takenBack: number): CheckResult {
  if (takenBack === 0 || result.status !== 'fail' || (result.exchanges?.broken ?? 0) > takenBack) return result;
  const { evidence: _e, expected: _x, actual: _a, exchanges, ...rest } = result;
  const { firstAt: _f, ...counts } = exchanges ?? { judged: 0, broken: 0, unanswered: 0 };
  return { ...rest, status: 'pass', exchanges: counts };
}
