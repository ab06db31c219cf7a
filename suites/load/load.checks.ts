/** @module Checks under load (§4.1, §7): each answer its own request's, and shed load answered 429/503. */
import { setTimeout as sleep } from 'node:timers/promises';
import { type CheckContext, defineCheck } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { judgeBurst, label, ok } from './breaches.js';
import {
  type Answer,
  ask,
  type BurstRequest,
  burstRequests,
  burstSize,
  DEFAULT_BURST,
  MAX_BURST,
  noBurst,
  shedBurstSize,
} from './burst.js';

const CONVENTION_BELONG =
  "llmperf's correctness test and vLLM's concurrency tests: under concurrent load each answer is its own request's, as when sent alone";
const CONVENTION_SHED =
  'vLLM / OpenAI: an overloaded server answers 429 or 503 with Retry-After, never another 5xx nor a dropped connection';

/** Times the requests sent alone are sent again in all when shed (429/503): the target was busy with others' requests. */
const SHED_RETRIES = 8;
/** The longest wait before sending it again, whatever Retry-After asks. */
const SHED_WAIT_MAX_MS = 2_000;

/** One request of the burst sent alone, for its reference answer; sent again after Retry-After when shed. */
async function askAlone(ctx: CheckContext, r: BurstRequest, retries: { left: number }): Promise<Answer> {
  let a = await ask(ctx, r, `${r.requestId}-solo`);
  while (retries.left > 0 && (a.status === 429 || a.status === 503)) {
    retries.left--;
    const after = Number(a.retryAfter);
    await sleep(Math.min(SHED_WAIT_MAX_MS, Number.isFinite(after) && after > 0 ? after * 1_000 : 200));
    a = await ask(ctx, r, `${r.requestId}-solo`);
  }
  return a;
}

const answersBelong = defineCheck({
  id: 'load.answers-belong-to-their-requests',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION_BELONG,
  requirement:
    'Chat requests sent at once (distinct prompts, request_ids, n and max_completion_tokens, streamed and not) each get their own answer: the one each gets alone, with a unique id and its own usage.',
  explains: 'chat.create',
  async run(ctx): Promise<CheckOutcome> {
    const none = noBurst(ctx);
    if (none) return skip(none);
    const reqs = burstRequests(ctx, burstSize(ctx), 'belong');
    const solo: Answer[] = [];
    const retries = { left: SHED_RETRIES };
    for (const r of reqs) {
      const a = await askAlone(ctx, r, retries);
      if (a.cause !== undefined) throw a.cause;
      if (!ok(a))
        return skip(
          `${label(r)} sent alone was answered ${a.error ?? `HTTP ${a.status}`}: no reference to judge the burst by`,
        );
      solo.push(a);
    }
    const burst = await Promise.all(reqs.map((r) => ask(ctx, r)));
    const judged = burst.filter(ok).length;
    if (judged === 0)
      return skip('the target shed every request of the burst: nothing to judge (see load.sheds-with-429-or-503)');
    const { breach, aloneToo } = judgeBurst(reqs, solo, burst);
    if (breach) {
      const ex = burst[breach.at]!.exchange;
      return fail({
        expected: `each of ${reqs.length} concurrent chat requests answered as when sent alone, with a unique id and its own usage`,
        actual: breach.actual,
        ...(ex ? { exchange: ex } : {}),
      });
    }
    return pass([
      ...(judged < reqs.length
        ? [`${reqs.length - judged} of the ${reqs.length} requests were shed (429/503): the others were judged`]
        : []),
      ...aloneToo,
    ]);
  },
  schedule: {
    // Each request alone (and a few sent again when shed), then all at once: with nothing else in flight.
    maxRequests: () => 2 * MAX_BURST + SHED_RETRIES,
    likelyRequests: () => 2 * DEFAULT_BURST,
    alone: true,
  },
});

const shedsLoad = defineCheck({
  id: 'load.sheds-with-429-or-503',
  operation: 'chat.create',
  section: '§7',
  level: 'SHOULD',
  convention: CONVENTION_SHED,
  requirement:
    'Chat requests sent at once beyond what the target serves are answered 2xx, or 429/503 with Retry-After: never another 5xx nor a dropped connection.',
  async run(ctx): Promise<CheckOutcome> {
    const none = noBurst(ctx);
    if (none) return skip(none);
    const reqs = burstRequests(ctx, shedBurstSize(ctx), 'shed');
    const answers = await Promise.all(reqs.map((r) => ask(ctx, r)));
    // No answer to any of them: the suite could not judge (an error, not a finding about load).
    const unanswered = answers.find((a) => a.cause !== undefined);
    if (unanswered && !answers.some((a) => a.cause === undefined)) throw unanswered.cause;
    let shed = 0;
    for (const r of reqs) {
      const a = answers[r.index]!;
      if (ok(a)) continue;
      if ((a.status === 429 || a.status === 503) && a.retryAfter !== undefined) {
        shed++;
        continue;
      }
      // Slow under load is not wrong: only a connection closed under a request is a dropped one.
      if (a.errorCode !== undefined && a.errorCode !== 'CTS_TARGET_RESET') throw a.cause;
      return fail({
        expected: `each of ${reqs.length} concurrent chat requests answered 2xx, or 429/503 with Retry-After`,
        actual:
          a.error !== undefined
            ? `${label(r)}: no answer (${a.error}): a dropped connection`
            : `${label(r)}: HTTP ${a.status}${a.status === 429 || a.status === 503 ? ' without Retry-After' : ''}`,
        ...(a.exchange ? { exchange: a.exchange } : {}),
      });
    }
    return pass(
      shed
        ? [`${shed} of ${reqs.length} requests were shed with 429/503 and Retry-After, after the retries allowed`]
        : [],
    );
  },
  schedule: {
    maxRequests: () => 2 * MAX_BURST,
    likelyRequests: () => 2 * DEFAULT_BURST,
    alone: true,
  },
});

export const loadChecks = [answersBelong, shedsLoad];
