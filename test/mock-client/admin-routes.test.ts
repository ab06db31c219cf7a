/**
 * The test double over HTTP, for clients in any language: the `/__mock/` admin routes
 * (journal, scripts, reset) on a socket, their bearer token, their 400s for bad scripts (a reason,
 * never a crash), `admin: false`, and that no admin path is an operation of the interface for the
 * suite, the proxy or coverage (`matchOperation`).
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { matchOperation } from '../../src/core/operations.js';

let server: MockServer;
const LOADED = { match: { path: '/v1/preview/training-jobs' }, reply: { status: 503 } };
beforeAll(async () => {
  server = await startMockServer({ port: 0, scripts: [LOADED] });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  expect((await admin('POST', '/__mock/reset')).status).toBe(204);
});

const bearer = { authorization: 'Bearer mock-token' };

async function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = bearer) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const chat = (content: string) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content }] }),
  });

test('every admin route wants the bearer token; a 401 says nothing of the journal', async () => {
  await chat('private words');
  for (const [method, path] of [
    ['GET', '/__mock/requests'],
    ['DELETE', '/__mock/requests'],
    ['GET', '/__mock/scripts'],
    ['POST', '/__mock/scripts'],
    ['DELETE', '/__mock/scripts'],
    ['DELETE', '/__mock/scripts/script-1'],
    ['POST', '/__mock/reset'],
  ] as const) {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'Basic YXBpOm1vY2sta2V5' }]) {
      const res = await admin(method, path, undefined, headers);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text).not.toContain('private words');
    }
  }
  expect(server.mock.requests()).toHaveLength(1);
});

test('the journal over HTTP: a JSON array, oldest first, admin requests left out; DELETE clears it', async () => {
  await chat('first');
  await fetch(`${server.url}/v2/acme/evals/scores?limit=2&limit=3`, {
    headers: { authorization: `Basic ${btoa('api:mock-key')}` },
  });
  const journal = await admin('GET', '/__mock/requests');
  expect(journal.status).toBe(200);
  expect(journal.headers.get('content-type')).toBe('application/json');
  const entries = journal.json as { method: string; path: string; query: unknown; body: unknown; script: null }[];
  expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
    'POST /v1/chat/completions',
    'GET /v2/acme/evals/scores',
  ]);
  expect(entries[0]?.body).toEqual({ messages: [{ role: 'user', content: 'first' }] });
  expect(entries[1]?.query).toEqual({ limit: ['2', '3'] });
  expect(entries[1]?.body).toBeNull();
  expect(journal.text).not.toContain('mock-key');
  expect(journal.text).not.toContain(btoa('api:mock-key'));
  expect((await admin('DELETE', '/__mock/requests')).status).toBe(204);
  expect((await admin('GET', '/__mock/requests')).json).toEqual([]);
});

test('scripts over HTTP: 201 with the id, listed newest first, removed one by one or all', async () => {
  const a = await admin('POST', '/__mock/scripts', { match: { last_user_message: 'a' }, reply: { content: 'A' } });
  const b = await admin('POST', '/__mock/scripts', { reply: { status: 418, body: 'teapot' }, times: 3 });
  expect(a).toMatchObject({ status: 201, json: { id: 'script-2' } });
  expect(b).toMatchObject({ status: 201, json: { id: 'script-3' } });
  const listed = (await admin('GET', '/__mock/scripts')).json as { id: string; used: number }[];
  expect(listed.map((s) => s.id)).toEqual(['script-3', 'script-2', 'script-1']);
  // Newest first: the teapot answers the chat request, as text.
  const res = await chat('a');
  expect(res.status).toBe(418);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await res.text()).toBe('teapot');
  expect((await admin('DELETE', '/__mock/scripts/script-3')).status).toBe(204);
  expect(
    ((await (await chat('a')).json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content,
  ).toBe('A');
  expect(await admin('DELETE', '/__mock/scripts/script-3')).toMatchObject({
    status: 404,
    json: { error: { message: 'No script with id script-3' } },
  });
  expect((await admin('DELETE', '/__mock/scripts')).status).toBe(204);
  expect((await admin('GET', '/__mock/scripts')).json).toEqual([]);
  expect((await admin('GET', '/__mock/nothing')).status).toBe(404);
  expect((await admin('PUT', '/__mock/scripts')).headers.get('allow')).toBe('GET, POST, DELETE');
});

test.each([
  [{ reply: { content: 'x' }, extra: 1 }, 'extra: unknown key'],
  [{ match: { pathh: '/v1' }, reply: {} }, 'match.pathh: unknown key'],
  [{ match: { path: 'v1' }, reply: {} }, 'match.path: must start with /'],
  [{ match: { path_regex: '(' }, reply: {} }, 'match.path_regex: is not a valid regular expression'],
  [{ match: { headers: { 'x-a': 1 } }, reply: {} }, 'match.headers.x-a: must be a string'],
  [{}, 'needs exactly one of "reply" and "replies"'],
  [{ reply: {}, replies: [{}] }, 'needs exactly one of "reply" and "replies"'],
  [{ replies: [] }, 'replies: must be a non-empty array'],
  [{ replies: [{}, { status: 700 }] }, 'replies[1].status: must be a whole number from 200 to 599'],
  [{ reply: { status: 200, content: 'x' } }, 'reply: mixes raw keys'],
  [{ reply: { headers: { 'content-length': '3' } } }, 'reply.headers.content-length: is set by the mock'],
  [{ reply: { headers: { 'x-a': 'line\nbreak' } } }, 'reply.headers.x-a: holds a character'],
  [{ reply: { delay_ms: -1 } }, 'reply.delay_ms: must be a whole number from 0 to 600000'],
  [{ reply: { cut_after_events: 1.5 } }, 'reply.cut_after_events: must be a whole number'],
  [{ reply: { tool_calls: [] } }, 'reply.tool_calls: must be a non-empty array'],
  [{ reply: { tool_calls: [{ function: { name: '' } }] } }, 'reply.tool_calls[0].function.name: must not be empty'],
  [
    { reply: { tool_calls: [{ type: 'code', function: { name: 'f' } }] } },
    'reply.tool_calls[0].type: must be "function"',
  ],
  [
    { reply: { tool_calls: [{ function: { name: 'f', arguments: 3 } }] } },
    'tool_calls[0].function.arguments: must be a JSON object',
  ],
  [{ reply: { content: 3 } }, 'reply.content: must be a string'],
  [{ reply: { finish_reason: '' } }, 'reply.finish_reason: must not be empty'],
  [{ reply: { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 5 } } }, 'reply.usage: does not add up'],
  [{ reply: { usage: { cached: 1 } } }, 'reply.usage.cached: unknown key'],
  [{ reply: { content: 'x' }, times: 0 }, 'times: must be a whole number from 1'],
  [[], 'script: must be a JSON object'],
])('a bad script is a 400 with the reason: %j', async (script, reason) => {
  const res = await admin('POST', '/__mock/scripts', script);
  const expected = Array.isArray(script) ? 'The request body must be a JSON object' : reason;
  expect(res.status).toBe(400);
  expect((res.json as { error: { message: string } }).error.message).toContain(expected);
  expect(res.text).not.toMatch(/\bat .*\.[jt]s:\d+/);
  expect((await admin('GET', '/__mock/scripts')).json).toHaveLength(1);
});

test('an unreadable script body is a 400 or 415, never a crash', async () => {
  expect((await admin('POST', '/__mock/scripts', '{"reply":')).status).toBe(400);
  const form = await fetch(`${server.url}/__mock/scripts`, { method: 'POST', headers: bearer, body: 'reply=1' });
  expect(form.status).toBe(415);
});

test('reset: journal, scripts (back to those loaded at start) and training jobs to the start state', async () => {
  // The script loaded at start answers job creation 503; remove it and create a job.
  expect((await admin('DELETE', '/__mock/scripts/script-1')).status).toBe(204);
  await admin('POST', '/__mock/scripts', { reply: { content: 'x' } });
  const created = await admin('POST', '/v1/preview/training-jobs', {
    model_id: '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90',
    trajectory_groups: [],
  });
  const { id } = created.json as { id: string };
  expect((await admin('GET', `/v1/preview/training-jobs/${id}`)).status).toBe(200);
  expect((await admin('POST', '/__mock/reset')).status).toBe(204);
  expect(server.mock.requests()).toEqual([]);
  expect(((await admin('GET', '/__mock/scripts')).json as { id: string }[]).map((s) => s.id)).toEqual(['script-1']);
  expect((await admin('GET', `/v1/preview/training-jobs/${id}`)).status).toBe(404);
  expect((await admin('POST', '/v1/preview/training-jobs', { trajectory_groups: [] })).status).toBe(503);
});

test('with admin: false the admin paths are unknown paths (404); the in-process API still works', async () => {
  const closed = await startMockServer({ port: 0, admin: false });
  try {
    const res = await fetch(`${closed.url}/__mock/requests`, { headers: bearer });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
    expect(closed.mock.requests().map((r) => r.path)).toEqual(['/__mock/requests']);
  } finally {
    await closed.close();
  }
});

test('no admin path is an operation of the interface (suite, proxy and coverage all use matchOperation)', () => {
  const paths = ['/__mock/requests', '/__mock/scripts', '/__mock/scripts/script-1', '/__mock/reset', '/__mock/'];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'])
    for (const path of paths) expect(matchOperation(method, path), `${method} ${path}`).toBeUndefined();
  // The check is not vacuous: the same function finds the interface's own operations.
  expect(matchOperation('POST', '/v1/chat/completions')?.op.id).toBe('chat.create');
  expect(matchOperation('GET', '/v2/acme/evals/scores/s1')?.op.id).toBe('scores.read');
});
