/**
 * @module §4.1 `stream: true`, the chunks: chat.completion.chunk objects sharing one id, the role in
 * each choice's first delta, one finish_reason per choice, contiguous choice indices, the usage
 * chunk of `stream_options.include_usage`, and (§4.1, stated) `return_token_ids` in streaming mode.
 * Only the last is MUST: the chunk shape is "not shown" in §4.1, so the rest is convention.
 */
import { defineCheck } from '../../src/core/check.js';
import { pass } from '../../src/core/result.js';
import { failOnRule, isProbe, probeChatStream, skipWhenAbsent } from './stream-probe.js';

const CHUNK_CONVENTION = 'OpenAI chat.completion.chunk streaming format';
const USAGE = { stream_options: { include_usage: true } };
/** Two choices (vLLM refuses n > 1 with greedy decoding, hence the temperature). */
const TWO_CHOICES = { n: 2, temperature: 0.8, ...USAGE };
/** The checks that report a stream without chunks or choices (a skip below names them). */
const SHAPE = 'streaming.chunks-are-chat-completion-chunks';
const INDICES = 'streaming.contiguous-choice-indices';

const chunksAreChatCompletionChunks = defineCheck({
  id: 'streaming.chunks-are-chat-completion-chunks',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'The stream is made of chat.completion.chunk objects (object "chat.completion.chunk", choices with index and delta): at least one, and every JSON payload one.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, TWO_CHOICES);
    if (!isProbe(probe)) return probe;
    // A stream with no chunk at all (an HTML page with 200, [DONE] alone) is a FAIL here, not a
    // vacuous pass: the judge reports it under this rule, since the answer itself breaks it.
    return failOnRule(probe, 'chunk-shape', 'at least one chat.completion.chunk, and only chat.completion.chunk objects') ?? pass();
  },
});

const oneIdAcrossChunks = defineCheck({
  id: 'streaming.one-id-across-chunks',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'Every chunk of a stream carries the same id.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, TWO_CHOICES);
    if (!isProbe(probe)) return probe;
    // No chunk object, no id to compare: SKIP, not pass. The absence of chunks breaks the shape
    // rule, not this one (no two chunks disagree), and chunks-are-chat-completion-chunks fails on it.
    return (
      failOnRule(probe, 'one-id', 'one id across all chunks') ??
      skipWhenAbsent(probe, probe.verdict.objectChunks === 0, 'the stream carried no chunk object', [SHAPE]) ??
      pass([`${probe.verdict.objectChunks} chunks share the id ${JSON.stringify(probe.verdict.id)}`])
    );
  },
});

const roleInFirstDelta = defineCheck({
  id: 'streaming.role-in-first-delta',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'The first delta of each choice carries role "assistant".',
  async run(ctx) {
    const probe = await probeChatStream(ctx, TWO_CHOICES);
    if (!isProbe(probe)) return probe;
    // No choice ever arrived, so there is no first delta: SKIP, not pass. The missing choices are
    // contiguous-choice-indices' failure (and chunks-are-chat-completion-chunks' when no chunk came).
    return (
      failOnRule(probe, 'role-first', 'delta.role "assistant" in the first chunk of each choice') ??
      skipWhenAbsent(probe, probe.verdict.choices.length === 0, 'no chunk carried a choice', [INDICES, SHAPE]) ??
      pass()
    );
  },
});

const oneFinishReasonPerChoice = defineCheck({
  id: 'streaming.one-finish-reason-per-choice',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'Each choice gets exactly one non-null finish_reason, on its last chunk.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, TWO_CHOICES);
    if (!isProbe(probe)) return probe;
    // A choice that got chunks but no finish_reason fails here (the judge reports it). When no
    // choice arrived at all there is no choice to count finishes of: SKIP, not pass; the missing
    // choices are contiguous-choice-indices' failure.
    return (
      failOnRule(probe, 'one-finish', 'exactly one finish_reason per choice, on its last chunk') ??
      skipWhenAbsent(probe, probe.verdict.choices.length === 0, 'no chunk carried a choice', [INDICES, SHAPE]) ??
      pass()
    );
  },
});

const contiguousChoiceIndices = defineCheck({
  id: 'streaming.contiguous-choice-indices',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'With n choices, the chunks carry exactly the choice indices 0..n-1, each an integer, none twice in one chunk.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, { ...TWO_CHOICES, n: 3 });
    if (!isProbe(probe)) return probe;
    // Never vacuous: a stream without chunks lacks every requested index, which the judge reports
    // as a FAIL of this rule ("no chunk for choice index i").
    return failOnRule(probe, 'indices', 'choice indices 0, 1, 2 (n: 3) and no other') ?? pass();
  },
});

// docs/conventions.md: "with stream_options.include_usage a final chunk with choices: [] carries usage".
// Some hosted deployments send it without being asked: judged the same way, never a failure alone.
const usageChunkLastAndAddsUp = defineCheck({
  id: 'streaming.usage-chunk-last-and-adds-up',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CHUNK_CONVENTION,
  requirement: 'With stream_options.include_usage, one chunk with empty choices carries usage as the last chunk before [DONE], and total_tokens = prompt_tokens + completion_tokens.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, TWO_CHOICES);
    if (!isProbe(probe)) return probe;
    // Never vacuous: include_usage is sent, so a stream without a usage chunk (without any chunk)
    // is a FAIL of this rule.
    return failOnRule(probe, 'usage', 'a usage chunk (choices: []) last before [DONE], adding up') ?? pass();
  },
});

// §4.1 return_token_ids: "In streaming mode prompt_token_ids appears only in the first chunk and
// token_ids holds the delta tokens of each chunk." The interface states it: MUST.
const streamedTokenIds = defineCheck({
  id: 'streaming.return-token-ids-deltas',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: 'With return_token_ids in streaming mode, prompt_token_ids is in the first chunk and no other, and every chunk whose delta has content carries its token_ids.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, { return_token_ids: true });
    if (!isProbe(probe)) return probe;
    // Never vacuous: prompt_token_ids is required in the first chunk, so a stream without a chunk
    // object is a FAIL of this rule (the judge reports it).
    return failOnRule(probe, 'token-ids', 'prompt_token_ids only in the first chunk; token_ids with every content delta') ?? pass();
  },
});

// §4.1 lists stream_options.continuous_usage_stats without saying what it does; vLLM puts the
// running usage on every chunk (its tests assert completion_tokens grows chunk by chunk). A server
// that accepts the field and ignores it fails: that is the control.
const continuousUsageNonDecreasing = defineCheck({
  id: 'streaming.continuous-usage-non-decreasing',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM stream_options.continuous_usage_stats: cumulative usage on every chunk (vLLM streaming usage tests)',
  requirement: 'With stream_options.continuous_usage_stats, every chunk with choices carries usage whose completion_tokens never decreases, and the final usage is not below it.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, { stream_options: { include_usage: true, continuous_usage_stats: true } });
    if (!isProbe(probe)) return probe;
    return (
      failOnRule(probe, 'continuous-usage', 'usage with a non-decreasing completion_tokens on every chunk that carries choices') ??
      skipWhenAbsent(probe, probe.verdict.choices.length === 0, 'no chunk carried a choice', [INDICES, SHAPE]) ??
      pass()
    );
  },
});

export const chunkChecks = [
  chunksAreChatCompletionChunks,
  oneIdAcrossChunks,
  roleInFirstDelta,
  oneFinishReasonPerChoice,
  contiguousChoiceIndices,
  usageChunkLastAndAddsUp,
  streamedTokenIds,
  continuousUsageNonDecreasing,
] as const;
