/**
 * @module §4.1 semantics of tokens: `return_token_ids`, `return_tokens_as_token_ids`, usage
 * accounting, the completion budget (`max_completion_tokens`, deprecated `max_tokens`, §9),
 * `logprobs`/`top_logprobs`, and `min_tokens`. Every check is a property of whatever the model
 * generated, never of the text itself.
 */
import { defineCheck } from '../../src/core/check.js';
import { fail, pass, skip } from '../../src/core/result.js';
import {
  completionBoundBreach,
  minTokensBreach,
  tokenIdsMatchUsageBreach,
  tokenIdsPerChoiceBreach,
  usageBreach,
} from '../../src/rules/chat-answer.js';
import { logprobsEntryCount, logprobsShapeBreach, tokensAsTokenIdsBreach } from '../../src/rules/chat-logprobs.js';
import { expectCompletion, sendChat, type Completion } from './chat-exchange.js';
import { answerIn, inBothModes } from './in-mode.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOf } from '../../src/rules/rule.js';
import { ANSWER_RULES } from '../../src/rules/answer-rules.js';

const usageOf = (body: Completion) =>
  body.usage as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };

// §4.1 return_token_ids: "When specified, token IDs are included with the text." The response
// table gives them their place: `token_ids` on each choice.
export const returnTokenIdsPerChoice = defineCheck({
  id: 'chat-completions.return-token-ids-per-choice',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.tokenIdsPerChoice, 'chat.create'),
  async run(ctx) {
    const ex = await sendChat(ctx, { return_token_ids: true });
    const r = expectCompletion(ctx, ex, 'a request with return_token_ids: true');
    if (!r.ok) return r.outcome;
    // The judgement is src/rules/chat-answer.ts', as the proxy's token-ids-per-choice rule judges it.
    const breach = tokenIdsPerChoiceBreach({ return_token_ids: true }, r.body);
    if (breach)
      return fail({
        expected: 'every choice has token_ids, the integer ids of its generated tokens',
        actual: breach,
        exchange: ex,
      });
    return pass();
  },
});

// vLLM with return_token_ids: top-level `prompt_token_ids` (one id per prompt token) and per-choice
// `token_ids` (one id per completion token). The counts tie them to usage.
const returnTokenIdsMatchUsage = defineCheck({
  id: 'chat-completions.return-token-ids-match-usage',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.tokenIdsMatchUsage, 'chat.create'),
  async run(ctx) {
    const ex = await sendChat(ctx, { return_token_ids: true, n: 2, temperature: 0.8 });
    const r = expectCompletion(ctx, ex, 'a request with return_token_ids: true, n: 2');
    if (!r.ok) return r.outcome;
    // The judgement is src/rules/chat-answer.ts', as the proxy's token-ids-match-usage rule judges it.
    const breach = tokenIdsMatchUsageBreach({ return_token_ids: true, n: 2 }, r.body);
    if (breach)
      return fail({
        expected:
          'prompt_token_ids: usage.prompt_tokens integer ids, and token_ids of the choices adding up to usage.completion_tokens',
        actual: breach,
        exchange: ex,
      });
    return pass();
  },
});

/** The check that judges whether logprobs: true gives one logprobs entry per generated token. */
const LOGPROBS_OWNER = 'chat-completions.logprobs-shape-and-counts';

// §4.1 return_tokens_as_token_ids: "When specified together with `logprobs`, tokens are given as
// strings of the form `token_id:<token_id>`." That covers the alternatives in top_logprobs too. The
// subject is the form of the tokens, given logprobs: an answer without logprobs entries (logprobs
// ignored, or nothing generated) has no token to judge, and logprobs-shape-and-counts reports it.
export const tokensAsTokenIds = defineCheck({
  id: 'chat-completions.tokens-as-token-ids',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.tokensAsTokenIds, 'chat.create'),
  async run(ctx) {
    const ex = await sendChat(ctx, { logprobs: true, top_logprobs: 2, return_tokens_as_token_ids: true });
    const r = expectCompletion(ctx, ex, 'a request with logprobs and return_tokens_as_token_ids');
    if (!r.ok) return r.outcome;
    // The judgement is src/rules/chat-logprobs.ts', as the proxy's tokens-as-token-ids rule judges it.
    const breach = tokensAsTokenIdsBreach(
      { logprobs: true, top_logprobs: 2, return_tokens_as_token_ids: true },
      r.body,
    );
    if (breach) return fail({ expected: 'tokens written token_id:<id>', actual: breach, exchange: ex });
    let judged = 0;
    const without: string[] = [];
    for (const c of r.body.choices) {
      const content = (c.logprobs as { content?: unknown } | null | undefined)?.content;
      if (!Array.isArray(content) || content.length === 0)
        without.push(`choice ${String(c.index)} has logprobs ${JSON.stringify(c.logprobs)}`);
      else judged++;
    }
    if (without.length === 0) return pass();
    // The control: the same request without return_tokens_as_token_ids. If it carries logprobs,
    // the field itself took them away, which breaks this rule; if not, logprobs are missing
    // whatever is asked, which is logprobs-shape-and-counts' finding, not this one's.
    const control = await sendChat(ctx, { logprobs: true, top_logprobs: 2 });
    const rc = expectCompletion(ctx, control, 'a request with logprobs (control, without return_tokens_as_token_ids)');
    if (!rc.ok) return rc.outcome;
    const controlHas = rc.body.choices.some((c) => {
      const content = (c.logprobs as { content?: unknown } | null | undefined)?.content;
      return Array.isArray(content) && content.length > 0;
    });
    if (controlHas)
      return fail({
        expected:
          'the logprobs tokens of each choice given as token_id:<id> (logprobs came without return_tokens_as_token_ids)',
        actual: `with return_tokens_as_token_ids, ${without.join(', ')}`,
        exchange: ex,
      });
    return skip(
      `no logprobs to judge: logprobs: true was sent, with or without return_tokens_as_token_ids, and ${without.join(', ')}${judged ? ` (the tokens of the other ${judged} choice(s) are token_id:<id>)` : ''}; see ${LOGPROBS_OWNER}`,
    );
  },
});

// docs/conventions.md: "usage total_tokens = prompt_tokens + completion_tokens" (OpenAI usage accounting).
const usageAddsUp = defineCheck({
  id: 'chat-completions.usage-adds-up',
  operation: 'chat.create',
  ...checkIdentityOf(ANSWER_RULES.usageAddsUp, 'chat.create'),
  async run(ctx) {
    for (const extra of [{}, { n: 2, temperature: 0.8 }]) {
      const ex = await sendChat(ctx, extra);
      const r = expectCompletion(ctx, ex, `a request with ${JSON.stringify(extra)}`);
      if (!r.ok) return r.outcome;
      const breach = usageBreach(r.body.usage);
      if (breach)
        return fail({
          expected: 'total_tokens = prompt_tokens + completion_tokens (non-negative integers)',
          actual: breach,
          exchange: ex,
        });
    }
    return pass();
  },
});

const LONG_ANSWER = [{ role: 'user', content: 'Write a long story about a lighthouse keeper, in many sentences.' }];

// §4.1/§9: max_completion_tokens and the deprecated max_tokens are "the same purpose": a bound on
// the completion. That the bound is on usage.completion_tokens and that reaching it is reported as
// finish_reason "length" is the OpenAI convention (§4.1 shows only "stop"). ignore_eos keeps the
// model from ending early, so the bound is reached whenever the server honours it.
// Checked in both modes (in a stream, the usage of the include_usage chunk).
const [maxTokensBoundCompletion, maxTokensBoundCompletionStreamed] = inBothModes({
  id: 'chat-completions.max-tokens-bound-completion',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.completionBound, 'chat.create'),
  async run(ctx, mode) {
    const cap = ctx.target.maxCompletionTokens;
    for (const field of ['max_completion_tokens', 'max_tokens']) {
      for (const max of [...new Set([1, Math.min(4, cap)])]) {
        const extra = { messages: LONG_ANSWER, max_completion_tokens: undefined, [field]: max, ignore_eos: true };
        const a = await answerIn(ctx, mode, extra, `a request with ${field}: ${max}`);
        if (!a.ok) return a.outcome;
        // The judgement is src/rules/chat-answer.ts', as the proxy's completion-bound rule judges it.
        const breach = completionBoundBreach(extra, a.body);
        if (breach)
          return a.failWith(
            `usage.completion_tokens <= ${max} (${field}), and finish_reason "length" when the bound is reached (ignore_eos)`,
            breach,
          );
      }
    }
    return pass();
  },
});

// §4.1 gives the shape of choice.logprobs (content[]: token, logprob, bytes, top_logprobs[]); the
// counts (one entry per generated token, exactly top_logprobs alternatives each) and logprob <= 0
// are the OpenAI logprobs convention.
const [logprobsShapeAndCounts, logprobsShapeAndCountsStreamed] = inBothModes({
  id: 'chat-completions.logprobs-shape-and-counts',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.logprobsShape, 'chat.create'),
  async run(ctx, mode) {
    let entries = 0;
    for (const k of [0, 3]) {
      const r = await answerIn(
        ctx,
        mode,
        { logprobs: true, top_logprobs: k },
        `a request with logprobs: true, top_logprobs: ${k}`,
      );
      if (!r.ok) return r.outcome;
      // The judgement is src/rules/chat-logprobs.ts', as the proxy's logprobs-shape rule judges it.
      const breach = logprobsShapeBreach({ logprobs: true, top_logprobs: k }, r.body);
      if (breach)
        return r.failWith(
          `each choice: logprobs.content with one entry per generated token, each a token string, logprob <= 0, bytes, ${k} top_logprobs`,
          breach,
        );
      entries += logprobsEntryCount(r.body);
    }
    // Both answers generated no token (so no entry, consistently): the entry shape and the
    // top_logprobs count were never judged. SKIP, not pass; the target broke nothing counted here.
    if (entries === 0)
      return skip(
        'neither answer carried a logprobs entry (no token generated): the shape of an entry could not be judged',
      );
    return pass();
  },
  schedule: { maxRequests: () => 2 },
});

// §4.1 lists min_tokens (default 0) without more. vLLM: no end-of-sequence, stop token or stop
// string ends the output before min_tokens tokens. A stop string that would otherwise end the
// output at once (" ") makes the bound visible.
export const [minTokensHonoured, minTokensHonouredStreamed] = inBothModes({
  id: 'chat-completions.min-tokens-honoured',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.minTokens, 'chat.create'),
  async run(ctx, mode) {
    const cap = ctx.target.maxCompletionTokens;
    const m = Math.min(4, cap);
    const base = { messages: LONG_ANSWER, max_completion_tokens: cap, stop: [' '] };
    // The control: without min_tokens the stop string must end the output before m tokens, or a
    // server whose completions are always long (or always the same length) would pass for nothing.
    const control = await answerIn(ctx, mode, base, 'the request without min_tokens (control)');
    if (!control.ok) return control.outcome;
    const early = usageOf(control.body).completion_tokens;
    if (typeof early !== 'number' || early >= m) {
      return skip(
        `the control without min_tokens generated ${String(early)} token(s), not fewer than ${m}: the stop string " " did not end it early, so min_tokens cannot be shown to act`,
      );
    }
    const sent = { ...base, min_tokens: m };
    const r = await answerIn(ctx, mode, sent, `a request with min_tokens: ${m}`);
    if (!r.ok) return r.outcome;
    // The judgement is src/rules/chat-answer.ts', as the proxy's min-tokens rule judges it.
    const breach = minTokensBreach(sent, r.body);
    if (breach)
      return r.failWith(
        `usage.completion_tokens >= ${m} (min_tokens), the stop string " " notwithstanding (without min_tokens: ${early})`,
        breach,
      );
    return pass();
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
] as const;

// The non-streamed halves are imported by the variant tests.
export { logprobsShapeAndCounts };
