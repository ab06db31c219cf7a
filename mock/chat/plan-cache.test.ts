import { expect, test } from 'vitest';
import { createMock } from '../app.js';
import { buildRequest, readStream } from '../request.js';
import type { ChatPlan } from './plan.js';
import { bodyKey } from '../http/body.js';
import { PlanCache } from './plan-cache.js';

const messages = [{ role: 'user', content: 'Tell me about lakes.' }];
const chat = (json: Record<string, unknown>, headers?: Record<string, string>) =>
  buildRequest('POST', '/v1/chat/completions', { json: { messages, ...json }, ...(headers ? { headers } : {}) });

/** An answer without what differs between answers to one body. */
const shared = (json: unknown) => ({ ...(json as Record<string, unknown>), id: 'X', created: 0 });

test('a body answered before gets the same answer with its own id', async () => {
  const mock = createMock();
  const first = await mock.handle(chat({ max_completion_tokens: 12, seed: 3 }));
  const again = await mock.handle(chat({ max_completion_tokens: 12, seed: 3 }));
  expect(again.status).toBe(200);
  expect(shared(again.json)).toEqual(shared(first.json));
  expect((again.json as { id: string }).id).not.toBe((first.json as { id: string }).id);
  expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  expect((again.json as { id: string }).id).toBe(`chatcmpl-${again.headers['x-request-id']}`);
  // A fresh mock (nothing kept) writes the same answer.
  const fresh = await createMock().handle(chat({ max_completion_tokens: 12, seed: 3 }));
  expect(shared(fresh.json)).toEqual(shared(again.json));
  // request_id keeps its id.
  const named = await mock.handle(chat({ max_completion_tokens: 12, seed: 3, request_id: 'r-1' }));
  const namedAgain = await mock.handle(chat({ max_completion_tokens: 12, seed: 3, request_id: 'r-1' }));
  expect((namedAgain.json as { id: string }).id).toBe('chatcmpl-r-1');
  expect(shared(namedAgain.json)).toEqual(shared(named.json));
});

test('a streamed body answered before streams the same events with its own id', async () => {
  const mock = createMock();
  const events = async () => {
    const res = await mock.handle(chat({ stream: true, stream_options: { include_usage: true } }));
    const raw = await readStream(res.stream!);
    const parts = raw.split('\n\n').filter(Boolean);
    expect(parts.at(-1)).toBe('data: [DONE]');
    const ids = new Set(parts.slice(0, -1).map((p) => (JSON.parse(p.slice(6)) as { id: string }).id));
    expect(ids.size).toBe(1);
    return { id: [...ids][0], shared: parts.slice(0, -1).map((p) => shared(JSON.parse(p.slice(6)))) };
  };
  const first = await events();
  const again = await events();
  expect(again.shared).toEqual(first.shared);
  expect(again.id).not.toBe(first.id);
});

test('a kept body stops streaming once its client is gone', async () => {
  const mock = createMock();
  await readStream((await mock.handle(chat({ stream: true }))).stream!);
  const gone = { ...chat({ stream: true }), aborted: false };
  const res = await mock.handle(gone);
  const it = res.stream![Symbol.asyncIterator]();
  expect((await it.next()).done).toBe(false);
  gone.aborted = true;
  expect((await it.next()).done).toBe(true);
});

test('the checks before the answer still run for a kept body: media type, credentials, a refused body', async () => {
  const mock = createMock();
  expect((await mock.handle(chat({ max_completion_tokens: 5 }))).status).toBe(200);
  const asText = chat({ max_completion_tokens: 5 }, { 'content-type': 'text/plain' });
  expect((await mock.handle(asText)).status).toBe(415);
  const noAuth = { ...chat({ max_completion_tokens: 5 }), headers: { 'content-type': 'application/json' } };
  expect((await mock.handle(noAuth)).status).toBe(401);
  // A refused body is refused every time (nothing is kept for it).
  for (let i = 0; i < 2; i++) expect((await mock.handle(chat({ temperature: -1 }))).status).toBe(400);
});

test('the cache is bounded in entries, the oldest making room', () => {
  const cache = new PlanCache();
  const plan = {} as ChatPlan;
  for (let i = 0; i < 1000; i++) cache.add(`body ${i}`, { chat: { messages: [] }, plan, tail: 'x' });
  expect(cache.get('body 0')).toBeUndefined();
  expect(cache.get('body 999')).toBeDefined();
  expect(cache.get('body 744')).toBeDefined();
  expect(cache.get('body 743')).toBeUndefined();
  // And in characters held: one huge answer pushes out the rest, and is itself kept.
  cache.add('big', { chat: { messages: [] }, plan, tail: 'y'.repeat(3 * 1024 * 1024) });
  expect(cache.get('body 999')).toBeUndefined();
  expect(cache.get('big')).toBeDefined();
  expect(bodyKey(new Uint8Array(64 * 1024))).toBeUndefined();
});
