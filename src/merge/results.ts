/**
 * @module The results of one target, merged: shards' results are their union; proxies' sums per rule
 * fail when any proxy saw a breach, keeping the earliest as evidence.
 */
import { ConformanceError } from '../core/errors.js';
import { OPERATIONS } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import { countsNote } from '../proxy/report.js';
import type { MergeInput } from './inputs.js';
import { MORE_EXAMPLES, type PairsAcross } from './pairs.js';

/** A run's results: every shard's, once each, in `order` (the catalogue's) when given. */
export function unionOfShards(group: readonly MergeInput[], order?: readonly string[]): CheckResult[] {
  const byId = new Map<string, { result: CheckResult; file: string }>();
  for (const { file, report } of group)
    for (const result of report.results) {
      const before = byId.get(result.id);
      if (before)
        throw new ConformanceError(
          'CTS_MERGE_REFUSED',
          `check ${result.id} was judged in ${before.file} and in ${file}: shards of one run judge each check once (the same --only/--skip for every shard)`,
        );
      byId.set(result.id, { result, file });
    }
  const results = [...byId.values()].map((v) => v.result);
  if (!order) return results;
  const position = new Map(order.map((id, i) => [id, i]));
  const at = (r: CheckResult): number => position.get(r.id) ?? Number.MAX_SAFE_INTEGER;
  return results.sort((a, b) => at(a) - at(b));
}

const OP_ORDER = new Map(OPERATIONS.map((o, i) => [o.id, i]));

/** When the exchange the evidence shows was seen; results without one sort last. */
const firstAt = (r: CheckResult): string => r.exchanges?.firstAt ?? '\uffff';

/** `POST /v1/chat/completions → 200: ` from a result's evidence, as a proxy's examples name the exchange. */
function exchangeOf(r: CheckResult): string {
  const request = r.evidence?.request;
  if (!request) return '';
  const path = URL.canParse(request.url) ? new URL(request.url).pathname : request.url;
  const status = r.evidence?.response ? ` → ${r.evidence.response.status}` : '';
  return `${request.method} ${path}${status}: `;
}

/** One rule on one operation, as several proxies judged it. */
function sumOfJudgements(results: readonly CheckResult[]): CheckResult {
  const judged = results.reduce((n, r) => n + (r.exchanges?.judged ?? 0), 0);
  const broken = results.reduce((n, r) => n + (r.exchanges?.broken ?? 0), 0);
  const unanswered = results.reduce((n, r) => n + (r.exchanges?.unanswered ?? 0), 0);
  const status = results.some((r) => r.status === 'fail')
    ? 'fail'
    : results.some((r) => r.status === 'error')
      ? 'error'
      : 'pass';
  // The earliest of the results that show the status: its evidence is the merged result's.
  const shown = results.filter((r) => r.status === status).sort((a, b) => firstAt(a).localeCompare(firstAt(b)));
  const lead = shown[0]!;
  const examples = [
    ...(lead.notes ?? []).slice(1),
    ...shown.slice(1).map((r) => `also: ${exchangeOf(r)}${r.actual ?? r.message ?? ''}`),
    ...shown.slice(1).flatMap((r) => (r.notes ?? []).slice(1)),
  ].slice(0, MORE_EXAMPLES);
  const { notes: _, exchanges: __, ...rest } = lead;
  const leadAt = lead.exchanges?.firstAt;
  return {
    ...rest,
    notes: [countsNote({ judged, broken, unanswered }), ...examples],
    exchanges: {
      judged,
      broken,
      unanswered,
      ...(leadAt !== undefined && status !== 'pass' ? { firstAt: leadAt } : {}),
    },
  };
}

/** Proxies' (or replays') results, one per rule and operation, with what the merge judged of the pairs across proxies summed in. */
export function sumOfProxies(group: readonly MergeInput[], across?: PairsAcross): CheckResult[] {
  const byId = new Map<string, CheckResult[]>();
  const add = (result: CheckResult) => byId.set(result.id, [...(byId.get(result.id) ?? []), result]);
  for (const [i, { report }] of group.entries())
    for (const result of report.results) add(across?.own(i, result) ?? result);
  for (const result of across?.results ?? []) add(result);
  return [...byId.values()]
    .map((same) => (same.length === 1 ? same[0]! : sumOfJudgements(same)))
    .sort((a, b) => OP_ORDER.get(a.operation)! - OP_ORDER.get(b.operation)! || a.id.localeCompare(b.id));
}
