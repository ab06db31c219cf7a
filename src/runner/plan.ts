/** @module `conformance run --plan`: what a run would send (upper bounds), from the selected checks alone. */
import { propertyFloor, type CheckDefinition } from '../core/check.js';
import { OPERATIONS, operationLabel } from '../core/operations.js';
import {
  describeBudget,
  inWriteLane,
  likelyPerCheck,
  requestsOf,
  runBudget,
  runsOf,
  WRITES_PER_CASE,
  writesMayBind,
} from './budget.js';
import type { RunSettings } from './run-settings.js';

/** The plan of a run with these settings, in lines a person reads. */
export function describePlan(checks: readonly CheckDefinition[], settings: RunSettings): string[] {
  const { runs, deadlineMs } = settings;
  const { allowWrites, maxCompletionTokens, maxWrites: givenMaxWrites } = settings.target;
  // The write budget in force shapes the per-case writing properties' case counts (budget.ts `runsOf`).
  const maxWrites = allowWrites ? givenMaxWrites : undefined;
  const budget = runBudget(checks, { ...settings, serialWrites: writesMayBind(checks, runs, maxWrites), maxWrites });
  const out = [
    `Plan for ${settings.targetLabel ?? settings.target.baseUrl}: ${checks.length} checks (nothing was sent)`,
  ];
  for (const op of OPERATIONS) {
    const mine = checks.filter((c) => c.operation === op.id);
    if (!mine.length) continue;
    const requests = mine.reduce((n, c) => n + requestsOf(c, runs, maxWrites), 0);
    out.push(
      `  ${op.section} ${operationLabel(op.id).padEnd(60)} ${String(mine.length).padStart(3)} checks, at most ${requests} requests`,
    );
  }
  const writing = checks.filter((c) => c.writes);
  const writeRequests = checks.filter(inWriteLane).reduce((n, c) => n + requestsOf(c, runs, maxWrites), 0);
  if (!writing.length) out.push('Writes: none of the selected checks writes');
  else if (!allowWrites)
    out.push(
      `Writes: not allowed (no --allow-writes): the ${writing.length} checks that create training jobs or log trajectories will be skipped`,
    );
  else if (givenMaxWrites === undefined)
    out.push(
      `Writes: ${writing.length} checks write, at most ${writeRequests} requests with side effects (no budget: the bundled mock)`,
    );
  else if (!writesMayBind(checks, runs, maxWrites))
    out.push(
      `Writes: ${writing.length} checks write, at most ${writeRequests} requests with side effects, within --max-writes ${givenMaxWrites}: the budget cannot bind, so the writing checks run side by side`,
    );
  else
    out.push(
      `Writes: ${writing.length} checks write, at most ${writeRequests} requests with side effects; at most ${givenMaxWrites} may create something (--max-writes), plus one per operation with side effects that accepts an invalid body (reported as a failure). The requests a conformant target refuses cost nothing; the checks run MUST first, those that send fewest requests first, and a check whose valid request meets the spent budget is skipped; the ${checks.filter((c) => c.schedule?.casesWrite).length} properties whose every case creates something run ${runsOf({ schedule: { casesWrite: true } }, runs, maxWrites)} case(s) each (one per ${WRITES_PER_CASE} of --max-writes, at most --runs)`,
    );
  const chatRequests = checks.filter((c) => c.operation === 'chat.create').reduce((n, c) => n + requestsOf(c, runs), 0);
  out.push(
    `Completion tokens: at most ${chatRequests * maxCompletionTokens} (${chatRequests} chat requests × --max-completion-tokens ${maxCompletionTokens})`,
  );
  const likely = likelyPerCheck(checks, runs, maxWrites, allowWrites).reduce((a, b) => a + b, 0);
  out.push(
    `Likely: about ${likely} of the at most ${budget.requests} requests against a conformant target: a property stops after ${propertyFloor(runs)} of its ${runs} cases (--runs) once they exercise nothing new, and requests without side effects that several checks send alike go out once per run; a run's start line gives the likely time, at the latency the preflight measures`,
  );
  out.push(`Time: ${describeBudget(budget, deadlineMs ?? budget.worstCaseMs, deadlineMs !== undefined)}`);
  return out;
}
