/** @module Meaning as the servers' own tests judge it: prompt counted once with `n > 1`, logprobs true to the text. */
import { defineCheck, type CheckDefinition } from '../../src/core/check.js';
import { pass, skip } from '../../src/core/result.js';
import { logprobsBytesOrderBreach, logprobsEntryCount, logprobsJoinBreach } from '../../src/rules/chat-logprobs.js';
import { contentOf } from './chat-exchange.js';
import { answerIn, inBothModes } from './in-mode.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { CHAT_PAIR_RULES } from '../../src/rules/chat-pair-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';

const PROMPT = [{ role: 'user', content: 'Write one short sentence about rivers.' }];

const promptTokensOnceForN: CheckDefinition = defineCheck({
  id: 'chat-completions.prompt-tokens-once-for-n',
  ...checkIdentityOn(CHAT_PAIR_RULES.promptOnceForN, 'chat.create'),
  async run(ctx) {
    const a = await answerIn(ctx, 'non-streamed', { messages: PROMPT, n: 1, temperature: 0.7 }, 'a request with n: 1');
    if (!a.ok) return a.outcome;
    const b = await answerIn(
      ctx,
      'non-streamed',
      { messages: PROMPT, n: 3, temperature: 0.7 },
      'the same request with n: 3',
    );
    if (!b.ok) return b.outcome;
    // Fewer than three choices: no prompt shared by three generations to judge.
    if (b.body.choices.length !== 3)
      return skip(
        `n: 3 was answered with ${b.body.choices.length} choice(s), not 3: the prompt shared by three choices could not be judged; see chat-completions.n-choices-indexed`,
      );
    const p1 = (a.body.usage as { prompt_tokens?: unknown }).prompt_tokens;
    const p3 = (b.body.usage as { prompt_tokens?: unknown }).prompt_tokens;
    if (p1 !== p3)
      return b.failWith(
        `usage.prompt_tokens ${String(p1)} with n: 3, as with n: 1`,
        `usage.prompt_tokens ${String(p3)} with n: 3`,
      );
    return pass();
  },
  schedule: { maxRequests: () => 2 },
});

const [logprobsJoinToContent, logprobsJoinToContentStreamed] = inBothModes({
  id: 'chat-completions.logprobs-tokens-join-to-content',
  ...checkIdentityOn(CHAT_ANSWER_RULES.logprobsJoin, 'chat.create'),
  async run(ctx, mode) {
    const r = await answerIn(
      ctx,
      mode,
      { messages: PROMPT, logprobs: true, top_logprobs: 2 },
      'a request with logprobs: true',
      {
        expected: "each choice's logprobs tokens, joined, give its content",
        breach: (body) => logprobsJoinBreach({ logprobs: true, top_logprobs: 2 }, body),
      },
    );
    if (!r.ok) return r.outcome;
    const without: string[] = [];
    for (const c of r.body.choices) {
      const listed = (c.logprobs as { content?: unknown } | null | undefined)?.content;
      // No entries for a choice with content: logprobs-shape-and-counts' finding, no tokens to join.
      if (!Array.isArray(listed) || (listed.length === 0 && contentOf(c) !== ''))
        without.push(`choice ${String(c.index)} has logprobs ${JSON.stringify(c.logprobs)}`);
    }
    if (without.length)
      return skip(
        `no logprobs tokens to join: logprobs: true was sent, and ${without.join(', ')}; see chat-completions.logprobs-shape-and-counts${mode === 'streamed' ? '.streamed' : ''}`,
      );
    return pass();
  },
  schedule: { maxRequests: () => 1 },
});

const logprobsBytesAndOrder = defineCheck({
  id: 'chat-completions.logprobs-bytes-and-order',
  ...checkIdentityOn(CHAT_ANSWER_RULES.logprobsBytesOrder, 'chat.create'),
  async run(ctx) {
    const sent = { messages: PROMPT, logprobs: true, top_logprobs: 3, temperature: 1, seed: 11 };
    const r = await answerIn(ctx, 'non-streamed', sent, 'a request with logprobs: true, top_logprobs: 3', {
      expected: 'logprobs entries with UTF-8 bytes and sorted alternatives',
      breach: (body) => logprobsBytesOrderBreach({ logprobs: true, top_logprobs: 3 }, body),
    });
    if (!r.ok) return r.outcome;
    const judged = logprobsEntryCount(r.body);
    if (judged === 0)
      return skip(
        'the answer carries no logprobs.content entry to judge (logprobs-shape-and-counts reports the missing entries)',
      );
    return pass([`${judged} logprobs entries judged`]);
  },
  schedule: { maxRequests: () => 1 },
});

export const semanticChecks: readonly CheckDefinition[] = [
  promptTokensOnceForN,
  logprobsJoinToContent,
  logprobsJoinToContentStreamed,
  logprobsBytesAndOrder,
];
