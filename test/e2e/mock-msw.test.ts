/** The msw handlers intercepting global `fetch`, as an SDK author's test suite would use them. */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers, handlers } from '../../mock/adapters/msw.js';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const bearer = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };

test('a chat completion on any origin is answered by the mock', async () => {
  const res = await fetch('https://api.example.test/v1/chat/completions', {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { object: string }).object).toBe('chat.completion');
});

test('a streamed completion arrives as Server-Sent Events ending with [DONE]', async () => {
  const res = await fetch('https://api.example.test/v1/chat/completions', {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect((await res.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);
});

test('records list as JSONL with basic auth; errors keep their status', async () => {
  const basic = { authorization: `Basic ${btoa('api:mock-key')}` };
  const list = await fetch('https://records.example.test/v2/acme/evals/predictions?limit=2', { headers: basic });
  expect((await list.text()).trim().split('\n')).toHaveLength(2);
  expect((await fetch('https://records.example.test/v2/acme/evals/predictions')).status).toBe(401);
  expect((await fetch('https://records.example.test/v2/acme/evals/predictions/nope', { headers: basic })).status).toBe(
    404,
  );
});

test('createHandlers with a baseUrl answers only under it, with the base path stripped', async () => {
  server.use(...createHandlers({ baseUrl: 'https://gateway.example.test/api', token: 'scoped' }));
  const res = await fetch('https://gateway.example.test/api/v1/preview/training-jobs', {
    method: 'POST',
    headers: { authorization: 'Bearer scoped', 'content-type': 'application/json' },
    body: JSON.stringify({ model_id: '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90', trajectory_groups: [] }),
  });
  expect(res.status).toBe(200);
  server.resetHandlers();
});
