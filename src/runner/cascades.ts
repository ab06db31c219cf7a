/**
 * @module Root causes instead of cascades: failures restating a failed root check become skips blocked by it,
 * and each refused combination of chat fields is reported once, by the first check in catalogue order.
 */
import type { CheckCache } from '../core/cache-key.js';
import { LEVELS, type CheckDefinition } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import { is2xx } from '../core/values.js';
import { type RefusedCombination, refusedCombinations } from '../kit/refused-combination.js';

function oneLine(text: string, max = 160): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The schema errors a failure names, array indices made alike: the same breach in another choice is the same. */
function schemaErrorsOf(actual: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of (actual ?? '').matchAll(/\bat (\/[^\s:;]*): ([^;]+?)(?=; |: |$)/g))
    out.add(`${m[1]!.replace(/\/\d+(?=\/|$)/g, '/#')}: ${m[2]!.trim()}`);
  return out;
}

/** `r` as a skip blocked by the check `cause`. */
function blockedSkip(r: CheckResult, cause: string, reason: string): CheckResult {
  const { expected: _e, actual: _a, evidence: _ev, notes: _n, ...rest } = r;
  return { ...rest, status: 'skip', blockedBy: cause, reason };
}

/** Whether `failure` shows the breach `root` failed on (see the module comment). */
function restates(failure: CheckResult, root: CheckResult): boolean {
  const mine = failure.evidence?.response;
  const theirs = root.evidence?.response;
  if (!mine || !theirs || mine.status !== theirs.status) return false;
  const errors = schemaErrorsOf(failure.actual);
  if (is2xx(mine.status) && errors.size > 0) {
    const rootErrors = schemaErrorsOf(root.actual);
    return [...errors].every((e) => rootErrors.has(e));
  }
  return mine.excerpt.trim() === theirs.excerpt.trim();
}

const expectsRefusal = (expected: string | undefined): boolean =>
  /\b4(?:xx|\d\d)\b/i.test(expected ?? '') && !/\b2(?:xx|\d\d)\b/i.test(expected ?? '');

/** Whether `failure` restates a failed `explains` root: what a served answer says (see the module comment). */
function restatesCrossing(failure: CheckResult): boolean {
  const mine = failure.evidence?.response;
  return mine !== undefined && is2xx(mine.status) && !expectsRefusal(failure.expected);
}

/** The failed checks that explain the failures of an operation restating them (`explains`), by operation. */
function explainedBy(
  checks: readonly CheckDefinition[],
  results: readonly CheckResult[],
): Map<OperationId, CheckResult> {
  const out = new Map<OperationId, CheckResult>();
  checks.forEach((c, i) => {
    const r = results[i];
    if (c.explains && r?.status === 'fail' && !out.has(c.explains)) out.set(c.explains, r);
  });
  return out;
}

/** The results with blocked failures turned into skips (`preconditions`: check id → its operation). */
export function blockCascades(
  checks: readonly CheckDefinition[],
  results: readonly CheckResult[],
  preconditions: ReadonlyMap<string, OperationId>,
): CheckResult[] {
  const failedRoots = new Map<OperationId, CheckResult>();
  checks.forEach((c, i) => {
    const r = results[i];
    if (c.root && r && (r.status === 'fail' || r.status === 'error') && !failedRoots.has(c.operation))
      failedRoots.set(c.operation, r);
  });
  const explained = explainedBy(checks, results);
  if (failedRoots.size === 0 && explained.size === 0) return [...results];
  /** The strictest level each cause blocked: it gates at that level, so blocking hides no verdict. */
  const strictest = new Map<string, CheckResult['level']>();
  const blocked = results.map((r, i): CheckResult => {
    const cause = explained.get(checks[i]!.operation);
    if (cause && r.status === 'fail' && cause.id !== r.id && restatesCrossing(r)) {
      const was = strictest.get(cause.id) ?? cause.level;
      if (LEVELS.indexOf(r.level) < LEVELS.indexOf(was)) strictest.set(cause.id, r.level);
      const why = "answers of this operation go to other requests' callers, so no answer can be judged as its own";
      return blockedSkip(r, cause.id, `blocked by ${cause.id} (${why}): ${oneLine(r.actual ?? '')}`);
    }
    const op = preconditions.get(r.id);
    const root = op === undefined ? undefined : failedRoots.get(op);
    if (!root || r.status !== 'fail' || root.id === r.id || !restates(r, root)) return r;
    const why = 'the baseline of this operation fails the same way';
    return blockedSkip(r, root.id, `blocked by ${root.id} (${why}): ${oneLine(r.actual ?? '')}`);
  });
  return blocked.map((r) => {
    const level = strictest.get(r.id);
    if (level === undefined || r.status !== 'fail') return r;
    const note = `gates as ${level}: it explains ${level} failures of this operation, reported as blocked by it`;
    return { ...r, level, notes: [...(r.notes ?? []), note] };
  });
}

/** Whether a result is the failure of a refused combination (its `actual` names it). */
function isCombinationFailure(r: CheckResult, c?: RefusedCombination): boolean {
  if (r.status !== 'fail') return false;
  return (r.actual ?? '').startsWith(c ? `refuses ${c.words} ` : 'refuses `');
}

/** The results with every combination's failures after the first turned into skips blocked by it. */
export function reportCombinationsOnce(
  checks: readonly CheckDefinition[],
  results: readonly CheckResult[],
  cache: Pick<CheckCache, 'once'>,
): CheckResult[] {
  const combos = refusedCombinations(cache);
  if (combos.length === 0) return [...results];
  const out = [...results];
  for (const c of combos) {
    const meeting = checks
      .flatMap((check, i) => (c.metBy.includes(check.id) && out[i] && isCombinationFailure(out[i]!, c) ? [i] : []))
      // A root's cases are drawn by the seed; the checks that try combinations deterministically own them first.
      .sort((a, b) => Number(checks[a]!.root ?? false) - Number(checks[b]!.root ?? false) || a - b);
    const [first, ...rest] = meeting;
    if (first === undefined) continue;
    const owner = out[first]!.id;
    for (const i of rest)
      out[i] = blockedSkip(out[i]!, owner, `blocked by ${owner}: the target refuses ${c.words}, reported once there`);
  }
  return out;
}
