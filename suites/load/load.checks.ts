/**
 * @module Checks under load (§4.1, §7): what only concurrency shows. A burst of distinct chat
 * requests sent at once, whatever `--concurrency` says (llmperf's correctness test; vLLM's
 * concurrency tests): every answer is its own request's (its solo answer, never another's), ids are
 * unique, usage is each request's own. And a target that sheds load answers 429 or 503 with
 * `Retry-After` (vLLM / OpenAI), never another 5xx nor a dropped connection.
 */
import { defineCheck } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { type Answer, ask, type BurstRequest, burstRequests, burstSize, DEFAULT_BURST, MAX_BURST } from './burst.js';

const CONVENTION_BELONG =
  "llmperf's correctness test and vLLM's concurrency tests: under concurrent load each answer is its own request's, as when sent alone";
const CONVENTION_SHED =
  'vLLM / OpenAI: an overloaded server answers 429 or 503 with Retry-After, never another 5xx nor a dropped connection';

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);
const label = (r: BurstRequest) =>
  `request ${r.index + 1} (request_id ${r.requestId}, n=${r.n}, max_completion_tokens=${r.maxTokens}${r.stream ? ', streamed' : ''})`;

/** The first breach in the burst's answers, judged against the solo answers; undefined when each answer is its own. */
function breachOf(
  reqs: readonly BurstRequest[],
  solo: readonly Answer[],
  burst: readonly Answer[],
): { actual: string; at: number } | undefined {
  for (const r of reqs) {
    const a = burst[r.index]!;
    if (!ok(a)) continue;
    if (same(a.texts, solo[r.index]!.texts)) continue;
    const owner = reqs.find((o) => o.index !== r.index && same(a.texts, solo[o.index]!.texts));
    if (owner)
      return {
        at: r.index,
        actual: `the answer to ${label(r)} is the answer to ${label(owner)}: ${JSON.stringify(a.texts).slice(0, 200)} (answers crossed between concurrent requests)`,
      };
  }
  const ids = new Map<string, number>();
  for (const r of reqs) {
    const id = burst[r.index]!.id;
    if (!ok(burst[r.index]!) || id === undefined) continue;
    const other = ids.get(id);
    if (other !== undefined)
      return { at: r.index, actual: `${label(r)} and ${label(reqs[other]!)} were both answered with the id ${id}` };
    ids.set(id, r.index);
  }
  for (const r of reqs) {
    const a = burst[r.index]!;
    if (!ok(a)) continue;
    if (a.texts.length !== r.n)
      return {
        at: r.index,
        actual: `${label(r)} got ${a.texts.length} choices, not its n=${r.n}: another request's answer`,
      };
    const u = a.usage;
    const s = solo[r.index]!.usage;
    if (u && s && u.prompt_tokens !== s.prompt_tokens)
      return {
        at: r.index,
        actual: `${label(r)} counted ${u.prompt_tokens} prompt tokens under load, ${s.prompt_tokens} alone (usage counted across the batch)`,
      };
    if (u && typeof u.completion_tokens === 'number' && u.completion_tokens > r.maxTokens * r.n)
      return {
        at: r.index,
        actual: `${label(r)} counted ${u.completion_tokens} completion tokens, more than n × max_completion_tokens = ${r.n * r.maxTokens} (usage counted across the batch)`,
      };
    if (u && s && same(a.texts, solo[r.index]!.texts) && u.completion_tokens !== s.completion_tokens)
      return {
        at: r.index,
        actual: `${label(r)} counted ${u.completion_tokens} completion tokens under load for the text it got alone with ${s.completion_tokens} (usage counted across the batch)`,
      };
  }
  return undefined;
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
  maxRequests: () => 2 * MAX_BURST,
  // At the default --load-burst: each request alone, then all at once (the shedding burst: twice as many).
  likelyRequests: () => 2 * DEFAULT_BURST,
  async run(ctx): Promise<CheckOutcome> {
    const reqs = burstRequests(ctx, burstSize(ctx), 'belong');
    const solo: Answer[] = [];
    for (const r of reqs) {
      const a = await ask(ctx, r, `${r.requestId}-solo`);
      // No answer at all to one request alone: not a finding under load, the suite could not judge.
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
    const breach = breachOf(reqs, solo, burst);
    if (breach) {
      const ex = burst[breach.at]!.exchange;
      return fail({
        expected: `each of ${reqs.length} concurrent chat requests answered as when sent alone, with a unique id and its own usage`,
        actual: breach.actual,
        ...(ex ? { exchange: ex } : {}),
      });
    }
    return pass(
      judged < reqs.length
        ? [`${reqs.length - judged} of the ${reqs.length} requests were shed (429/503): the others were judged`]
        : [],
    );
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
  maxRequests: () => 2 * MAX_BURST,
  // At the default --load-burst: each request alone, then all at once (the shedding burst: twice as many).
  likelyRequests: () => 2 * DEFAULT_BURST,
  async run(ctx): Promise<CheckOutcome> {
    const reqs = burstRequests(ctx, Math.min(MAX_BURST, 2 * burstSize(ctx)), 'shed');
    const answers = await Promise.all(reqs.map((r) => ask(ctx, r)));
    // A target that answers none of them (unreachable, never answering, not HTTP) is not judged
    // here: what the suite could not judge is an error, not a finding about load.
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
});

export const loadChecks = [answersBelong, shedsLoad];
