/** The standalone mock driven by the official `openai` SDK as a real client (§4.1). */
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';

let server: MockServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: DEFAULT_TOKEN, maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});

const messages = [{ role: 'user' as const, content: 'Say something about harbors.' }];

test('a non-streamed completion', async () => {
  const c = await client.chat.completions.create({ model: DEFAULT_MODEL, messages, seed: 4 });
  expect(c.object).toBe('chat.completion');
  expect(c.model).toBe(DEFAULT_MODEL);
  expect(c.choices[0]?.message.role).toBe('assistant');
  expect(c.choices[0]?.message.content?.length).toBeGreaterThan(0);
  expect(c.usage!.total_tokens).toBe(c.usage!.prompt_tokens + c.usage!.completion_tokens);
});

test('a streamed completion with usage concatenates to the non-streamed text', async () => {
  const full = await client.chat.completions.create({ model: DEFAULT_MODEL, messages, seed: 9 });
  const stream = await client.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    seed: 9,
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = '';
  let usage: OpenAI.CompletionUsage | undefined | null;
  let finishes = 0;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    if (chunk.choices[0]?.finish_reason) finishes++;
    if (chunk.usage) usage = chunk.usage;
  }
  expect(text).toBe(full.choices[0]?.message.content);
  expect(finishes).toBe(1);
  expect(usage).toMatchObject({
    prompt_tokens: full.usage!.prompt_tokens,
    completion_tokens: full.usage!.completion_tokens,
  });
});

test('n > 1 gives n choices', async () => {
  const c = await client.chat.completions.create({ model: DEFAULT_MODEL, messages, n: 3, temperature: 0.8 });
  expect(c.choices.map((x) => x.index)).toEqual([0, 1, 2]);
});

test('logprobs with top_logprobs', async () => {
  const c = await client.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    logprobs: true,
    top_logprobs: 2,
    max_completion_tokens: 5,
  });
  const content = c.choices[0]?.logprobs?.content ?? [];
  expect(content).toHaveLength(5);
  expect(content.every((t) => t.top_logprobs.length === 2)).toBe(true);
  expect(c.choices[0]?.finish_reason).toBe('length');
});

test("a rule violation surfaces as the SDK's BadRequestError", async () => {
  await expect(
    client.chat.completions.create({ model: DEFAULT_MODEL, messages, top_logprobs: 2 }),
  ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
});

test("a wrong key surfaces as the SDK's AuthenticationError", async () => {
  const wrong = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'wrong', maxRetries: 0 });
  await expect(wrong.chat.completions.create({ model: DEFAULT_MODEL, messages })).rejects.toBeInstanceOf(
    OpenAI.AuthenticationError,
  );
});
