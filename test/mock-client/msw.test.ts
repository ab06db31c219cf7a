/**
 * The client scenarios (scenarios.ts) through msw: the app uses global fetch, msw hands each request
 * to the handlers of a mock scoped to its own base URL (so two mocks live side by side). Without
 * `releaseResponseClones` the SDK's retry of a 429 would hang (mswjs/interceptors#799).
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers, releaseResponseClones } from '../../mock/adapters/msw.js';
import { createMock } from '../../mock/index.js';
import { clientScenarios } from './scenarios.js';

const server = setupServer();
releaseResponseClones(server);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let made = 0;
clientScenarios('through msw handlers', async () => {
  const mock = createMock();
  const baseUrl = `https://api-${++made}.example.test`;
  server.use(...createHandlers({ mock, baseUrl }));
  return { mock, baseUrl, close: async () => {} };
});

test('the admin routes answer through msw too, on any origin with the default handlers', async () => {
  const mock = createMock();
  server.use(...createHandlers({ mock }));
  try {
    const auth = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };
    const created = await fetch('https://anywhere.example.test/__mock/scripts', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ match: { path: '/v2/acme/evals/scores' }, reply: { status: 503 } }),
    });
    expect(created.status).toBe(201);
    const scored = await fetch('https://anywhere.example.test/v2/acme/evals/scores', {
      headers: { authorization: `Basic ${btoa('api:mock-key')}` },
    });
    expect(scored.status).toBe(503);
    const journal = await fetch('https://anywhere.example.test/__mock/requests', { headers: auth });
    expect(((await journal.json()) as { script: string }[]).map((e) => e.script)).toEqual(['script-1']);
  } finally {
    server.resetHandlers();
  }
});

test('recorded fixtures answer through msw too: a recorded stream is served event for event', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'msw-fixtures-')), 'recorded.jsonl');
  const events = ['data: {"n":1}', 'data: {"n":2}', 'data: [DONE]'].map((data, i) => ({ offset_ms: i * 5, data }));
  const request = {
    method: 'POST',
    url: 'https://real.example/v1/chat/completions',
    headers: {},
    body: '{"b":1,"a":2}',
  };
  const response = { status: 200, headers: { 'content-type': 'text/event-stream' }, firstBytes: '', events };
  writeFileSync(file, JSON.stringify({ operation: 'chat.create', request, response, findings: [] }));
  server.use(...createHandlers({ mock: createMock({ fixtures: file }), baseUrl: 'https://fixtures.example.test' }));
  try {
    const res = await fetch('https://fixtures.example.test/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: '{"a":2,"b":1}',
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(await res.text()).toBe(events.map((e) => `${e.data}\n\n`).join(''));
  } finally {
    server.resetHandlers();
  }
});
