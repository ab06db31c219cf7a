/**
 * @module Refusals that name the deployment's context window, in the wordings inference engines use,
 * with the window and request size parsed. §8 leaves size limits not shown, so such a refusal is not a
 * conformance failure when the request can exceed the window.
 */
import { is4xx, isJsonObject, jsonObjectOf } from '../core/values.js';

/** Whose words named the limit. */
export type ContextLimitWording = 'llama.cpp' | 'vllm' | 'openai';

/** What a refusal for size says. */
export interface ContextLimitRefusal {
  readonly wording: ContextLimitWording;
  /** The context window in tokens, when the answer names it. */
  readonly window: number | undefined;
  /** The tokens the target counted for the request (prompt plus requested completion when both are given). */
  readonly requestTokens: number | undefined;
  /** The tokens the target counted for the prompt alone, when it said (what teaches characters per token). */
  readonly promptTokens: number | undefined;
}

const LLAMA_PHRASE = /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/i;
const VLLM_WINDOW = /maximum context length is (\d+) tokens/i;
/** "However, you requested 2100 tokens (2000 in the messages, …)"; OpenAI's "your messages resulted in 8215 tokens". */
const VLLM_REQUESTED = /(?:you requested|your messages resulted in) (\d+) tokens/i;
/** The prompt's share of those: "(2000 in the messages", or OpenAI's messages alone. */
const VLLM_MESSAGES = /\((\d+) in the messages/i;
const OPENAI_MESSAGES = /your messages resulted in (\d+) tokens/i;
/** "your request has 4176 input tokens" (alone, or with a completion too large). */
const VLLM_INPUT = /your request has (\d+) input tokens/i;
/** "'max_tokens' or 'max_completion_tokens' is too large: 8000". */
const VLLM_COMPLETION = /is too large: (\d+)/i;

const num = (m: RegExpExecArray | null, group = 1): number | undefined =>
  m ? Number.parseInt(m[group]!, 10) : undefined;

/** The error object of an answer (`{error: {...}}`, or the body itself), when the body is JSON. */
function errorObject(bodyText: string): Record<string, unknown> | undefined {
  const json = jsonObjectOf(bodyText);
  return json && (isJsonObject(json.error) ? json.error : json);
}

const integer = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined;

/**
 * The refusal for size an error answer states, or undefined when it names no context limit. Only a
 * 4xx is a refusal (a 5xx is the server's own failure, whatever it says); the words are read from the
 * body as text, so a body that is not JSON is read too.
 *
 * @example
 * contextLimitOf(400, '{"error":{"message":"This model\'s maximum context length is 2048 tokens. ..."}}')
 * // → { wording: 'vllm', window: 2048, requestTokens: undefined, promptTokens: undefined }
 */
export function contextLimitOf(status: number, bodyText: string): ContextLimitRefusal | undefined {
  if (!is4xx(status)) return undefined;
  const error = errorObject(bodyText);
  const llama = LLAMA_PHRASE.exec(bodyText);
  if (llama || error?.type === 'exceed_context_size_error') {
    // llama.cpp refuses a prompt that does not fit, and counts the prompt alone.
    const counted = integer(error?.n_prompt_tokens) ?? num(llama, 1);
    return {
      wording: 'llama.cpp',
      window: integer(error?.n_ctx) ?? num(llama, 2),
      requestTokens: counted,
      promptTokens: counted,
    };
  }
  const window = num(VLLM_WINDOW.exec(bodyText));
  const openai = error?.code === 'context_length_exceeded';
  if (window === undefined && !openai) return undefined;
  const input = num(VLLM_INPUT.exec(bodyText));
  const completion = input !== undefined ? num(VLLM_COMPLETION.exec(bodyText)) : undefined;
  const requestTokens =
    num(VLLM_REQUESTED.exec(bodyText)) ?? (input !== undefined ? input + (completion ?? 0) : undefined);
  const promptTokens = input ?? num(VLLM_MESSAGES.exec(bodyText)) ?? num(OPENAI_MESSAGES.exec(bodyText));
  return { wording: openai ? 'openai' : 'vllm', window, requestTokens, promptTokens };
}
