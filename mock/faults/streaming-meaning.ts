/** @module Planted faults for the streaming checks of meaning (logprobs, usage, token ids, error events). */
import { chatBody, DONE_EVENT, rewriteChunks, rewriteEvents, sseFrame, type Json } from './rewrite.js';
import { scrambleTokens } from './chat-meaning.js';
import { faultTable, type Fault } from './types.js';
import { is4xx } from '../../src/core/values.js';

type LogprobsChoice = Json & { logprobs?: { content?: Json[] } | null };
type UsageChunk = { choices?: unknown[]; usage?: { completion_tokens: number } & Json };

export const streamingMeaningFaults: readonly Fault[] = faultTable({
  'streaming.logprobs-tokens-unrelated-streamed': {
    description: 'Streamed logprobs.content tokens are placeholders, not the generated text.',
    breaks: ['chat-completions.logprobs-tokens-join-to-content.streamed'],
    after: rewriteChunks<{ choices?: LogprobsChoice[] }>((chunk) => {
      for (const c of chunk.choices ?? []) scrambleTokens(c);
      return chunk;
    }),
  },
  'streaming.stream-errors-as-events': {
    description: 'A streamed request the server refuses is answered 200 with an error event and [DONE].',
    breaks: ['streaming.pre-generation-error-is-http-4xx'],
    after: (req, res) =>
      chatBody(req)?.stream === true && is4xx(res.status)
        ? {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
            stream: (async function* () {
              yield sseFrame(res.json);
              yield DONE_EVENT;
            })(),
          }
        : res,
  },
  'streaming.continuous-usage-ignored': {
    description: 'stream_options.continuous_usage_stats is accepted and ignored: usage only in the final chunk.',
    breaks: ['streaming.continuous-usage-non-decreasing'],
    after: rewriteChunks<UsageChunk>((chunk) => {
      if (chunk.choices?.length) delete chunk.usage;
      return chunk;
    }),
  },
  'streaming.continuous-usage-counts-down': {
    description:
      'With continuous_usage_stats, each chunk reports the tokens left to the bound, not those generated: the count goes down.',
    breaks: ['streaming.continuous-usage-non-decreasing'],
    after: rewriteChunks<UsageChunk>((chunk, i) => {
      if (chunk.choices?.length && chunk.usage) chunk.usage.completion_tokens = Math.max(0, 64 - i);
      return chunk;
    }),
  },
  'streaming.streamed-token-ids-doubled': {
    description: 'Each streamed content chunk repeats its token_ids twice (a detokenizer that re-sends its window).',
    breaks: ['streaming.token-count-matches-non-streamed'],
    after: rewriteChunks<{ choices?: (Json & { token_ids?: number[] | null })[] }>((chunk) => {
      for (const c of chunk.choices ?? [])
        if (Array.isArray(c.token_ids)) c.token_ids = [...c.token_ids, ...c.token_ids];
      return chunk;
    }),
  },
  'streaming.old-style-error-event': {
    description:
      'A stream breaks off with the older vLLM flat error payload `{"object": "error", ...}` after the first chunk.',
    breaks: ['streaming.no-error-event'],
    after: rewriteEvents((event, i) =>
      i === 1
        ? [
            event,
            sseFrame({
              object: 'error',
              message: 'The engine died',
              type: 'InternalServerError',
              param: null,
              code: 500,
            }),
          ]
        : event,
    ),
  },
});
