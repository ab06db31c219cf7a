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
/** The preflight (src/runner/preflight.ts): one request per path family, and the chat answer timed for the pace (pace.ts), before the run deadline starts. */
const PREFLIGHT_REQUESTS = 3;

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
  // The checks that run alone (lanes.ts) do so after the others: their requests one after another at worst.
  const alone = checks.reduce((n, c, i) => n + (c.schedule?.alone ? perCheck[i]! : 0), 0);
  const checkRequests = requests - PREFLIGHT_REQUESTS - alone;
  const spread = Math.ceil((checkRequests * perRequestMs) / lanes + (maxPerCheck + alone) * perRequestMs);
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
  /** The chat requests among them, each taking a generation's time at the pace the preflight measured (pace.ts). */
  readonly chat?: { readonly requests: number; readonly ms: number; readonly tokensPerSecond: number };
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

/** A chat request's likely time at the measured pace, and the tokens per second it was measured at. */
export interface ChatPace {
  readonly ms: number;
  readonly tokensPerSecond: number;
}

/** The realistic time: the likely requests at the measured latency (a chat request's at `chat`'s), `concurrency` at a time (or the write lane's). */
export function estimateRun(
  checks: readonly CheckDefinition[],
  input: BudgetInput & { readonly allowWrites: boolean },
  latencyMs: number,
  chat?: ChatPace,
): RunEstimate {
  const perCheck = likelyPerCheck(checks, input.runs, input.maxWrites, input.allowWrites);
  const isChat = (c: CheckDefinition) => chat !== undefined && c.operation === 'chat.create';
  const time = perCheck.map((n, i) => n * (isChat(checks[i]!) ? chat!.ms : latencyMs));
  const requests = perCheck.reduce((a, b) => a + b, 0);
  const chatRequests = perCheck.reduce((a, n, i) => a + (isChat(checks[i]!) ? n : 0), 0);
  const lanes = Math.max(1, Math.min(input.concurrency, checks.length));
  const spread = time.reduce((a, b) => a + b, 0) / lanes;
  const serial = input.serialWrites ? checks.reduce((n, c, i) => n + (inWriteLane(c) ? time[i]! : 0), 0) : 0;
  const longest = time.reduce((a, b) => Math.max(a, b), 0);
  return {
    requests,
    latencyMs,
    ...(chat ? { chat: { requests: chatRequests, ms: chat.ms, tokensPerSecond: chat.tokensPerSecond } } : {}),
    ms: Math.ceil(Math.max(spread + latencyMs, serial, longest)),
  };
}

/** `about 40 requests at 5 ms each`, or with chat requests at their own pace. */
function describeRequests(e: RunEstimate): string {
  if (!e.chat || e.chat.requests === 0) return `about ${e.requests} requests at ${Math.round(e.latencyMs)} ms each`;
  const others = e.requests - e.chat.requests;
  return `about ${e.requests} requests: ${e.chat.requests} chat requests at ${formatDuration(e.chat.ms)} each (${Math.round(e.chat.tokensPerSecond * 10) / 10} tokens/s)${others > 0 ? `, ${others} others at ${Math.round(e.latencyMs)} ms each` : ''}`;
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
    ? `likely about ${formatDuration(estimate.ms)} (${describeRequests(estimate)}, as the preflight measured, ${b.concurrency} checks at a time); `
    : '';
  const bound = `at most ${b.requests} requests, ${formatDuration(b.perRequestMs)} each at worst, ${b.concurrency} checks at a time`;
  const deadline = deadlineGiven
    ? `run deadline ${formatDuration(deadlineMs)} (--deadline)${deadlineMs < b.worstCaseMs ? `, shorter than the worst case of ${formatDuration(b.worstCaseMs)}: a slow target can meet it` : ''}; ${bound}`
    : `run deadline ${formatDuration(deadlineMs)}, set by the worst case (${bound}; --deadline to change)`;
  return `${likely}${deadline}`;
}
