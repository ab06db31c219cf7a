/**
 * @module Realistic chat completion requests (§4.1) that a vLLM server accepts: every field and
 * combination obeys the conventions' vLLM rules, token use is bounded by `maxCompletionTokens`
 * (times `n`, at most 2). Requests are made for one mode, streamed or not (§4.1 `stream`), since
 * some rules differ between the two (`stream_options`, `prompt_logprobs`).
 */
import fc from 'fast-check';
import { OPTIONAL_FIELDS, RESPONSE_FORMATS, STRUCTURED_KINDS, structuredOutputs } from './chat-fields.js';
import { conversation, prefillConversation } from './messages.js';

export type ChatMode = 'non-streamed' | 'streamed';

/** Options of {@link realisticChatRequest}. */
export interface RealisticChatOptions {
  /** The served model name; omitted from requests when unset (the server's default model). */
  model?: string;
  /** Upper bound of `max_completion_tokens` (a real target costs money); at least 1. */
  maxCompletionTokens: number;
  /** `streamed`: every request has `stream: true`. @defaultValue 'non-streamed' */
  mode?: ChatMode;
}

/** The fields whose allowed values depend on the mode (conventions, vLLM rules). */
function modeFields(mode: ChatMode): Record<string, fc.Arbitrary<unknown>> {
  return mode === 'streamed'
    ? {
        stream_options: fc.record({ include_usage: fc.boolean(), continuous_usage_stats: fc.boolean() }),
        // "prompt_logprobs > 0 with stream: true is rejected".
        prompt_logprobs: fc.constant(0),
        use_beam_search: fc.boolean(),
      }
    : {
        stream: fc.constant(false),
        // "stream_options: {} or null is accepted" without stream.
        stream_options: fc.constant({}),
        prompt_logprobs: fc.integer({ min: 0, max: 5 }),
        use_beam_search: fc.boolean(),
      };
}

/** The token-budget fields: 1..max, `min_tokens` at most the max (vLLM rule), `max_tokens` its deprecated alias (§9). */
function budgetFields(maxTokens: number): Record<string, fc.Arbitrary<unknown>> {
  return { min_tokens: fc.integer({ min: 0, max: maxTokens }), max_tokens: fc.integer({ min: 1, max: maxTokens }) };
}

/** Marks a field left out of the request. */
const ABSENT: unique symbol = Symbol('absent');

/**
 * A field present in about one request in `1 + rarity`: real clients send few fields, and drawing
 * only the present ones keeps generation fast (fc.record's optional keys are present 5 times in 6).
 */
function sometimes<T>(arb: fc.Arbitrary<T>, rarity = 4): fc.Arbitrary<T | typeof ABSENT> {
  return fc.oneof({ arbitrary: fc.constant(ABSENT), weight: rarity }, { arbitrary: arb, weight: 1 });
}

type Draft = Record<string, unknown> & { output?: Record<string, unknown>; tools?: unknown[] };

/**
 * Applies the vLLM cross-field rules (conventions) to a draft: cheaper and better distributed than
 * filtering, and each line names the rule it keeps.
 */
function obeyRules(draft: Draft): Record<string, unknown> {
  const { output, tools, ...r } = draft;
  if (output) Object.assign(r, output); // at most one of structured_outputs / response_format
  if (tools) Object.assign(r, { tools, tool_choice: 'none' }); // §4.1: `none` is the only tool_choice
  if (r.logprobs !== true) {
    delete r.top_logprobs; // top_logprobs needs logprobs: true
    delete r.return_tokens_as_token_ids; // §4.1: meaningful "together with logprobs"
  }
  if (r.temperature === 0 && typeof r.n === 'number' && r.n > 1) r.n = 1; // n > 1 with greedy decoding
  const max = r.max_completion_tokens as number;
  if (typeof r.min_tokens === 'number' && r.min_tokens > max) r.min_tokens = max; // min_tokens <= the max
  if (typeof r.max_tokens === 'number') r.max_tokens = max; // one budget, whichever field the server reads
  return r;
}

const prefillFlags = { continue_final_message: true, add_generation_prompt: false } as const;

/** Puts the conversation (and the prefill flags, which win over sampled ones: §7.2) and the model on a draft. */
function finish(
  fields: Record<string, unknown>,
  conv: { messages: unknown[]; continue_final_message?: boolean; add_generation_prompt?: boolean },
  options: RealisticChatOptions,
): Record<string, unknown> {
  const request = obeyRules({ ...fields, ...conv } as Draft);
  const streamed = options.mode === 'streamed' ? { stream: true } : {};
  return options.model === undefined ? { ...request, ...streamed } : { model: options.model, ...request, ...streamed };
}

const maxTokensOf = (options: RealisticChatOptions): number => Math.max(1, Math.floor(options.maxCompletionTokens));

/**
 * Chat completion requests a vLLM server accepts, valid against `chat/chat-completion-request` and
 * `conventions/chat-completion-request`; `max_completion_tokens` in 1..`maxCompletionTokens`. Each
 * optional field is present in about one request in five.
 *
 * @example
 * const [request] = sampleRequests(realisticChatRequest({ model: 'mock-model', maxCompletionTokens: 16 }), 42, 1);
 */
export function realisticChatRequest(options: RealisticChatOptions): fc.Arbitrary<Record<string, unknown>> {
  const maxTokens = maxTokensOf(options);
  const fields = { ...budgetFields(maxTokens), ...OPTIONAL_FIELDS, ...modeFields(options.mode ?? 'non-streamed') };
  const optional = Object.fromEntries(
    Object.entries(fields).map(([k, arb]) => [k, sometimes(arb as fc.Arbitrary<unknown>)]),
  );
  const body = fc.record({
    // §7.2: continue_final_message never together with add_generation_prompt.
    messages: fc.oneof(
      { arbitrary: conversation(3).map((messages) => ({ messages })), weight: 9 },
      { arbitrary: prefillConversation().map((messages) => ({ messages, ...prefillFlags })), weight: 1 },
    ),
    max_completion_tokens: fc.integer({ min: 1, max: maxTokens }),
    ...optional,
  });
  return body.map(({ messages, ...drawn }) => {
    const present = Object.fromEntries(
      Object.entries(drawn as Record<string, unknown>).filter(([, v]) => v !== ABSENT),
    );
    return finish(present, messages as { messages: unknown[] }, options);
  });
}

/** The ways of constraining output, one request each: every structured-output kind and every response_format type. */
const OUTPUT_VARIANTS: readonly fc.Arbitrary<Record<string, unknown>>[] = [
  ...(Object.keys(STRUCTURED_KINDS) as (keyof typeof STRUCTURED_KINDS)[]).map((k) =>
    structuredOutputs(k, true).map((structured_outputs) => ({ structured_outputs })),
  ),
  ...Object.values(RESPONSE_FORMATS).map((arb) => arb.map((response_format) => ({ response_format }))),
];
const EFFORTS = ['low', 'medium', 'high'] as const;

/**
 * A few requests that together carry every §4.1 field and every value the schema names, each
 * request with every optional field set (one way of constraining output per request, since vLLM
 * takes one; the first one a prefill). Deterministic for a seed. What full coverage sends.
 */
export function everyFieldChatRequests(options: RealisticChatOptions, seed: number): Record<string, unknown>[] {
  const maxTokens = maxTokensOf(options);
  const all = fc.record({
    ...budgetFields(maxTokens),
    ...OPTIONAL_FIELDS,
    ...modeFields(options.mode ?? 'non-streamed'),
    max_completion_tokens: fc.integer({ min: 1, max: maxTokens }),
  });
  return OUTPUT_VARIANTS.map((variant, i) => {
    const conv =
      i === 0
        ? prefillConversation().map((messages) => ({ messages, ...prefillFlags }))
        : conversation(3).map((messages) => ({ messages }));
    const [drawn] = fc.sample(fc.tuple(all, variant, conv), { seed: seed + i, numRuns: 1 });
    const [fields, output, messages] = drawn!;
    // logprobs on, so that top_logprobs and return_tokens_as_token_ids stay (they need it).
    return finish(
      { ...fields, output, logprobs: true, reasoning_effort: EFFORTS[i % EFFORTS.length] },
      messages,
      options,
    );
  });
}
