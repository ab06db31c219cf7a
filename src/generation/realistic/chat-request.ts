/** @module Realistic chat completion requests (§4.1) a vLLM server accepts, in one mode. */
import fc from 'fast-check';
import { OPTIONAL_FIELDS, RESPONSE_FORMATS, STRUCTURED_KINDS, structuredOutputs } from './chat-fields.js';
import { fitChatRequest } from './context-fit.js';
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
  /** The deployment's context window in tokens: every request is fitted to it (context-fit.ts). */
  maxContextTokens?: number;
  /** The deployment's characters per token, once learned: the fit's estimate counts by it. @defaultValue 3 */
  charsPerToken?: number;
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

/** A field present in about one request in `1 + rarity`: real clients send few fields. */
function sometimes<T>(arb: fc.Arbitrary<T>, rarity = 4): fc.Arbitrary<T | typeof ABSENT> {
  return fc.oneof({ arbitrary: fc.constant(ABSENT), weight: rarity }, { arbitrary: arb, weight: 1 });
}

type Draft = Record<string, unknown> & { output?: Record<string, unknown>; tools?: unknown[] };

/** Applies the vLLM cross-field rules (conventions) to a draft: cheaper than filtering. */
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
  const whole =
    options.model === undefined ? { ...request, ...streamed } : { model: options.model, ...request, ...streamed };
  const window = options.maxContextTokens;
  return window === undefined ? whole : (fitChatRequest(whole, window, options.charsPerToken) ?? whole);
}

const maxTokensOf = (options: RealisticChatOptions): number => Math.max(1, Math.floor(options.maxCompletionTokens));

/** Chat completion requests a vLLM server accepts (spec and conventions), each optional field in one in five. */
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

/** The boolean §4.1 fields a request of the every-field set carries, by mode: each gets a column of the covering array. */
function booleanFields(mode: ChatMode): string[] {
  const fields = { ...OPTIONAL_FIELDS, ...modeFields(mode) };
  // Fixed by the conversation (§7.2) or by the mode, not free to vary.
  const fixed = new Set(['add_generation_prompt', 'continue_final_message', 'stream']);
  return Object.keys(fields)
    .filter((k) => !fixed.has(k) && BOOLEAN_FIELDS.has(k))
    .sort();
}

/** The §4.1 fields of type boolean (the schema's `boolean` and `boolean or null`). */
const BOOLEAN_FIELDS = new Set([
  'logprobs',
  'return_tokens_as_token_ids',
  'include_stop_str_in_output',
  'ignore_eos',
  'skip_special_tokens',
  'spaces_between_special_tokens',
  'include_reasoning',
  'parallel_tool_calls',
  'add_special_tokens',
  'echo',
  'return_token_ids',
  'use_beam_search',
]);

/**
 * A binary covering array of strength 2 (every pair of columns shows all four value pairs): column j
 * is the j-th `⌈rows/2⌉`-subset of rows 1..rows-1, row 0 false everywhere. The same at every seed.
 */
export function booleanCoveringArray(rows: number, columns: number): boolean[][] {
  const size = Math.ceil(rows / 2);
  const subsets: number[][] = [];
  const pick = (from: number, chosen: number[]): void => {
    if (subsets.length >= columns) return;
    if (chosen.length === size) {
      subsets.push([...chosen]);
      return;
    }
    for (let r = from; r < rows; r++) pick(r + 1, [...chosen, r]);
  };
  pick(1, []);
  if (subsets.length < columns) throw new Error(`no binary covering array of ${rows} rows has ${columns} columns`);
  return Array.from({ length: rows }, (_, row) => subsets.map((s) => s.includes(row)));
}

/** A few requests that together carry every §4.1 field and value (booleans by a covering array): what full coverage sends. */
export function everyFieldChatRequests(options: RealisticChatOptions, seed: number): Record<string, unknown>[] {
  const maxTokens = maxTokensOf(options);
  const mode = options.mode ?? 'non-streamed';
  const all = fc.record({
    ...budgetFields(maxTokens),
    ...OPTIONAL_FIELDS,
    ...modeFields(mode),
    max_completion_tokens: fc.integer({ min: 1, max: maxTokens }),
  });
  const booleans = booleanFields(mode);
  const covering = booleanCoveringArray(OUTPUT_VARIANTS.length, booleans.length);
  return OUTPUT_VARIANTS.map((variant, i) => {
    const conv =
      i === 0
        ? prefillConversation().map((messages) => ({ messages, ...prefillFlags }))
        : conversation(3).map((messages) => ({ messages }));
    const [drawn] = fc.sample(fc.tuple(all, variant, conv), { seed: seed + i, numRuns: 1 });
    const [fields, output, messages] = drawn!;
    const values = Object.fromEntries(booleans.map((f, j) => [f, covering[i]![j]!]));
    return finish({ ...fields, ...values, output, reasoning_effort: EFFORTS[i % EFFORTS.length] }, messages, options);
  });
}
