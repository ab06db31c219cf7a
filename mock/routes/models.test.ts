import { expect, test } from 'vitest';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';

test('GET /v1/models lists the served model in the OpenAI list shape, the same card on every call', async () => {
  const mock = createMock();
  const res = await mock.handle(buildRequest('GET', '/v1/models'));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json');
  const list = res.json as { object: string; data: Record<string, unknown>[] };
  expect(list).toEqual({
    object: 'list',
    data: [
      {
        id: 'mock-model',
        object: 'model',
        created: expect.any(Number),
        owned_by: 'conformance-mock',
        root: 'mock-model',
        parent: null,
      },
    ],
  });
  const created = list.data[0]!.created as number;
  expect(Number.isInteger(created)).toBe(true);
  expect(Math.abs(created - Date.now() / 1000)).toBeLessThan(60);
  expect((await mock.handle(buildRequest('GET', '/v1/models'))).json).toEqual(list);
});

test('the configured model and context window are what /v1/models says, and what a completion naming no model is named', async () => {
  const mock = createMock({ model: 'org/tiny-7b', maxContextTokens: 4096 });
  const [card] = ((await mock.handle(buildRequest('GET', '/v1/models'))).json as { data: Record<string, unknown>[] })
    .data;
  expect(card).toMatchObject({ id: 'org/tiny-7b', root: 'org/tiny-7b', max_model_len: 4096 });
  const chat = { messages: [{ role: 'user', content: 'Hi' }], max_completion_tokens: 4 };
  const unnamed = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }));
  expect((unnamed.json as { model: string }).model).toBe('org/tiny-7b');
  const named = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: { ...chat, model: 'other' } }));
  expect((named.json as { model: string }).model).toBe('other');
  // A scripted chat answer is named the same way.
  mock.addScript({ reply: { content: 'Scripted.' } });
  const scripted = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }));
  expect((scripted.json as { model: string }).model).toBe('org/tiny-7b');
});

test('§5 as on every /v1 route: no token or a wrong one is 401; another method is 405 with Allow: GET', async () => {
  const mock = createMock({ token: 's3cret' });
  const none = await mock.handle(buildRequest('GET', '/v1/models', { auth: false }));
  expect(none.status).toBe(401);
  expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
  const wrong = await mock.handle(buildRequest('GET', '/v1/models'));
  expect(wrong.status).toBe(401);
  expect(JSON.stringify(wrong.json)).not.toContain('mock-model');
  const right = await mock.handle(
    buildRequest('GET', '/v1/models', { auth: false, headers: { authorization: 'Bearer s3cret' } }),
  );
  expect(right.status).toBe(200);
  const post = await mock.handle(buildRequest('POST', '/v1/models', { json: {} }));
  expect(post.status).toBe(405);
  expect(post.headers.allow).toBe('GET');
  // Paths under it are still unknown.
  expect((await mock.handle(buildRequest('GET', '/v1/models/mock-model'))).status).toBe(404);
});

test('a blank model is a usage error at start', () => {
  expect(() => createMock({ model: ' ' })).toThrow(/model must not be blank/);
});
