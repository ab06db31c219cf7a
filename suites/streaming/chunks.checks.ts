/** @module §4.1 `stream: true`, the chunks: shape, ids, roles, finish reasons, indices, usage and token ids. */
import type { ChatStreamVerdict } from '../../src/rules/chat-stream-verdict.js';
import { streamRuleCheck } from './rule-check.js';
import { skipMissingChoices } from './stream-probe.js';

const USAGE = { stream_options: { include_usage: true } };
/** Two choices (vLLM refuses n > 1 with greedy decoding, hence the temperature). */
const TWO_CHOICES = { n: 2, temperature: 0.8, ...USAGE };
const SHAPE = 'streaming.chunks-are-chat-completion-chunks';
const INDICES = 'streaming.contiguous-choice-indices';
const N = TWO_CHOICES.n;
/** No choice ever arrived: a per-choice rule has nothing to judge. */
const NO_CHOICE = {
  when: (v: ChatStreamVerdict) => v.choices.length === 0,
  nothing: 'no chunk carried a choice',
  reportedBy: [INDICES, SHAPE],
};

export const chunkChecks = [
  // A stream with no chunk at all fails here: the judge reports it under this rule.
  streamRuleCheck({
    id: SHAPE,
    request: TWO_CHOICES,
    rule: 'chunk-shape',
    expected: 'at least one chat.completion.chunk, and only chat.completion.chunk objects, each naming its model',
  }),
  streamRuleCheck({
    id: 'streaming.one-id-across-chunks',
    request: TWO_CHOICES,
    rule: 'one-id',
    expected: 'one id across all chunks',
    absent: { when: (v) => v.objectChunks === 0, nothing: 'the stream carried no chunk object', reportedBy: [SHAPE] },
    notes: (probe) => [`${probe.verdict.objectChunks} chunks share the id ${JSON.stringify(probe.verdict.id)}`],
  }),
  streamRuleCheck({
    id: 'streaming.role-in-first-delta',
    request: TWO_CHOICES,
    rule: 'role-first',
    expected: 'delta.role "assistant" in the first chunk of each choice',
    absent: NO_CHOICE,
    unjudged: (probe) => skipMissingChoices(probe, N, 'the first delta', INDICES),
  }),
  streamRuleCheck({
    id: 'streaming.one-finish-reason-per-choice',
    request: TWO_CHOICES,
    rule: 'one-finish',
    expected: 'exactly one finish_reason per choice, on its last chunk',
    absent: NO_CHOICE,
    unjudged: (probe) => skipMissingChoices(probe, N, 'the finish_reasons', INDICES),
  }),
  streamRuleCheck({
    id: INDICES,
    request: { ...TWO_CHOICES, n: 3 },
    rule: 'indices',
    expected: 'choice indices 0, 1, 2 (n: 3) and no other',
  }),
  // docs/conventions.md: with stream_options.include_usage a final chunk with choices: [] carries usage.
  streamRuleCheck({
    id: 'streaming.usage-chunk-last-and-adds-up',
    request: TWO_CHOICES,
    rule: 'usage',
    expected: 'a usage chunk (choices: []) last before [DONE], adding up',
  }),
  // docs/conventions.md: vLLM sends usage only as stream_options asks (a client reading choices[0]
  // of every chunk breaks on a usage chunk it did not ask for).
  streamRuleCheck({
    id: 'streaming.no-usage-unless-asked',
    request: { n: 2, temperature: 0.8 },
    rule: 'usage-unasked',
    expected: 'no chunk with usage: stream_options asked for none',
    absent: { when: (v) => v.objectChunks === 0, nothing: 'the stream carried no chunk object', reportedBy: [SHAPE] },
  }),
  // §4.1 return_token_ids: "In streaming mode prompt_token_ids appears only in the first chunk and
  // token_ids holds the delta tokens of each chunk."
  streamRuleCheck({
    id: 'streaming.return-token-ids-deltas',
    request: { return_token_ids: true },
    rule: 'token-ids',
    expected: 'prompt_token_ids only in the first chunk; token_ids with every content delta',
  }),
  // §4.1 lists stream_options.continuous_usage_stats without saying what it does; vLLM puts the
  // running usage on every chunk (its tests assert completion_tokens grows chunk by chunk).
  streamRuleCheck({
    id: 'streaming.continuous-usage-non-decreasing',
    request: { stream_options: { include_usage: true, continuous_usage_stats: true } },
    rule: 'continuous-usage',
    expected: 'usage with a non-decreasing completion_tokens on every chunk that carries choices',
    absent: NO_CHOICE,
  }),
] as const;
