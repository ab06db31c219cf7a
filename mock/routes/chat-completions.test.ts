import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import { registry } from '../../src/schemas/registry.js';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';
import type { MockResponse } from '../types.js';

const mock = createMock();
const messages = [{ role: 'user', content: 'Tell me about rivers.' }];

interface Choice {
  index: number;
  message: { content: string; reasoning: string | null };
  finish_reason: string;
  stop_reason: string | number | null;
  token_ids: number[] | null;
  logprobs: {
    content: { token: string; logprob: number; bytes: number[]; top_logprobs: { token: string; logprob: number }[] }[];
  } | null;
}
interface Completion {
  id: string;
  object: string;
  choices: Choice[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  prompt_token_ids: number[] | null;
  prompt_logprobs: unknown[] | null;
}

async function call(body: Record<string, unknown>, m = mock): Promise<MockResponse> {
  return m.handle(buildRequest('POST', '/v1/chat/completions', { json: { messages, ...body } }));
}
async function complete(body: Record<string, unknown> = {}): Promise<Completion> {
  const res = await call(body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Completion;
}
async function errorOf(
  body: Record<string, unknown>,
  m = mock,
): Promise<{ status: number; message: string; param: string | null }> {
  const res = await call(body, m);
  const { error } = res.json as { error: { message: string; param: string | null } };
  return { status: res.status, message: error.message, param: error.param };
}
const first = (c: Completion): Choice => c.choices[0]!;

test('§4.1 a completion validates against the response schema, with id chatcmpl-<request_id>', async () => {
  const c = await complete({ request_id: 'abc-123' });
  expect(registry().validate('chat/chat-completion-response', c)).toEqual({ ok: true });
  expect(c.id).toBe('chatcmpl-abc-123');
  expect(c.object).toBe('chat.completion');
  expect(first(c).message.content.length).toBeGreaterThan(0);
});

test('without request_id the id carries a generated UUID', async () => {
  const c = await complete();
  expect(c.id).toMatch(/^chatcmpl-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('usage adds up: total = prompt + completion', async () => {
  const { usage } = await complete({ n: 2 });
  expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  expect(usage.completion_tokens).toBeGreaterThan(0);
});

test('the same request and seed give the same text; another seed another text', async () => {
  const a = first(await complete({ seed: 7 })).message.content;
  expect(first(await complete({ seed: 7 })).message.content).toBe(a);
  expect(first(await complete({ seed: 8 })).message.content).not.toBe(a);
});

test('n gives choices with indices 0..n-1 and different texts', async () => {
  const c = await complete({ n: 3 });
  expect(c.choices.map((x) => x.index)).toEqual([0, 1, 2]);
  expect(new Set(c.choices.map((x) => x.message.content)).size).toBe(3);
});

test('max_completion_tokens and max_tokens cut the output with finish_reason length', async () => {
  for (const field of ['max_completion_tokens', 'max_tokens']) {
    const c = await complete({ [field]: 3 });
    expect(first(c).finish_reason).toBe('length');
    expect(first(c).stop_reason).toBeNull();
    expect(c.usage.completion_tokens).toBe(3);
  }
});

test('a natural end is finish_reason stop with a null stop_reason', async () => {
  const c = first(await complete());
  expect(c.finish_reason).toBe('stop');
  expect(c.stop_reason).toBeNull();
});

test('a stop string ends the text before it; include_stop_str_in_output keeps it', async () => {
  const full = first(await complete({ seed: 3 })).message.content;
  const word = full.split(' ')[4]!;
  const cut = first(await complete({ seed: 3, stop: [word] }));
  expect(cut.finish_reason).toBe('stop');
  expect(cut.stop_reason).toBe(word);
  expect(full.startsWith(cut.message.content)).toBe(true);
  expect(cut.message.content).not.toContain(word);
  const kept = first(await complete({ seed: 3, stop: [word], include_stop_str_in_output: true }));
  expect(kept.message.content.endsWith(word)).toBe(true);
});

test('a stop token id ends the output with that id as stop_reason', async () => {
  const ids = first(await complete({ seed: 3, return_token_ids: true })).token_ids!;
  const c = first(await complete({ seed: 3, stop_token_ids: [ids[2]!] }));
  expect(c.stop_reason).toBe(ids[2]);
  expect(c.finish_reason).toBe('stop');
});

test('logprobs give one entry per token with top_logprobs, the chosen token first', async () => {
  const c = await complete({ logprobs: true, top_logprobs: 3 });
  const entries = first(c).logprobs!.content;
  expect(entries).toHaveLength(c.usage.completion_tokens);
  expect(entries.map((e) => e.token).join('')).toBe(first(c).message.content);
  for (const e of entries) {
    expect(e.top_logprobs).toHaveLength(3);
    expect(e.top_logprobs[0]).toMatchObject({ token: e.token, logprob: e.logprob });
    expect(e.logprob).toBeLessThanOrEqual(0);
    expect(Buffer.from(e.bytes).toString('utf8')).toBe(e.token);
  }
  expect(first(await complete()).logprobs).toBeNull();
});

test('return_tokens_as_token_ids writes tokens as token_id:<id>', async () => {
  const c = await complete({ logprobs: true, return_tokens_as_token_ids: true, return_token_ids: true });
  const entries = first(c).logprobs!.content;
  expect(entries.map((e) => e.token)).toEqual(first(c).token_ids!.map((id) => `token_id:${id}`));
});

test('return_token_ids gives token_ids per choice and prompt_token_ids that match usage', async () => {
  const c = await complete({ return_token_ids: true });
  expect(first(c).token_ids).toHaveLength(c.usage.completion_tokens);
  expect(c.prompt_token_ids).toHaveLength(c.usage.prompt_tokens);
  const plain = await complete();
  expect(first(plain).token_ids).toBeNull();
  expect(plain.prompt_token_ids).toBeNull();
});

test('prompt_logprobs gives one entry per prompt token, the first null', async () => {
  const c = await complete({ prompt_logprobs: 1 });
  expect(c.prompt_logprobs).toHaveLength(c.usage.prompt_tokens);
  expect(c.prompt_logprobs![0]).toBeNull();
});

test("echo prepends the last message when it is the assistant's", async () => {
  const res = await mock.handle(
    buildRequest('POST', '/v1/chat/completions', {
      json: {
        messages: [...messages, { role: 'assistant', content: 'Rivers are' }],
        echo: true,
        add_generation_prompt: false,
      },
    }),
  );
  expect((res.json as Completion).choices[0]!.message.content.startsWith('Rivers are')).toBe(true);
  expect(first(await complete({ echo: true })).message.content.startsWith('Tell me')).toBe(false);
});

test('continue_final_message continues the last message without a generation prompt', async () => {
  const prefill = [...messages, { role: 'assistant', content: 'Rivers are' }];
  const open = await mock.handle(
    buildRequest('POST', '/v1/chat/completions', {
      json: { messages: prefill, continue_final_message: true, add_generation_prompt: false },
    }),
  );
  const closed = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: { messages: prefill } }));
  expect(open.status).toBe(200);
  // The open prompt lacks the final <|end|> and the <|assistant|> generation prompt.
  expect((open.json as Completion).usage.prompt_tokens).toBe((closed.json as Completion).usage.prompt_tokens - 2);
});

test('reasoning_effort gives a reasoning field counted in the completion tokens; include_reasoning false drops it', async () => {
  const plain = await complete({ seed: 1 });
  const c = await complete({ seed: 1, reasoning_effort: 'low' });
  expect(first(c).message.reasoning?.length).toBeGreaterThan(0);
  expect(c.usage.completion_tokens).toBeGreaterThan(plain.usage.completion_tokens);
  expect(first(await complete({ reasoning_effort: 'high', include_reasoning: false })).message.reasoning).toBeNull();
  expect(first(plain).message.reasoning).toBeNull();
});

test('min_tokens holds off the end; ignore_eos runs to the max', async () => {
  expect((await complete({ min_tokens: 80 })).usage.completion_tokens).toBeGreaterThanOrEqual(80);
  const c = await complete({ ignore_eos: true, max_tokens: 100 });
  expect(c.usage.completion_tokens).toBe(100);
  expect(first(c).finish_reason).toBe('length');
});

test('truncate_prompt_tokens keeps the last k prompt tokens', async () => {
  expect((await complete({ truncate_prompt_tokens: 2 })).usage.prompt_tokens).toBe(2);
  expect((await complete({ truncate_prompt_tokens: -1 })).usage.prompt_tokens).toBe(
    (await complete()).usage.prompt_tokens,
  );
});

test('repetition_detection ends a repeating output with finish_reason repetition', async () => {
  let found: Choice | undefined;
  for (let seed = 0; seed < 200 && !found; seed++) {
    const c = first(
      await complete({
        seed,
        ignore_eos: true,
        max_tokens: 400,
        return_token_ids: true,
        repetition_detection: { max_pattern_size: 1, min_pattern_size: 1, min_count: 2 },
      }),
    );
    if (c.finish_reason === 'repetition') found = c;
  }
  expect(found).toBeDefined();
  expect(found!.stop_reason).toBe('repetition_detected');
  const ids = found!.token_ids!;
  expect(ids.at(-1)).toBe(ids.at(-2));
  expect(ids.slice(0, -1).some((id, i) => i > 0 && id === ids[i - 1])).toBe(false);
});

test('structured_outputs choice answers one of the choices', async () => {
  const choices = ['red', 'green', 'blue'];
  for (const seed of [1, 2, 3, 4])
    expect(choices).toContain(first(await complete({ seed, structured_outputs: { choice: choices } })).message.content);
});

test('structured_outputs regex answers text matching the whole pattern', async () => {
  const content = first(await complete({ structured_outputs: { regex: '[A-Z]{3}-\\d{2,4}' } })).message.content;
  expect(content).toMatch(/^[A-Z]{3}-\d{2,4}$/);
});

test('structured_outputs json and response_format json_schema answer JSON valid against the schema', async () => {
  const schema = {
    type: 'object',
    required: ['name', 'age'],
    properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
  };
  const validate = new Ajv2020({ strict: false }).compile(schema);
  const a = JSON.parse(first(await complete({ structured_outputs: { json: JSON.stringify(schema) } })).message.content);
  expect(validate(a), JSON.stringify(a)).toBe(true);
  const b = JSON.parse(
    first(await complete({ response_format: { type: 'json_schema', json_schema: { name: 'person', schema } } })).message
      .content,
  );
  expect(validate(b), JSON.stringify(b)).toBe(true);
});

test('a malformed structured regex or schema is a 400', async () => {
  expect((await errorOf({ structured_outputs: { regex: '([' } })).status).toBe(400);
  expect((await errorOf({ structured_outputs: { json: '{nope' } })).status).toBe(400);
});

test('validation failures answer 400 in the OpenAI envelope with the field as param', async () => {
  const res = await call({ n: 'two' });
  expect(res.status).toBe(400);
  expect(registry().validate('errors/openai-error', res.json)).toEqual({ ok: true });
  expect((await errorOf({ n: 'two' })).param).toBe('n');
  expect((await errorOf({ messages: 'hi' })).status).toBe(400);
  expect((await errorOf({ seed: 1.5 })).param).toBe('seed');
});

test('convention ranges from the overlay are 400', async () => {
  for (const body of [
    { temperature: 2.5 },
    { top_p: 0 },
    { n: 0 },
    { max_tokens: 0 },
    { top_logprobs: 21, logprobs: true },
    { top_k: -2 },
    { messages: [] },
  ]) {
    expect((await errorOf(body)).status, JSON.stringify(body)).toBe(400);
  }
});

test('§7.1 priority other than 0 is a 400 unless the mock uses priority scheduling', async () => {
  const e = await errorOf({ priority: 2 });
  expect(e.status).toBe(400);
  expect(e.message).toContain('Priority scheduling is not enabled');
  expect((await call({ priority: 2 }, createMock({ priorityScheduling: true }))).status).toBe(200);
});

test('§7.2 continue_final_message with add_generation_prompt both true is a 400', async () => {
  expect((await errorOf({ continue_final_message: true, add_generation_prompt: true })).message).toContain(
    'Cannot set both',
  );
});

test('unknown top-level fields are accepted and ignored', async () => {
  expect((await call({ some_future_field: { x: 1 } })).status).toBe(200);
});

test('the trailing-slash variant of the path answers too', async () => {
  expect((await mock.handle(buildRequest('POST', '/v1/chat/completions/', { json: { messages } }))).status).toBe(200);
});

test('the request id comes back in x-request-id', async () => {
  expect((await call({ request_id: 'r-1' })).headers['x-request-id']).toBe('r-1');
});
