import { describe, expect, it } from 'vitest';
import { contextLimitOf } from '../../src/rules/context-limit.js';
import { createMock } from '../index.js';

const chat = (content: string, max_completion_tokens?: number) => ({
  model: 'mock-model',
  messages: [{ role: 'user', content }],
  ...(max_completion_tokens !== undefined ? { max_completion_tokens } : {}),
});

async function post(options: Parameters<typeof createMock>[0], body: unknown) {
  const mock = createMock(options);
  const res = await mock.fetch('http://mock/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.options.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe("the mock's context window", () => {
  it('answers a request that fits it, prompt and requested completion together', async () => {
    expect((await post({ maxContextTokens: 40 }, chat('Hello there.', 8))).status).toBe(200);
  });

  it("refuses one over it in vLLM's words, the prompt alone or with the completion, read back by the recogniser", async () => {
    const tooLong = await post({ maxContextTokens: 40 }, chat(words(60)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toMatch(/maximum context length is 40 tokens\. However, your request has \d+ input tokens/);
    expect(contextLimitOf(tooLong.status, tooLong.text)).toMatchObject({ wording: 'vllm', window: 40 });
    const completion = await post({ maxContextTokens: 40 }, chat('Hello there.', 100));
    expect(completion.text).toMatch(/'max_tokens' or 'max_completion_tokens' is too large: 100\./);
    expect(contextLimitOf(completion.status, completion.text)).toMatchObject({ wording: 'vllm', window: 40 });
  });

  it("refuses one over it in llama.cpp's words and fields", async () => {
    const r = await post({ maxContextTokens: 40, contextWording: 'llamacpp' }, chat('Hello there.', 100));
    expect(r.status).toBe(400);
    const error = (JSON.parse(r.text) as { error: Record<string, unknown> }).error;
    expect(error).toMatchObject({ type: 'exceed_context_size_error', n_ctx: 40 });
    expect(contextLimitOf(r.status, r.text)).toEqual({
      wording: 'llama.cpp',
      window: 40,
      requestTokens: error.n_prompt_tokens,
      promptTokens: error.n_prompt_tokens,
    });
  });

  it('counts a token per character with the characters tokenizer: usage, prompt token ids and the window', async () => {
    // "Hello there." is 3 tokens of words and 12 of characters; the template adds the role, end and generation tokens.
    const usage = async (tokenizer: 'words' | 'characters') =>
      JSON.parse((await post({ tokenizer }, { ...chat('Hello there.', 4), return_token_ids: true })).text) as {
        usage: { prompt_tokens: number };
        prompt_token_ids: number[];
      };
    const byWords = await usage('words');
    const byChars = await usage('characters');
    expect(byChars.usage.prompt_tokens - byWords.usage.prompt_tokens).toBe(12 - 3);
    expect(byChars.prompt_token_ids).toHaveLength(byChars.usage.prompt_tokens);
    const refused = await post({ maxContextTokens: 40, tokenizer: 'characters' }, chat('x'.repeat(40)));
    expect(refused.status).toBe(400);
    expect((await post({ maxContextTokens: 40 }, chat('x'.repeat(40)))).status).toBe(200);
  });

  it('has no window unless one is set, and refuses a window that is not a whole number', async () => {
    expect((await post({}, chat(words(2000), 100))).status).toBe(200);
    expect(() => createMock({ maxContextTokens: 0 })).toThrow(/maxContextTokens/);
  });
});
