/** @module The run's time budget from its plan; the default run deadline is its worst case, a backstop. */
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

/** Budget per case of a writing property: it runs `floor(N / WRITES_PER_CASE)` cases (1..--runs). */
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

/** Whether a check runs in the write lane under a budget: it writes, or sends to an operation that does. */
export function inWriteLane(check: CheckDefinition): boolean {
  return check.writes === true || operation(check.operation).writes;
}

/** Whether `remaining` write slots may bind the write-lane checks `pending` (they may send more than that). */
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

/** The write lane's order (indices): by level, then fewest requests, a root first, then catalogue order. */
export function writeOrder(checks: readonly CheckDefinition[], runs: number, maxWrites?: number): number[] {
  return checks
    .map((c, i) => ({ i, level: LEVELS.indexOf(c.level), need: requestsOf(c, runs, maxWrites), root: c.root ? 0 : 1 }))
    .filter(({ i }) => inWriteLane(checks[i]!))
    .sort((a, b) => a.level - b.level || a.need - b.need || a.root - b.root || a.i - b.i)
    .map(({ i }) => i);
}

/** The worst case by Graham's bound for list scheduling: total work / concurrency + the longest check. */
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

/** The requests each selected check likely sends (`likelyRequestsOf`), shared cases counted once. */
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

/** The realistic time: the likely requests at the measured latency, `concurrency` at a time (or the write lane's). */
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

/** The line the console prints at the start of a run: the likely time, and the deadline the worst case sets. */
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
