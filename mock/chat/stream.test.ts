import { expect, test } from 'vitest';
import { registry } from '../../src/schemas/registry.js';
import { createMock } from '../app.js';
import { buildRequest, readStream } from '../request.js';

const mock = createMock();
const messages = [{ role: 'user', content: 'Stream a little.' }];

interface Chunk {
  id: string;
  object: string;
  choices: {
    index: number;
    delta: { role?: string; content?: string; reasoning?: string };
    finish_reason: string | null;
    token_ids?: number[];
    logprobs: unknown;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
  prompt_token_ids?: number[];
}

async function stream(body: Record<string, unknown>): Promise<{ chunks: Chunk[]; raw: string }> {
  const res = await mock.handle(
    buildRequest('POST', '/v1/chat/completions', { json: { messages, stream: true, ...body } }),
  );
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
  const raw = await readStream(res.stream!);
  const events = raw.split('\n\n').filter(Boolean);
  for (const e of events) expect(e.startsWith('data: ')).toBe(true);
  expect(events.at(-1)).toBe('data: [DONE]');
  return { chunks: events.slice(0, -1).map((e) => JSON.parse(e.slice(6)) as Chunk), raw };
}

async function nonStreamed(body: Record<string, unknown>) {
  const res = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: { messages, ...body } }));
  return res.json as {
    choices: { message: { content: string; reasoning: string | null }; finish_reason: string }[];
    usage: Chunk['usage'];
  };
}

const contentOf = (chunks: Chunk[], index: number) =>
  chunks.flatMap((c) => c.choices.filter((x) => x.index === index).map((x) => x.delta.content ?? '')).join('');

test('chunks are chat.completion.chunk objects sharing one id and validate against the chunk schema', async () => {
  const { chunks } = await stream({});
  expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  for (const c of chunks) {
    expect(c.object).toBe('chat.completion.chunk');
    expect(registry().validate('chat/chat-completion-chunk', c)).toEqual({ ok: true });
  }
});

test('each choice starts with a role delta with empty content, and its deltas concatenate to the non-streamed text', async () => {
  const body = { n: 2, seed: 5, stop: ['the'], temperature: 0.7 };
  const { chunks } = await stream(body);
  const full = await nonStreamed(body);
  for (const i of [0, 1]) {
    const own = chunks.filter((c) => c.choices[0]?.index === i);
    expect(own[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    expect(contentOf(chunks, i)).toBe(full.choices[i]!.message.content);
  }
});

test('finish_reason appears once per choice, on its last chunk', async () => {
  const { chunks } = await stream({ n: 3, max_tokens: 5 });
  for (const i of [0, 1, 2]) {
    const own = chunks.flatMap((c) => c.choices).filter((x) => x.index === i);
    expect(own.filter((x) => x.finish_reason !== null)).toHaveLength(1);
    expect(own.at(-1)!.finish_reason).toBe('length');
  }
});

test('include_usage adds a final chunk with empty choices and usage that adds up to the non-streamed usage', async () => {
  const { chunks } = await stream({ stream_options: { include_usage: true } });
  const last = chunks.at(-1)!;
  expect(last.choices).toEqual([]);
  expect(last.usage).toEqual((await nonStreamed({})).usage);
  expect(chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
});

test('without include_usage no chunk carries usage', async () => {
  const { chunks } = await stream({});
  expect(chunks.every((c) => c.usage === undefined && c.choices.length > 0)).toBe(true);
});

test('continuous_usage_stats puts cumulative usage on every chunk', async () => {
  const { chunks } = await stream({ stream_options: { include_usage: true, continuous_usage_stats: true } });
  const completions = chunks.map((c) => c.usage!.completion_tokens);
  expect(completions.every((n, i) => i === 0 || n >= completions[i - 1]!)).toBe(true);
  for (const c of chunks) expect(c.usage!.total_tokens).toBe(c.usage!.prompt_tokens + c.usage!.completion_tokens);
});

test('return_token_ids: prompt_token_ids only on the first chunk, token_ids per token', async () => {
  const { chunks } = await stream({ return_token_ids: true, stream_options: { include_usage: true } });
  expect(chunks[0]!.prompt_token_ids?.length).toBe(chunks.at(-1)!.usage!.prompt_tokens);
  expect(chunks.slice(1).every((c) => c.prompt_token_ids === undefined)).toBe(true);
  const ids = chunks.flatMap((c) => c.choices.flatMap((x) => x.token_ids ?? []));
  expect(ids).toHaveLength(chunks.at(-1)!.usage!.completion_tokens);
});

test('logprobs ride along with each content delta', async () => {
  const { chunks } = await stream({ logprobs: true, top_logprobs: 2 });
  const withContent = chunks.slice(1).map((c) => c.choices[0]!);
  expect(withContent.every((x) => x.logprobs !== null)).toBe(true);
});

test('reasoning streams as reasoning deltas before the content', async () => {
  const { chunks } = await stream({ reasoning_effort: 'low' });
  const deltas = chunks.slice(1).map((c) => c.choices[0]!.delta);
  const firstContent = deltas.findIndex((d) => d.content !== undefined);
  expect(deltas.slice(0, firstContent).every((d) => d.reasoning !== undefined)).toBe(true);
  expect(deltas.map((d) => d.reasoning ?? '').join('')).toBe(
    (await nonStreamed({ reasoning_effort: 'low' })).choices[0]!.message.reasoning,
  );
});

test('the stream stops producing once the request is aborted', async () => {
  const controller = new AbortController();
  const res = await mock.handle(
    buildRequest('POST', '/v1/chat/completions', {
      json: { messages, stream: true, ignore_eos: true, max_tokens: 1000 },
      signal: controller.signal,
    }),
  );
  let n = 0;
  for await (const _ of res.stream!) {
    if (++n === 3) controller.abort();
  }
  expect(n).toBe(3);
});
