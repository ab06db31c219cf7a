import { expect, test } from 'vitest';
import { toMockRequest, toResponse } from './fetch.js';

test('a web Request becomes a plain request with lower-cased headers, query and body', async () => {
  const req = await toMockRequest(
    new Request('http://x/v2/a/b/scores?limit=2', { method: 'POST', headers: { 'X-Thing': 'y' }, body: 'hi' }),
  );
  expect(req.method).toBe('POST');
  expect(req.path).toBe('/v2/a/b/scores');
  expect(req.query.get('limit')).toBe('2');
  expect(req.headers['x-thing']).toBe('y');
  expect(new TextDecoder().decode(req.body)).toBe('hi');
});

test('json, body and stream responses become web Responses', async () => {
  expect(await toResponse({ status: 201, headers: {}, json: { a: 1 } }).json()).toEqual({ a: 1 });
  expect(await toResponse({ status: 200, headers: {}, body: 'text' }).text()).toBe('text');
  async function* gen() {
    yield 'a\n';
    yield 'b\n';
  }
  const res = toResponse({ status: 200, headers: { 'content-type': 'application/jsonl' }, stream: gen() });
  expect(res.headers.get('content-type')).toBe('application/jsonl');
  expect(await res.text()).toBe('a\nb\n');
});

test('cancelling a streamed body ends the producer', async () => {
  let finished = false;
  async function* gen() {
    try {
      for (let i = 0; ; i++) yield `${i}\n`;
    } finally {
      finished = true;
    }
  }
  const reader = toResponse({ status: 200, headers: {}, stream: gen() }).body!.getReader();
  await reader.read();
  await reader.cancel();
  expect(finished).toBe(true);
});

test('a stream that fails errors the body', async () => {
  async function* gen() {
    yield 'a';
    throw new Error('cut');
  }
  await expect(toResponse({ status: 200, headers: {}, stream: gen() }).text()).rejects.toThrow();
});
