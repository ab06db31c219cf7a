/** @module §4.1 tokens: token ids, usage accounting, the completion budget, logprobs and `min_tokens`. */
import { defineCheck } from '../../src/core/check.js';
import { type CheckOutcome, pass, skip } from '../../src/core/result.js';
import {
  completionBoundBreach,
  minTokensBreach,
  tokenIdsMatchUsageBreach,
  tokenIdsPerChoiceBreach,
  usageBreach,
} from '../../src/rules/chat-answer.js';
import { logprobsEntryCount, logprobsShapeBreach, tokensAsTokenIdsBreach } from '../../src/rules/chat-logprobs.js';
import { expectCompletion, sendChat, type Completion } from './chat-exchange.js';
import { answerIn, holdsIn, inBothModes } from './in-mode.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import { ANSWER_RULES } from '../../src/rules/answer-rules.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';

const usageOf = (body: Completion) =>
  body.usage as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };

const hasLogprobs = (c: Record<string, unknown>): boolean => {
  const content = (c.logprobs as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content) && content.length > 0;
};

export const returnTokenIdsPerChoice = defineCheck({
  id: 'chat-completions.return-token-ids-per-choice',
  ...checkIdentityOn(CHAT_ANSWER_RULES.tokenIdsPerChoice, 'chat.create'),
  run: (ctx) =>
    holdsIn(ctx, 'non-streamed', { return_token_ids: true }, 'a request with return_token_ids: true', {
      expected: 'every choice has token_ids, the integer ids of its generated tokens',
      breach: (body) => tokenIdsPerChoiceBreach({ return_token_ids: true }, body),
    }),
});

const returnTokenIdsMatchUsage = defineCheck({
  id: 'chat-completions.return-token-ids-match-usage',
  ...checkIdentityOn(CHAT_ANSWER_RULES.tokenIdsMatchUsage, 'chat.create'),
  run: (ctx) =>
    holdsIn(
      ctx,
      'non-streamed',
      { return_token_ids: true, n: 2, temperature: 0.8 },
      'a request with return_token_ids: true, n: 2',
      {
        expected:
          'prompt_token_ids: usage.prompt_tokens integer ids, and token_ids of the choices adding up to usage.completion_tokens',
        breach: (body) => tokenIdsMatchUsageBreach({ return_token_ids: true, n: 2 }, body),
      },
    ),
});

const LOGPROBS_OWNER = 'chat-completions.logprobs-shape-and-counts';

// An answer without logprobs entries has no token to judge: logprobs-shape-and-counts reports it.
export const tokensAsTokenIds = defineCheck({
  id: 'chat-completions.tokens-as-token-ids',
  ...checkIdentityOn(CHAT_ANSWER_RULES.tokensAsTokenIds, 'chat.create'),
  async run(ctx) {
    const sent = { logprobs: true, top_logprobs: 2, return_tokens_as_token_ids: true };
    const r = await answerIn(ctx, 'non-streamed', sent, 'a request with logprobs and return_tokens_as_token_ids', {
      expected: 'tokens written token_id:<id>',
      breach: (body) => tokensAsTokenIdsBreach(sent, body),
    });
    if (!r.ok) return r.outcome;
    const without = r.body.choices
      .filter((c) => !hasLogprobs(c))
      .map((c) => `choice ${String(c.index)} has logprobs ${JSON.stringify(c.logprobs)}`);
    const judged = r.body.choices.length - without.length;
    if (without.length === 0) return pass();
    // The control, without return_tokens_as_token_ids: if it carries logprobs, the field itself took
    // them away; if not, they are missing whatever is asked (logprobs-shape-and-counts' finding).
    const control = await sendChat(ctx, { logprobs: true, top_logprobs: 2 });
    const rc = expectCompletion(ctx, control, 'a request with logprobs (control, without return_tokens_as_token_ids)');
    if (!rc.ok) return rc.outcome;
    if (rc.body.choices.some(hasLogprobs))
      return r.failWith(
        'the logprobs tokens of each choice given as token_id:<id> (logprobs came without return_tokens_as_token_ids)',
        `with return_tokens_as_token_ids, ${without.join(', ')}`,
      );
    return skip(
      `no logprobs to judge: logprobs: true was sent, with or without return_tokens_as_token_ids, and ${without.join(', ')}${judged ? ` (the tokens of the other ${judged} choice(s) are token_id:<id>)` : ''}; see ${LOGPROBS_OWNER}`,
    );
  },
});

const usageAddsUp = defineCheck({
  id: 'chat-completions.usage-adds-up',
  ...checkIdentityOn(ANSWER_RULES.usageAddsUp, 'chat.create'),
  async run(ctx) {
    for (const extra of [{}, { n: 2, temperature: 0.8 }]) {
      const r = await answerIn(ctx, 'non-streamed', extra, `a request with ${JSON.stringify(extra)}`, {
        expected: 'total_tokens = prompt_tokens + completion_tokens (non-negative integers)',
        breach: (body) => usageBreach(body.usage),
      });
      if (!r.ok) return r.outcome;
    }
    return pass();
  },
});

const LONG_ANSWER = [{ role: 'user', content: 'Write a long story about a lighthouse keeper, in many sentences.' }];

// ignore_eos keeps the model from ending before the bound.
const [maxTokensBoundCompletion, maxTokensBoundCompletionStreamed] = inBothModes({
  id: 'chat-completions.max-tokens-bound-completion',
  ...checkIdentityOn(CHAT_ANSWER_RULES.completionBound, 'chat.create'),
  async run(ctx, mode) {
    const cap = ctx.target.maxCompletionTokens;
    for (const field of ['max_completion_tokens', 'max_tokens']) {
      for (const max of [...new Set([1, Math.min(4, cap)])]) {
        const extra = { messages: LONG_ANSWER, max_completion_tokens: undefined, [field]: max, ignore_eos: true };
        const a = await answerIn(ctx, mode, extra, `a request with ${field}: ${max}`, {
          expected: `usage.completion_tokens <= ${max} (${field}), and finish_reason "length" when the bound is reached (ignore_eos)`,
          breach: (body) => completionBoundBreach(extra, body),
        });
        if (!a.ok) return a.outcome;
      }
    }
    return pass();
  },
});

const [logprobsShapeAndCounts, logprobsShapeAndCountsStreamed] = inBothModes({
  id: 'chat-completions.logprobs-shape-and-counts',
  ...checkIdentityOn(CHAT_ANSWER_RULES.logprobsShape, 'chat.create'),
  async run(ctx, mode) {
    let entries = 0;
    for (const k of [0, 3]) {
      const r = await answerIn(
        ctx,
        mode,
        { logprobs: true, top_logprobs: k },
        `a request with logprobs: true, top_logprobs: ${k}`,
        {
          expected: `each choice: logprobs.content with one entry per generated token, each a token string, logprob <= 0, bytes, ${k} top_logprobs`,
          breach: (body) => logprobsShapeBreach({ logprobs: true, top_logprobs: k }, body),
        },
      );
      if (!r.ok) return r.outcome;
      entries += logprobsEntryCount(r.body);
    }
    // No token generated in either answer: the entry shape was never judged (SKIP, not pass).
    if (entries === 0)
      return skip(
        'neither answer carried a logprobs entry (no token generated): the shape of an entry could not be judged',
      );
    return pass();
  },
  schedule: { maxRequests: () => 2 },
});

// The cases bind: a stop string the model reaches at once (" "), min_tokens one short of the budget
// and two choices. A server that ignores min_tokens passes only if every choice runs close to the
// budget on its own; the control, without min_tokens, must show that the choices do not.
const MIN_TOKENS_CHOICES = 2;

export const [minTokensHonoured, minTokensHonouredStreamed] = inBothModes({
  id: 'chat-completions.min-tokens-honoured',
  ...checkIdentityOn(CHAT_ANSWER_RULES.minTokens, 'chat.create'),
  async run(ctx, mode) {
    const cap = ctx.target.maxCompletionTokens;
    const m = Math.max(1, cap - 1);
    const n = MIN_TOKENS_CHOICES;
    // n > 1 asks sampling (vLLM refuses n > 1 with greedy decoding).
    const base = { messages: LONG_ANSWER, max_completion_tokens: cap, stop: [' '], n, temperature: 1 };
    const control = await answerIn(ctx, mode, base, 'the request without min_tokens (control)');
    if (!control.ok) return control.outcome;
    const early = usageOf(control.body).completion_tokens;
    if (typeof early !== 'number' || early >= m * n) {
      return skip(
        `the control without min_tokens generated ${String(early)} token(s) in ${n} choices, not fewer than ${m * n}: the stop string " " did not end them early, so min_tokens cannot be shown to act`,
      );
    }
    const sent = { ...base, min_tokens: m };
    return holdsIn(ctx, mode, sent, `a request with min_tokens: ${m}, n: ${n}`, {
      expected: `usage.completion_tokens >= ${m * n} (min_tokens ${m} in each of ${n} choices), the stop string " " notwithstanding (without min_tokens: ${early})`,
      breach: (body) => minTokensBreach(sent, body),
    });
  },
  schedule: { maxRequests: () => 2 },
});

/** n: 3 under a small bound the model is kept from stopping before (ignore_eos): every choice shows its length. */
const usageCountsEveryChoice = defineCheck({
  id: 'chat-completions.usage-counts-every-choice',
  ...checkIdentityOn(CHAT_ANSWER_RULES.usageCountsEveryChoice, 'chat.create'),
  async run(ctx) {
    const rule = CHAT_ANSWER_RULES.usageCountsEveryChoice;
    const bound = Math.min(8, ctx.target.maxCompletionTokens);
    const sent = { messages: LONG_ANSWER, n: 3, temperature: 0.8, max_completion_tokens: bound, ignore_eos: true };
    const r = await answerIn(ctx, 'non-streamed', sent, `a request with n: 3, max_completion_tokens: ${bound}`, {
      expected: 'usage.completion_tokens counting the tokens of all 3 choices',
      breach: (body) => (rule.shown(sent, body) ? rule.breach(sent, body) : undefined),
    });
    if (!r.ok) return r.outcome;
    return rule.shown(sent, r.body)
      ? pass()
      : skip(
          `the answer did not show two choices' lengths (finish_reason "length" at ${bound} tokens, or token_ids): finish_reasons ${JSON.stringify(r.body.choices.map((c) => c.finish_reason))}`,
        );
  },
});

/** The same long prompt twice: a prefix cache, where there is one, serves the second. */
const cachedTokensWithinPrompt = defineCheck({
  id: 'chat-completions.cached-tokens-within-prompt',
  ...checkIdentityOn(CHAT_ANSWER_RULES.cachedTokensWithinPrompt, 'chat.create'),
  async run(ctx) {
    const rule = CHAT_ANSWER_RULES.cachedTokensWithinPrompt;
    const sent = { messages: LONG_ANSWER, max_completion_tokens: Math.min(4, ctx.target.maxCompletionTokens) };
    let shown = 0;
    for (const what of ['a request', 'the same request again (a prefix cache serves it)']) {
      const r = await answerIn(ctx, 'non-streamed', sent, what, {
        expected: 'usage.prompt_tokens_details.cached_tokens, when present, an integer between 0 and prompt_tokens',
        breach: (body) => (rule.shown(sent, body) ? rule.breach(sent, body) : undefined),
      });
      if (!r.ok) return r.outcome;
      if (rule.shown(sent, r.body)) shown++;
    }
    return shown
      ? pass()
      : skip('neither answer carried usage.prompt_tokens_details.cached_tokens: the deployment does not report it');
  },
  schedule: { maxRequests: () => 2 },
});

/** A prompt of several cache blocks, sent twice: a prefix cache serves the second from the first. */
const LONG_PREFIX = [
  {
    role: 'system',
    content:
      'You are the archivist of a lighthouse museum. Answer in one short sentence, plainly, without lists, and name the keeper when you know it.',
  },
  { role: 'user', content: 'Who kept the lighthouse in the winter of the great storm?' },
];

// Observation only: whether a deployment caches prefixes is its own choice.
const prefixCacheServesRepeat = defineCheck({
  id: 'chat-completions.prefix-cache-serves-repeat',
  ...checkIdentityOn(PAIR_RULES.prefixCacheRepeat, 'chat.create'),
  async run(ctx) {
    const sent = { messages: LONG_PREFIX, max_completion_tokens: Math.min(4, ctx.target.maxCompletionTokens) };
    const counts: number[] = [];
    let failWith: ((expected: string, actual: string) => CheckOutcome) | undefined;
    for (const what of ['a request with a long prompt', 'the same request again']) {
      const r = await answerIn(ctx, 'non-streamed', sent, what);
      if (!r.ok) return r.outcome;
      const cached = (usageOf(r.body) as { prompt_tokens_details?: { cached_tokens?: unknown } | null })
        .prompt_tokens_details?.cached_tokens;
      if (!Number.isInteger(cached))
        return skip(`${what}: usage.prompt_tokens_details.cached_tokens is ${JSON.stringify(cached)}, not reported`);
      counts.push(cached as number);
      failWith = r.failWith;
    }
    const [first, again] = counts as [number, number];
    if (again >= first) return pass([`cached_tokens ${first}, then ${again}`]);
    return failWith!(`cached_tokens at least ${first} for the same request again`, `cached_tokens ${again}`);
  },
  schedule: { maxRequests: () => 2 },
});

export const tokenChecks = [
  returnTokenIdsPerChoice,
  returnTokenIdsMatchUsage,
  tokensAsTokenIds,
  usageAddsUp,
  maxTokensBoundCompletion,
  maxTokensBoundCompletionStreamed,
  logprobsShapeAndCounts,
  logprobsShapeAndCountsStreamed,
  minTokensHonoured,
  minTokensHonouredStreamed,
  usageCountsEveryChoice,
  cachedTokensWithinPrompt,
  prefixCacheServesRepeat,
] as const;

// The non-streamed halves are imported by the variant tests.
export { logprobsShapeAndCounts };
