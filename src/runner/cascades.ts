/**
 * @module Root causes instead of cascades: when an operation's root check fails (its baseline, a
 * valid request answered 2xx with a valid body, does not hold), every other failure of that
 * operation that only restates the broken baseline is reported as a skip blocked by the root, in
 * one line, instead of as one more failure with the same message. A failure restates the root's
 * when it is marked `precondition` for the operation and shows the same breach: an answer with the
 * same status, and for a 2xx the same schema errors (none the root did not report), or for another
 * status or a body no schema error names, the same body. A check whose own request got a status the
 * root never saw (a 404 on another path, a 4xx for the value it sends) keeps its failure.
 *
 * A check that `explains` an operation (answers crossed between concurrent requests) is a root cause
 * of another kind: it says that what an answer of the operation *says* may be another request's. A
 * failure restates it when its finding is what a served answer says: its own answer is a 2xx (a
 * crossing hands a served answer to another caller), and its check expected one (its `expected`
 * names no 4xx without a 2xx beside it). A crossing never explains a status: a refusal, a server
 * error or no answer is the request's own, and a check that expected a refusal (a rejection rule:
 * an invalid body, missing or wrong credentials, a combination the interface forbids) found a
 * request served that the server had to refuse, which no crossing of served answers makes. Such a
 * failure stays a failure beside the root. The root gates at the strictest level of what it
 * blocked, so blocking hides no verdict.
 */
import { LEVELS, type CheckDefinition } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';

/** The first line of a text, at most `max` characters. */
function oneLine(text: string, max = 160): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The schema errors a failure names, as src/kit/describe.ts writes them (`at /path: message`, joined
 * by `; `), with array indices made alike (`/choices/1/index` reads as `/choices/0/index` does): the
 * same breach in another choice is the same breach.
 */
function schemaErrorsOf(actual: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of (actual ?? '').matchAll(/\bat (\/[^\s:;]*): ([^;]+?)(?=; |: |$)/g))
    out.add(`${m[1]!.replace(/\/\d+(?=\/|$)/g, '/#')}: ${m[2]!.trim()}`);
  return out;
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

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

/** Whether an expected outcome is a refusal: it names a 4xx status and no 2xx. */
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

/**
 * The results with blocked failures turned into skips. `preconditions` maps a check id to the
 * operation whose baseline its failure may restate.
 */
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
      const { expected: _e, actual, evidence: _ev, notes: _n, ...rest } = r;
      return {
        ...rest,
        status: 'skip',
        blockedBy: cause.id,
        reason: `blocked by ${cause.id} (answers of this operation go to other requests' callers, so no answer can be judged as its own): ${oneLine(actual ?? '')}`,
      };
    }
    const op = preconditions.get(r.id);
    const root = op === undefined ? undefined : failedRoots.get(op);
    if (!root || r.status !== 'fail' || root.id === r.id || !restates(r, root)) return r;
    const { expected: _e, actual, evidence: _ev, notes: _n, ...rest } = r;
    return {
      ...rest,
      status: 'skip',
      blockedBy: root.id,
      reason: `blocked by ${root.id} (the baseline of this operation fails the same way): ${oneLine(actual ?? '')}`,
    };
  });
  return blocked.map((r) => {
    const level = strictest.get(r.id);
    if (level === undefined || r.status !== 'fail') return r;
    const note = `gates as ${level}: it explains ${level} failures of this operation, reported as blocked by it`;
    return { ...r, level, notes: [...(r.notes ?? []), note] };
  });
}
