import { expect, test } from 'vitest';
import { registry } from '../src/schemas/registry.js';
import { createMock } from './app.js';
import { buildRequest } from './request.js';

const mock = createMock();
const chat = { messages: [{ role: 'user', content: 'Hello' }] };

test('an unknown path is 404 and a wrong method 405 with Allow', async () => {
  expect((await mock.handle(buildRequest('GET', '/v9/nothing'))).status).toBe(404);
  const res = await mock.handle(buildRequest('GET', '/v1/chat/completions'));
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe('POST');
  expect(res.json).toEqual({ detail: 'Method Not Allowed' });
});

test('§5: /v1 without a bearer token is 401 with a JSON body, no data and WWW-Authenticate', async () => {
  const res = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat, auth: false }));
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  expect(registry().validate('errors/openai-error', res.json).ok).toBe(true);
  expect(JSON.stringify(res.json)).not.toContain('choices');
});

test('§5: a wrong token, the wrong scheme or a malformed header is 401', async () => {
  for (const authorization of ['Bearer nope', 'Basic YXBpOm1vY2sta2V5', 'Bearer', 'mock-token']) {
    const res = await mock.handle(
      buildRequest('POST', '/v1/chat/completions', { json: chat, headers: { authorization } }),
    );
    expect(res.status, authorization).toBe(401);
  }
});

test('§5: /v2 wants basic credentials and answers 401 with a Basic challenge otherwise', async () => {
  const res = await mock.handle(
    buildRequest('GET', '/v2/acme/evals/predictions', { headers: { authorization: 'Bearer mock-token' } }),
  );
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Basic/);
  expect(res.stream).toBeUndefined();
});

test('a body over the limit is 413', async () => {
  const small = createMock({ maxBodyBytes: 100 });
  const res = await small.handle(
    buildRequest('POST', '/v1/chat/completions', { json: { messages: [{ role: 'user', content: 'x'.repeat(200) }] } }),
  );
  expect(res.status).toBe(413);
});

test('configured credentials replace the defaults', async () => {
  const custom = createMock({ token: 'other', basic: 'me:pw' });
  expect((await custom.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }))).status).toBe(401);
  const ok = await custom.handle(
    buildRequest('POST', '/v1/chat/completions', { json: chat, headers: { authorization: 'Bearer other' } }),
  );
  expect(ok.status).toBe(200);
  const basic = await custom.handle(
    buildRequest('GET', '/v2/acme/evals/predictions', { headers: { authorization: `Basic ${btoa('me:pw')}` } }),
  );
  expect(basic.status).toBe(200);
});

test('an exception inside a handler becomes a generic JSON 500, never a crash', async () => {
  const broken = createMock();
  const res = await broken.handle({
    ...buildRequest('POST', '/v1/chat/completions', { json: chat }),
    headers: null as never,
  });
  expect(res.status).toBe(500);
  expect(res.json).toEqual({
    error: { message: 'Internal Server Error', type: 'InternalServerError', param: null, code: 500 },
  });
});

test('an unknown fault id is a usage error', () => {
  expect(() => createMock({ faults: ['chat.nope'] })).toThrow(/unknown fault/);
});

test('chaos at rate 1 always answers a 429, 500 or 503 (or cuts a stream)', async () => {
  const chaotic = createMock({ chaos: 1 });
  const statuses = new Set<number>();
  for (let i = 0; i < 40; i++)
    statuses.add((await chaotic.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }))).status);
  for (const s of statuses) expect([429, 500, 503]).toContain(s);
  const limited = await createMock({ chaos: 1 }).handle(buildRequest('GET', '/v2/x/y/predictions'));
  if (limited.status === 429) expect(limited.headers['retry-after']).toBe('1');
});

test('chaos is off by default', async () => {
  for (let i = 0; i < 20; i++)
    expect((await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }))).status).toBe(200);
});

test('the web-standard adapter answers a Request with a Response', async () => {
  const res = await mock.fetch(
    new Request('http://mock/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: JSON.stringify(chat),
    }),
  );
  expect(res.status).toBe(200);
  expect(((await res.json()) as { object: string }).object).toBe('chat.completion');
});
