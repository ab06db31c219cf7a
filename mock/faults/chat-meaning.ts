/** @module Planted faults for the chat-completions checks of meaning (echo, usage, logprobs, stop strings). */
import { chatBody, ignoreChatField, isChat, type Json, rewriteChatWhen, rewriteJsonAnswer } from './rewrite.js';
import { faultTable, type Fault } from './types.js';
import type { MockRequest } from '../types.js';

type LogprobsChoice = Json & { logprobs?: { content?: Json[] } | null };
type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
type Answer = Json & { choices?: LogprobsChoice[]; usage?: Usage & { prompt_tokens_details?: Json | null } };

/** An `after` that rewrites a copy of a chat answer's JSON body. */
const rewriteAnswer = (rewrite: (body: Answer, req: MockRequest) => void) => rewriteJsonAnswer<Answer>(isChat, rewrite);

const entriesOf = (choices: readonly LogprobsChoice[] | undefined): Json[] =>
  (choices ?? []).flatMap((c) => c.logprobs?.content ?? []);

/** The logprobs tokens of a choice replaced by tokens that are not its text. */
export function scrambleTokens(choice: LogprobsChoice | undefined): void {
  for (const [i, e] of (choice?.logprobs?.content ?? []).entries()) e.token = `<t${i}>`;
}

export const chatMeaningFaults: readonly Fault[] = faultTable({
  'chat-completions.always-echoes': {
    description: "The last message is echoed in front of the content whenever it is the assistant's, echo or not.",
    breaks: ['chat-completions.echo-prepends-last-message', 'chat-completions.echo-prepends-last-message.streamed'],
    before: rewriteChatWhen(
      (b) => Array.isArray(b.messages) && (b.messages.at(-1) as Json | undefined)?.role === 'assistant',
      (b) => (b.echo = true),
    ),
  },
  'chat-completions.completion-tokens-of-one-choice': {
    description:
      'With n > 1, usage.completion_tokens counts one choice only (total adjusted), as an engine that reports the last sequence.',
    breaks: ['chat-completions.usage-counts-every-choice'],
    after: rewriteAnswer((body) => {
      const n = body.choices?.length ?? 1;
      if (n <= 1 || !body.usage) return;
      body.usage.completion_tokens = Math.ceil(body.usage.completion_tokens / n);
      body.usage.total_tokens = body.usage.prompt_tokens + body.usage.completion_tokens;
    }),
  },
  'chat-completions.cached-tokens-over-prompt': {
    description: 'usage.prompt_tokens_details.cached_tokens reports more tokens than the prompt has.',
    breaks: ['chat-completions.cached-tokens-within-prompt'],
    after: rewriteAnswer((body) => {
      if (body.usage) body.usage.prompt_tokens_details = { cached_tokens: body.usage.prompt_tokens + 16 };
    }),
  },
  'chat-completions.cached-tokens-on-miss-only': {
    description:
      'cached_tokens is reported for a prompt never seen and 0 for a repeat: the prefix cache reported backwards.',
    breaks: ['chat-completions.prefix-cache-serves-repeat'],
    after: rewriteAnswer((body) => {
      const u = body.usage;
      if (!u || typeof u.prompt_tokens_details?.cached_tokens !== 'number') return;
      const hit = u.prompt_tokens_details.cached_tokens > 0;
      u.prompt_tokens_details = { cached_tokens: hit ? 0 : Math.floor((u.prompt_tokens - 1) / 16) * 16 };
    }),
  },
  'chat-completions.prompt-tokens-per-choice': {
    description: 'With n > 1, usage.prompt_tokens counts the prompt once per choice (total adjusted).',
    breaks: ['chat-completions.prompt-tokens-once-for-n'],
    after: rewriteAnswer((body, req) => {
      const n = chatBody(req)?.n;
      if (typeof n !== 'number' || n <= 1 || !body.usage) return;
      body.usage.prompt_tokens *= n;
      body.usage.total_tokens = body.usage.prompt_tokens + body.usage.completion_tokens;
    }),
  },
  'chat-completions.logprobs-tokens-unrelated': {
    description: 'Non-streamed logprobs.content tokens are placeholders, not the generated text.',
    breaks: ['chat-completions.logprobs-tokens-join-to-content'],
    after: rewriteAnswer((body) => body.choices?.forEach(scrambleTokens)),
  },
  'chat-completions.top-logprobs-unsorted': {
    description: 'top_logprobs are listed least likely first.',
    breaks: ['chat-completions.logprobs-bytes-and-order'],
    after: rewriteAnswer((body) =>
      entriesOf(body.choices).forEach((e) => {
        if (Array.isArray(e.top_logprobs)) e.top_logprobs.reverse();
      }),
    ),
  },
  'chat-completions.logprobs-bytes-not-utf8': {
    description:
      "logprobs bytes are not the token's UTF-8 (each code point shifted by one, as a broken detokenizer would).",
    breaks: ['chat-completions.logprobs-bytes-and-order'],
    after: rewriteAnswer((body) =>
      entriesOf(body.choices).forEach((e) => {
        e.bytes = [...String(e.token)].map((ch) => ch.codePointAt(0)! + 1);
      }),
    ),
  },
  'chat-completions.stop-reason-wrong': {
    description: 'An output cut by a stop string reports finish_reason "length" and stop_reason null.',
    breaks: ['chat-completions.stop-strings-honoured'],
    after: rewriteAnswer((body) =>
      body.choices?.forEach((c) => {
        if (typeof c.stop_reason !== 'string') return;
        c.finish_reason = 'length';
        c.stop_reason = null;
      }),
    ),
  },
  'chat-completions.stop-strings-ignored': {
    description: 'Stop strings are ignored: every answer runs to the token bound (a constant length).',
    breaks: ['chat-completions.stop-strings-honoured'],
    before: ignoreChatField('stop'),
  },
});
