/**
 * @module §4.1 `stream: true`, the chunks: chat.completion.chunk objects naming their model and
 * sharing one id, the role in each choice's first delta, one finish_reason per choice, contiguous
 * choice indices, the usage chunk of `stream_options.include_usage`, continuous usage, and (§4.1,
 * stated) `return_token_ids` in streaming mode. Only the last is MUST: the chunk shape is "not
 * shown" in §4.1, so the rest is convention. Each is a row of `streamRuleCheck`.
 */
import type { ChatStreamVerdict } from '../../src/rules/chat-stream-verdict.js';
import { streamRuleCheck } from './rule-check.js';
import { skipMissingChoices } from './stream-probe.js';

const USAGE = { stream_options: { include_usage: true } };
/** Two choices (vLLM refuses n > 1 with greedy decoding, hence the temperature). */
const TWO_CHOICES = { n: 2, temperature: 0.8, ...USAGE };
/** The checks that report a stream without chunks or choices (a skip below names them). */
const SHAPE = 'streaming.chunks-are-chat-completion-chunks';
const INDICES = 'streaming.contiguous-choice-indices';
/** Choices asked for by the per-choice rules: a second choice is what they judge beyond choice 0. */
const N = TWO_CHOICES.n;
/** No choice ever arrived: a per-choice rule has nothing to judge. */
const NO_CHOICE = {
  when: (v: ChatStreamVerdict) => v.choices.length === 0,
  nothing: 'no chunk carried a choice',
  reportedBy: [INDICES, SHAPE],
};

export const chunkChecks = [
  // A stream with no chunk at all (an HTML page with 200, [DONE] alone) is a FAIL here, not a
  // vacuous pass: the judge reports it under this rule, since the answer itself breaks it.
  streamRuleCheck({
    id: SHAPE,
    request: TWO_CHOICES,
    rule: 'chunk-shape',
    expected: 'at least one chat.completion.chunk, and only chat.completion.chunk objects, each naming its model',
  }),
  // No chunk object, no id to compare: SKIP, not pass. The absence of chunks breaks the shape rule,
  // not this one (no two chunks disagree), and chunks-are-chat-completion-chunks fails on it.
  streamRuleCheck({
    id: 'streaming.one-id-across-chunks',
    request: TWO_CHOICES,
    rule: 'one-id',
    expected: 'one id across all chunks',
    absent: { when: (v) => v.objectChunks === 0, nothing: 'the stream carried no chunk object', reportedBy: [SHAPE] },
    notes: (probe) => [`${probe.verdict.objectChunks} chunks share the id ${JSON.stringify(probe.verdict.id)}`],
  }),
  // No choice ever arrived, so there is no first delta: SKIP, not pass. Only some of the n: 2
  // arrived (a server that ignores n): the others' first deltas were never judged, SKIP too. The
  // missing choices are contiguous-choice-indices' failure (and chunks-are-chat-completion-chunks'
  // when no chunk came).
  streamRuleCheck({
    id: 'streaming.role-in-first-delta',
    request: TWO_CHOICES,
    rule: 'role-first',
    expected: 'delta.role "assistant" in the first chunk of each choice',
    absent: NO_CHOICE,
    unjudged: (probe) => skipMissingChoices(probe, N, 'the first delta', INDICES),
  }),
  // A choice that got chunks but no finish_reason fails here (the judge reports it). When no choice
  // arrived at all there is no choice to count finishes of, and when only some of the n: 2 did the
  // others' finishes were never counted: SKIP, not pass.
  streamRuleCheck({
    id: 'streaming.one-finish-reason-per-choice',
    request: TWO_CHOICES,
    rule: 'one-finish',
    expected: 'exactly one finish_reason per choice, on its last chunk',
    absent: NO_CHOICE,
    unjudged: (probe) => skipMissingChoices(probe, N, 'the finish_reasons', INDICES),
  }),
  // Never vacuous: a stream without chunks lacks every requested index, which the judge reports as
  // a FAIL of this rule ("no chunk for choice index i").
  streamRuleCheck({
    id: INDICES,
    request: { ...TWO_CHOICES, n: 3 },
    rule: 'indices',
    expected: 'choice indices 0, 1, 2 (n: 3) and no other',
  }),
  // docs/conventions.md: with stream_options.include_usage a final chunk with choices: [] carries
  // usage. Some hosted deployments send it without being asked: judged the same way. Never vacuous:
  // include_usage is sent, so a stream without a usage chunk is a FAIL of this rule.
  streamRuleCheck({
    id: 'streaming.usage-chunk-last-and-adds-up',
    request: TWO_CHOICES,
    rule: 'usage',
    expected: 'a usage chunk (choices: []) last before [DONE], adding up',
  }),
  // §4.1 return_token_ids: "In streaming mode prompt_token_ids appears only in the first chunk and
  // token_ids holds the delta tokens of each chunk." The interface states it: MUST. Never vacuous:
  // prompt_token_ids is required in the first chunk.
  streamRuleCheck({
    id: 'streaming.return-token-ids-deltas',
    request: { return_token_ids: true },
    rule: 'token-ids',
    expected: 'prompt_token_ids only in the first chunk; token_ids with every content delta',
  }),
  // §4.1 lists stream_options.continuous_usage_stats without saying what it does; vLLM puts the
  // running usage on every chunk (its tests assert completion_tokens grows chunk by chunk). A server
  // that accepts the field and ignores it fails: that is the control.
  streamRuleCheck({
    id: 'streaming.continuous-usage-non-decreasing',
    request: { stream_options: { include_usage: true, continuous_usage_stats: true } },
    rule: 'continuous-usage',
    expected: 'usage with a non-decreasing completion_tokens on every chunk that carries choices',
    absent: NO_CHOICE,
  }),
] as const;
