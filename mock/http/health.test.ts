import { expect, test } from 'vitest';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';

test('GET /health: 200 with an empty body (vLLM), no credentials wanted, not journaled', async () => {
  const mock = createMock({ token: 's3cret' });
  const res = await mock.handle(buildRequest('GET', '/health', { auth: false }));
  expect(res.status).toBe(200);
  expect(res.json).toBeUndefined();
  expect(res.body).toBeUndefined();
  expect(res.stream).toBeUndefined();
  const fetched = await mock.fetch('http://mock.test/health');
  expect(fetched.status).toBe(200);
  expect(await fetched.text()).toBe('');
  expect(mock.requests()).toEqual([]);
});

test('/health answers 200 whatever is planted: chaos at rate 1, a fault on credentials', async () => {
  for (const options of [{ chaos: 1, chaosSeed: 3 }, { faults: ['auth.accepts-any-credentials'] }]) {
    const mock = createMock(options);
    for (let i = 0; i < 5; i++) {
      const res = await mock.handle(buildRequest('GET', '/health', { auth: false }));
      expect(res.status, JSON.stringify(options)).toBe(200);
    }
  }
});

test('/health answers at once while every place and the queue of --max-concurrency are taken', async () => {
  const mock = createMock({ maxConcurrency: 1, latencyMs: 60_000 });
  const stop = new AbortController();
  const chat = { messages: [{ role: 'user', content: 'Hi' }] };
  const held = [1, 2].map(() =>
    mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat, signal: stop.signal })),
  );
  expect((await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }))).status).toBe(429);
  expect((await mock.handle(buildRequest('GET', '/health', { auth: false }))).status).toBe(200);
  // The journal shows the two held requests as not answered yet, the shed one as 429.
  expect(mock.requests().map((e) => e.status)).toEqual([null, null, 429]);
  stop.abort();
  await Promise.all(held);
});

test('/health to another method is 405 with Allow: GET; /healthz and /v1/health are unknown paths', async () => {
  const mock = createMock();
  const post = await mock.handle(buildRequest('POST', '/health', { auth: false }));
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe('GET');
  for (const path of ['/healthz', '/v1/health', '/health/'])
    expect((await mock.handle(buildRequest('GET', path))).status, path).toBe(404);
});
