/**
 * @module The run's time budget, derived from its plan: how many requests the selected checks may
 * send, how long one request may take at worst (its deadline, and each retry after its longest
 * Retry-After wait), and how many checks run at once. The default whole-run deadline is this worst
 * case, so the run deadline is a backstop that a well-behaved run never meets, whatever the target
 * does: every exchange ends by its own deadline first.
 */
import { DEFAULT_MAX_REQUESTS, LEVELS, likelyRequestsOf, type CheckDefinition } from '../core/check.js';
import { operation } from '../core/operations.js';

export interface BudgetInput {
  readonly runs: number;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** The checks of the write lane (`inWriteLane`) run one after another (a write budget is set). */
  readonly serialWrites?: boolean;
  /** The write budget in force (`--max-writes` with writes allowed against a real target), if any. */
  readonly maxWrites?: number | undefined;
}

export interface RunBudget {
  /** The most requests the selected checks may send. */
  readonly requests: number;
  /** The most one check may send. */
  readonly maxPerCheck: number;
  /** The longest one request may take: its deadline, plus each retry's wait and deadline. */
  readonly perRequestMs: number;
  readonly concurrency: number;
  /** The longest the run may take when every request takes its longest. */
  readonly worstCaseMs: number;
}

/** Time a run spends outside requests (judging answers, building cases), added on top of the worst case. */
const SLACK_MS = 5_000;
/** The preflight (src/runner/preflight.ts): one request per path family, sent side by side before the checks, before the run deadline starts. */
const PREFLIGHT_REQUESTS = 2;

/**
 * Write budget a per-case writing property may spend per case: with `--max-writes N` it runs
 * `floor(N / WRITES_PER_CASE)` cases (at least one, at most `--runs`), so the four such properties of
 * the catalogue take at most 40 % of the budget and the one-off writes of the other checks fit.
 */
export const WRITES_PER_CASE = 10;

/** The cases a check runs: `--runs`, or fewer for a per-case writing property under a write budget. */
export function runsOf(check: Pick<CheckDefinition, 'schedule'>, runs: number, maxWrites: number | undefined): number {
  if (!check.schedule?.casesWrite || maxWrites === undefined) return runs;
  return Math.min(runs, Math.max(1, Math.floor(maxWrites / WRITES_PER_CASE)));
}

/** The most requests a check may send, at `runs` cases per property under the write budget `maxWrites`. */
export function requestsOf(check: CheckDefinition, runs: number, maxWrites?: number): number {
  return Math.max(1, Math.ceil(check.schedule?.maxRequests?.(runsOf(check, runs, maxWrites)) ?? DEFAULT_MAX_REQUESTS));
}

/**
 * Whether a check runs in the write lane when a write budget is set: it writes (`writes`), or it
 * sends requests to an operation with side effects (the invalid bodies a conformant target refuses,
 * which would create something on a target that accepts them).
 */
export function inWriteLane(check: CheckDefinition): boolean {
  return check.writes === true || operation(check.operation).writes;
}

/**
 * Whether a write budget (`--max-writes`), with `remaining` slots left, may bind the write-lane checks `pending`: whether they
 * may send more requests to operations with side effects than it has slots (each request counted,
 * whether valid or expected to be refused: a target may accept any of them). When it cannot, no
 * check meets a spent budget, whatever the order, and they can run side by side (lanes.ts).
 */
export function budgetCanBind(
  checks: readonly CheckDefinition[],
  pending: readonly number[],
  runs: number,
  maxWrites: number | undefined,
  remaining: number | undefined,
): boolean {
  if (remaining === undefined) return false;
  let demand = 0;
  for (const i of pending) {
    demand += requestsOf(checks[i]!, runs, maxWrites);
    if (demand > remaining) return true;
  }
  return false;
}

/** Whether a write budget of `maxWrites` may bind the selected checks at all (at the start of a run). */
export function writesMayBind(
  checks: readonly CheckDefinition[],
  runs: number,
  maxWrites: number | undefined,
): boolean {
  const lane = checks.flatMap((c, i) => (inWriteLane(c) ? [i] : []));
  return budgetCanBind(checks, lane, runs, maxWrites, maxWrites);
}

/**
 * The write lane's order (indices into `checks`), so the same checks get the budget on every run:
 * by level (MUST, SHOULD, INFO: the checks that decide the verdict first), then those that may send
 * fewest requests (most checks judged within the budget), a root check (the baseline every other
 * check of its operation starts from) before the others that may send as many, then catalogue order.
 */
export function writeOrder(checks: readonly CheckDefinition[], runs: number, maxWrites?: number): number[] {
  return checks
    .map((c, i) => ({ i, level: LEVELS.indexOf(c.level), need: requestsOf(c, runs, maxWrites), root: c.root ? 0 : 1 }))
    .filter(({ i }) => inWriteLane(checks[i]!))
    .sort((a, b) => a.level - b.level || a.need - b.need || a.root - b.root || a.i - b.i)
    .map(({ i }) => i);
}

/**
 * Checks run `concurrency` at a time, each sending its requests one after another; whatever order
 * they finish in, a greedy schedule ends within (total work) / concurrency + (the longest check):
 * Graham's bound for list scheduling.
 */
export function runBudget(checks: readonly CheckDefinition[], input: BudgetInput): RunBudget {
  const perCheck = checks.map((c) => requestsOf(c, input.runs, input.serialWrites ? input.maxWrites : undefined));
  const requests = perCheck.reduce((a, b) => a + b, 0) + PREFLIGHT_REQUESTS;
  const maxPerCheck = perCheck.reduce((a, b) => Math.max(a, b), 0);
  const perRequestMs = input.timeoutMs + input.maxRetries * (input.maxRetryWaitMs + input.timeoutMs);
  const lanes = Math.max(1, Math.min(input.concurrency, checks.length));
  const checkRequests = requests - PREFLIGHT_REQUESTS;
  const spread = Math.ceil((checkRequests * perRequestMs) / lanes + maxPerCheck * perRequestMs);
  const serial = input.serialWrites
    ? checks.reduce((n, c, i) => n + (inWriteLane(c) ? perCheck[i]! : 0), 0) * perRequestMs
    : 0;
  const worstCaseMs = Math.max(spread, serial) + SLACK_MS;
  return { requests, maxPerCheck, perRequestMs, concurrency: lanes, worstCaseMs };
}

/** What a run likely takes against a conformant target, next to the worst case. */
export interface RunEstimate {
  /** Requests the checks likely send (properties at their floor of cases, `likelyRequestsOf`). */
  readonly requests: number;
  /** One request's time, as the preflight measured it. */
  readonly latencyMs: number;
  /** The likely requests spread over the lanes (or the write lane's, one after another, or the longest check, when longer). */
  readonly ms: number;
}

/**
 * The requests each selected check likely sends (see `likelyRequestsOf`): what `--plan` shows beside the
 * most. A check that draws its cases alike with another selected one (`sharesCasesWith`) likely sends
 * only its other requests, when its operation has no side effects (the run cache shares only those, run-cache.ts).
 * `undeclared`: what a check that declares no `maxRequests` counts (default: one).
 */
export function likelyPerCheck(
  checks: readonly CheckDefinition[],
  runs: number,
  maxWrites: number | undefined,
  allowWrites: boolean,
  undeclared?: number,
): number[] {
  const selected = new Set(checks.map((c) => c.id));
  return checks.map((c) => {
    if (c.writes && !allowWrites) return 0;
    const shares = c.schedule?.sharesCasesWith;
    const shared = shares !== undefined && selected.has(shares) && !operation(c.operation).writes;
    return Math.ceil(likelyRequestsOf(c.schedule, runsOf(c, runs, maxWrites), shared, undeclared));
  });
}

/**
 * The realistic time: the likely requests at the measured latency, `concurrency` at a time (or the
 * write lane's one after another, when the budget may bind and that is longer), plus one round trip
 * for the last check to start, the shortest (the checks start longest first: lanes.ts); or the
 * longest check alone, when it outlasts all that.
 */
export function estimateRun(
  checks: readonly CheckDefinition[],
  input: BudgetInput & { readonly allowWrites: boolean },
  latencyMs: number,
): RunEstimate {
  const perCheck = likelyPerCheck(checks, input.runs, input.maxWrites, input.allowWrites);
  const requests = perCheck.reduce((a, b) => a + b, 0);
  const lanes = Math.max(1, Math.min(input.concurrency, checks.length));
  const spread = (requests / lanes) * latencyMs;
  const serial = input.serialWrites
    ? checks.reduce((n, c, i) => n + (inWriteLane(c) ? perCheck[i]! : 0), 0) * latencyMs
    : 0;
  const longest = perCheck.reduce((a, b) => Math.max(a, b), 0) * latencyMs;
  return { requests, latencyMs, ms: Math.ceil(Math.max(spread + latencyMs, serial, longest)) };
}

/** `1 h 3 min`, `4 min 10 s`, `12.5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h} h ${m} min`;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}

/**
 * The line the console prints at the start of a run. It leads with what a person plans by: the likely
 * time (when the preflight measured a round trip). The worst case is not a forecast: it is named only
 * as the deadline it sets (every request at its timeout), with the plan that bounds it.
 */
export function describeBudget(
  b: RunBudget,
  deadlineMs: number,
  deadlineGiven: boolean,
  estimate?: RunEstimate,
): string {
  const likely = estimate
    ? `likely about ${formatDuration(estimate.ms)} (about ${estimate.requests} requests at ${Math.round(estimate.latencyMs)} ms each, as the preflight measured, ${b.concurrency} checks at a time); `
    : '';
  const bound = `at most ${b.requests} requests, ${formatDuration(b.perRequestMs)} each at worst, ${b.concurrency} checks at a time`;
  const deadline = deadlineGiven
    ? `run deadline ${formatDuration(deadlineMs)} (--deadline)${deadlineMs < b.worstCaseMs ? `, shorter than the worst case of ${formatDuration(b.worstCaseMs)}: a slow target can meet it` : ''}; ${bound}`
    : `run deadline ${formatDuration(deadlineMs)}, set by the worst case (${bound}; --deadline to change)`;
  return `${likely}${deadline}`;
}
