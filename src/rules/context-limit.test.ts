import { describe, expect, it } from 'vitest';
import { contextLimitOf } from './context-limit.js';

const openaiEnvelope = (message: string, code: unknown = 400, type = 'BadRequestError') =>
  JSON.stringify({ error: { message, type, param: null, code } });

describe('contextLimitOf', () => {
  it("reads llama.cpp's refusal: the window and the request's tokens", () => {
    const body =
      '{"error":{"code":400,"message":"request (572 tokens) exceeds the available context size (512 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":572,"n_ctx":512}}';
    expect(contextLimitOf(400, body)).toEqual({
      wording: 'llama.cpp',
      window: 512,
      requestTokens: 572,
      promptTokens: 572,
    });
  });

  it("reads llama.cpp's words without its extra fields, and its type without the words", () => {
    expect(
      contextLimitOf(
        400,
        openaiEnvelope('request (90 tokens) exceeds the available context size (64 tokens), try increasing it'),
      ),
    ).toEqual({ wording: 'llama.cpp', window: 64, requestTokens: 90, promptTokens: 90 });
    expect(
      contextLimitOf(400, '{"error":{"type":"exceed_context_size_error","message":"too long","n_ctx":256}}'),
    ).toEqual({ wording: 'llama.cpp', window: 256, requestTokens: undefined, promptTokens: undefined });
  });

  it("reads vLLM's older wording: requested tokens, messages and completion", () => {
    const message =
      "This model's maximum context length is 2048 tokens. However, you requested 2100 tokens (2000 in the messages, 100 in the completion). Please reduce the length of the messages or completion.";
    expect(contextLimitOf(400, openaiEnvelope(message))).toEqual({
      wording: 'vllm',
      window: 2048,
      requestTokens: 2100,
      promptTokens: 2000,
    });
  });

  it("reads vLLM's input-token wording", () => {
    const message =
      "This model's maximum context length is 4096 tokens. However, your request has 4176 input tokens. Please reduce the length of the input messages.";
    expect(contextLimitOf(400, openaiEnvelope(message))).toEqual({
      wording: 'vllm',
      window: 4096,
      requestTokens: 4176,
      promptTokens: 4176,
    });
  });

  it("reads vLLM's completion-too-large wording: input plus completion", () => {
    const message =
      "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum context length is 4096 tokens and your request has 2778 input tokens (8000 > 4096 - 2778).";
    expect(contextLimitOf(400, openaiEnvelope(message))).toEqual({
      wording: 'vllm',
      window: 4096,
      requestTokens: 10778,
      promptTokens: 2778,
    });
  });

  it("reads OpenAI's code, with the window its message names", () => {
    const message =
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 8215 tokens. Please reduce the length of the messages.";
    expect(contextLimitOf(400, openaiEnvelope(message, 'context_length_exceeded', 'invalid_request_error'))).toEqual({
      wording: 'openai',
      window: 8192,
      requestTokens: 8215,
      promptTokens: 8215,
    });
    expect(contextLimitOf(400, openaiEnvelope('Too long.', 'context_length_exceeded'))).toEqual({
      wording: 'openai',
      window: undefined,
      requestTokens: undefined,
      promptTokens: undefined,
    });
  });

  it('reads the words in a body that is not JSON', () => {
    expect(contextLimitOf(413, "Bad request: This model's maximum context length is 1024 tokens.")?.window).toBe(1024);
  });

  it('names no limit in a validation error about max_tokens without a context length', () => {
    expect(
      contextLimitOf(400, openaiEnvelope('max_tokens must be at least 1, got 0.', 400, 'BadRequestError')),
    ).toBeUndefined();
    expect(
      contextLimitOf(
        400,
        openaiEnvelope("'max_tokens' or 'max_completion_tokens' is too large: 99999999999999999999.", 400),
      ),
    ).toBeUndefined();
  });

  it('names no limit in a 400 about top_logprobs, nor in a 422 about a field', () => {
    expect(
      contextLimitOf(400, openaiEnvelope('`top_logprobs` must be a non-negative value, got -1.', 400)),
    ).toBeUndefined();
    expect(
      contextLimitOf(
        422,
        '{"detail":[{"loc":["body","max_completion_tokens"],"msg":"Input should be a valid integer","type":"int_type"}]}',
      ),
    ).toBeUndefined();
  });

  it('names no limit in a 2xx or a 5xx, whatever their words', () => {
    const message = "This model's maximum context length is 2048 tokens.";
    expect(contextLimitOf(200, openaiEnvelope(message))).toBeUndefined();
    expect(contextLimitOf(500, openaiEnvelope(message, 500))).toBeUndefined();
  });
});
