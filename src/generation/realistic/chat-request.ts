/**
 * @module Realistic chat completion requests (§4.1) that a vLLM server accepts: every field and
 * combination obeys the conventions' vLLM rules, token use is bounded by `maxCompletionTokens`
 * (times `n`, at most 2), and requests are not streamed.
 */
import fc from 'fast-check';
import { corpus, pick } from './corpus.js';
import { conversation, prefillConversation } from './messages.js';
import { functionTools } from './tools.js';

/** Options of {@link realisticChatRequest}. */
export interface RealisticChatOptions {
  /** The served model name; omitted from requests when unset (the server's default model). */
  model?: string;
  /** Upper bound of `max_completion_tokens` (a real target costs money); at least 1. */
  maxCompletionTokens: number;
}

const hundredths = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min: min * 100, max: max * 100 }).map((x) => x / 100);
const tenths = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min: min * 10, max: max * 10 }).map((x) => x / 10);

const STRUCTURED_SCHEMAS: readonly object[] = [
  { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
  { type: 'object', properties: { sentiment: { enum: ['positive', 'neutral', 'negative'] }, score: { type: 'number', minimum: 0, maximum: 1 } }, required: ['sentiment'] },
  { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 3 },
];

/** Exactly one structured-output kind (vLLM rejects none or several). */
const structuredOutputs = fc.oneof(
  pick(STRUCTURED_SCHEMAS).map((s) => ({ json: JSON.stringify(s) })),
  fc.constantFrom('(yes|no)', '[0-9]{1,3}', '[a-z]+( [a-z]+){0,3}').map((regex) => ({ regex })),
  fc.uniqueArray(pick(corpus.words), { minLength: 2, maxLength: 4 }).map((choice) => ({ choice })),
  fc.constant({ json_object: true }),
);

const responseFormat = fc.oneof(
  fc.constant({ type: 'text' }),
  fc.constant({ type: 'json_object' }),
  pick(STRUCTURED_SCHEMAS).map((schema) => ({ type: 'json_schema', json_schema: { name: 'reply', schema } })),
);

/** Marks a field left out of the request. */
const ABSENT: unique symbol = Symbol('absent');

/**
 * A field present in about one request in `1 + rarity`: real clients send few fields, and drawing
 * only the present ones keeps generation fast (fc.record's optional keys are present 5 times in 6).
 */
function sometimes<T>(arb: fc.Arbitrary<T>, rarity = 4): fc.Arbitrary<T | typeof ABSENT> {
  return fc.oneof({ arbitrary: fc.constant(ABSENT), weight: rarity }, { arbitrary: arb, weight: 1 });
}

/** The optional sampling and output fields; cross-field rules are applied afterwards. */
const optionalFields = {
  temperature: hundredths(0, 2),
  top_p: hundredths(0, 1).map((x) => (x === 0 ? 1 : x)),
  top_k: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 100 })),
  min_p: hundredths(0, 1),
  presence_penalty: tenths(-2, 2),
  frequency_penalty: tenths(-2, 2),
  repetition_penalty: hundredths(0.5, 2),
  n: fc.integer({ min: 1, max: 2 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  stop: fc.uniqueArray(pick(corpus.words), { minLength: 1, maxLength: 2 }),
  logprobs: fc.boolean(),
  top_logprobs: fc.integer({ min: 0, max: 5 }),
  user: pick(corpus.userNames),
  stream: fc.constant(false),
  include_stop_str_in_output: fc.boolean(),
  ignore_eos: fc.boolean(),
  skip_special_tokens: fc.boolean(),
  spaces_between_special_tokens: fc.boolean(),
  include_reasoning: fc.boolean(),
  parallel_tool_calls: fc.boolean(),
  add_generation_prompt: fc.constant(true),
  return_token_ids: fc.boolean(),
  request_id: fc.uuid(),
  cache_salt: pick(corpus.cacheSalts),
  priority: fc.constant(0),
  stop_token_ids: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }),
  logit_bias: fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: -10, max: 10 })).map(([token, bias]) => ({ [String(token)]: bias })),
  bad_words: fc.uniqueArray(pick(corpus.words), { minLength: 1, maxLength: 2 }),
  output: fc.oneof(structuredOutputs.map((structured_outputs) => ({ structured_outputs })), responseFormat.map((response_format) => ({ response_format }))),
  tools: functionTools(2),
  repetition_detection: fc.constantFrom({}, { max_pattern_size: 8, min_pattern_size: 2, min_count: 3 }),
};

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
    delete r.return_tokens_as_token_ids;
  }
  if (r.temperature === 0 && typeof r.n === 'number' && r.n > 1) r.n = 1; // n > 1 with greedy decoding
  const max = r.max_completion_tokens as number;
  if (typeof r.min_tokens === 'number' && r.min_tokens > max) r.min_tokens = max; // min_tokens <= the max
  return r;
}

/**
 * Chat completion requests a vLLM server accepts, valid against `chat/chat-completion-request` and
 * `conventions/chat-completion-request`. Never streamed; `max_completion_tokens` in
 * 1..`maxCompletionTokens`.
 *
 * @example
 * const [request] = sampleRequests(realisticChatRequest({ model: 'mock-model', maxCompletionTokens: 16 }), 42, 1);
 */
export function realisticChatRequest(options: RealisticChatOptions): fc.Arbitrary<Record<string, unknown>> {
  const maxTokens = Math.max(1, Math.floor(options.maxCompletionTokens));
  const prefill = fc.constant({ continue_final_message: true, add_generation_prompt: false });
  const optional = Object.fromEntries(Object.entries({ min_tokens: fc.integer({ min: 0, max: maxTokens }), ...optionalFields }).map(([k, arb]) => [k, sometimes(arb as fc.Arbitrary<unknown>)]));
  const body = fc.record({
    // §7.2: continue_final_message never together with add_generation_prompt.
    messages: fc.oneof({ arbitrary: conversation(3).map((messages) => ({ messages })), weight: 9 }, { arbitrary: fc.tuple(prefillConversation(), prefill).map(([messages, flags]) => ({ messages, ...flags })), weight: 1 }),
    max_completion_tokens: fc.integer({ min: 1, max: maxTokens }),
    ...optional,
  });
  return body.map(({ messages, ...fields }) => {
    const rest = Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => v !== ABSENT));
    const conv = messages as { messages: unknown[]; continue_final_message?: boolean; add_generation_prompt?: boolean };
    // The prefill flags come last so that they win over the sampled add_generation_prompt.
    const draft: Draft = { ...rest, ...conv };
    const request = obeyRules(draft);
    return options.model === undefined ? request : { model: options.model, ...request };
  });
}
