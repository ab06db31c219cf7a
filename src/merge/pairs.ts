/**
 * @module The pair rules whose exchanges reached different proxies, judged by the merge with the
 * rules' own fold over every proxy's halves; a verdict is the merge's only when another proxy's half
 * went into it.
 */
import type { KeptHalf } from '../core/pair-halves.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import type { Verdict } from '../rules/evidence.js';
import { pairRuleOf } from '../rules/index.js';
import type { PairJudgement } from '../rules/pairs.js';
import { Findings } from '../proxy/findings.js';
import { resultOf } from '../proxy/report.js';

/** What the merge judged of the pairs across proxies. */
export interface PairsAcross {
  /** Results of the pairs judged here, to sum with the proxies' own. */
  readonly results: readonly CheckResult[];
}

const NOTHING: PairsAcross = { results: [] };

interface Folded {
  readonly state: unknown;
  /** The reports whose halves went into the state. */
  readonly from: ReadonlySet<number>;
}

/** The pairs of the reports' halves that no one proxy could judge. */
export function pairsAcross(reports: readonly RunReport[]): PairsAcross {
  if (reports.length < 2 || !reports.some((r) => r.pairs?.halves.length)) return NOTHING;
  const all = reports.flatMap((r, from) => (r.pairs?.halves ?? []).map((half) => ({ half, from })));
  all.sort((a, b) => a.half.at - b.half.at);
  const states = new Map<string, Folded>();
  // One verdict per exchange, as a proxy counts it: a listing's records give one half each, and the
  // listing counts once, broken if one of its records broke the rule.
  const perExchange = new Map<string, { check: PairCheck; h: KeptHalf; verdict: Verdict }>();
  for (const { half: h, from } of all) {
    const check = pairRuleOf(h.id);
    if (!check) continue;
    const key = `${h.id} ${h.key}`;
    const before = states.get(key);
    // biome-ignore lint/suspicious/noExplicitAny: the rule's own state and halves.
    const { state, verdict } = (check.pair as PairJudgement<any, any>).step(before?.state, h.half);
    const mine = new Set(before?.from ?? []).add(from);
    states.set(key, { state, from: mine });
    if (verdict === undefined || !before || ![...before.from].some((f) => f !== from)) continue;
    const exchange = `${from} ${h.id} ${h.at}`;
    const seen = perExchange.get(exchange);
    if (!seen || (seen.verdict === 'held' && verdict !== 'held')) perExchange.set(exchange, { check, h, verdict });
  }
  const findings = new Findings();
  for (const { check, h, verdict } of perExchange.values()) judge(findings, check, h, verdict);
  return { results: findings.all().map((g) => resultOf(g, (t) => t)) };
}

type PairCheck = NonNullable<ReturnType<typeof pairRuleOf>>;

function judge(findings: Findings, check: PairCheck, h: KeptHalf, v: Verdict): void {
  const judged = { rule: check.rule, id: check.id, op: check.operation };
  findings.judged(judged);
  if (v === 'held' || v === undefined) return;
  const e = h.evidence;
  const exchange = `${e?.request?.method ?? ''} ${e?.request?.url ?? ''}${e?.response ? ` → ${e.response.status}` : ''}`;
  findings.breached(judged, { ...v, exchange }, () => e ?? { seed: 0, replay: '' }, h.at);
}
