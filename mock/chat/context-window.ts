/** @module A small deployment's context window (`maxContextTokens`): a 400 worded as vLLM or llama.cpp word it. */
import { jsonResponse, openaiError } from '../errors.js';
import type { ContextWording, MockResponse, MockTokenizer } from '../types.js';
import { promptLength } from './prompt.js';
import type { ChatRequest } from './types.js';

/** The completion a request asks for (`max_completion_tokens`, else its deprecated alias `max_tokens`; none: 0). */
function requestedCompletion(chat: ChatRequest): number {
  const asked = chat.max_completion_tokens ?? chat.max_tokens;
  return typeof asked === 'number' && asked > 0 ? asked : 0;
}

export function contextRefusal(
  chat: ChatRequest,
  window: number | undefined,
  wording: ContextWording,
  tokenizer: MockTokenizer = 'words',
): MockResponse | undefined {
  if (window === undefined) return undefined;
  const prompt = promptLength(chat, tokenizer);
  const completion = requestedCompletion(chat);
  const total = prompt + completion;
  if (total <= window) return undefined;
  if (wording === 'llamacpp')
    return jsonResponse(400, {
      error: {
        code: 400,
        message: `request (${total} tokens) exceeds the available context size (${window} tokens), try increasing it`,
        type: 'exceed_context_size_error',
        n_prompt_tokens: total,
        n_ctx: window,
      },
    });
  // vLLM's two wordings of its recent versions: the prompt alone too long, or with the completion.
  return prompt >= window
    ? openaiError(
        400,
        `This model's maximum context length is ${window} tokens. However, your request has ${prompt} input tokens. Please reduce the length of the input messages.`,
      )
    : openaiError(
        400,
        `'max_tokens' or 'max_completion_tokens' is too large: ${completion}. This model's maximum context length is ${window} tokens and your request has ${prompt} input tokens (${completion} > ${window} - ${prompt}).`,
      );
}
