import { expect, test } from 'vitest';
import { buildRequest } from '../request.js';
import { holdsSubset } from './match.js';
import { ScriptStore } from './store.js';
import type { Script } from './types.js';
import { checkedOrThrow } from './validate.js';

const chat = (content: unknown, headers: Record<string, string> = {}) =>
  buildRequest('POST', '/v1/chat/completions', {
    json: {
      model: 'm',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content },
      ],
    },
    headers,
  });

function store(...scripts: Script[]): ScriptStore {
  const s = new ScriptStore();
  for (const script of scripts) s.add(checkedOrThrow(script));
  return s;
}

test('holdsSubset: objects by the keys given, arrays element by element, scalars equal', () => {
  expect(holdsSubset({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } })).toBe(true);
  expect(holdsSubset({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  expect(holdsSubset({ a: [{ x: 1, y: 2 }] }, { a: [{ x: 1 }] })).toBe(true);
  expect(holdsSubset({ a: [1, 2] }, { a: [1] })).toBe(false);
  expect(holdsSubset({ a: null }, { a: null })).toBe(true);
  expect(holdsSubset('1', 1)).toBe(false);
  expect(holdsSubset(undefined, {})).toBe(false);
});

test('every match key must hold: method (any case), path, regex, body, last user message, headers', () => {
  const s = store({
    match: {
      method: 'post',
      path: '/v1/chat/completions',
      path_regex: 'chat',
      body: { model: 'm' },
      last_user_message: 'weather',
      last_user_message_regex: 'in [A-Z]',
      headers: { 'X-Tenant': 'a' },
    },
    reply: { content: 'x' },
  });
  expect(s.take(chat('weather in Paris', { 'x-tenant': 'a' }))?.id).toBe('script-1');
  expect(s.take(chat('weather in paris', { 'x-tenant': 'a' }))).toBeUndefined();
  expect(s.take(chat('weather in Paris', { 'x-tenant': 'b' }))).toBeUndefined();
  expect(s.take(chat('weather in Paris'))).toBeUndefined();
});

test('the last user message is read from text parts too; no user message matches nothing', () => {
  const s = store({ match: { last_user_message: 'hello' }, reply: { status: 204 } });
  expect(s.take(chat([{ type: 'text', text: 'oh hello' }]))).toBeDefined();
  const noUser = buildRequest('POST', '/v1/chat/completions', {
    json: { messages: [{ role: 'system', content: 'hello' }] },
  });
  expect(s.take(noUser)).toBeUndefined();
  expect(s.take(buildRequest('POST', '/v1/chat/completions', { body: 'not json' }))).toBeUndefined();
});

test('newest first; replies in turn, the last repeating; times retires the script', () => {
  const s = store(
    { reply: { status: 500 } },
    { replies: [{ status: 429 }, { status: 503 }, { content: 'ok' }], times: 4 },
  );
  const statuses = Array.from({ length: 6 }, () => {
    const hit = s.take(chat('x'));
    return hit?.reply.kind === 'raw' ? `${hit.id} ${hit.reply.reply.status}` : `${hit?.id} ${hit?.reply.kind}`;
  });
  expect(statuses).toEqual([
    'script-2 429',
    'script-2 503',
    'script-2 chat',
    'script-2 chat',
    'script-1 500',
    'script-1 500',
  ]);
  expect(s.list().map((x) => [x.id, x.used])).toEqual([['script-1', 2]]);
});

test('a script with a chat reply answers only chat completions; a raw one any request', () => {
  const s = store({ reply: { content: 'x' } }, { match: { method: 'GET' }, reply: { status: 404 } });
  expect(s.take(buildRequest('GET', '/v2/acme/evals/scores'))?.id).toBe('script-2');
  expect(s.take(buildRequest('POST', '/v1/preview/training-jobs', { json: {} }))).toBeUndefined();
  expect(s.take(chat('x'))?.id).toBe('script-1');
  expect(s.take({ ...chat('x'), path: '/v1/chat/completions/' })?.id).toBe('script-1');
});

test('remove, clear and reset (back to the scripts given at start, ids from 1 again)', () => {
  const s = new ScriptStore([checkedOrThrow({ reply: { status: 500 } })]);
  const id = s.add(checkedOrThrow({ reply: { status: 503 } }));
  expect(id).toBe('script-2');
  expect(s.remove('script-9')).toBe(false);
  expect(s.remove(id)).toBe(true);
  s.clear();
  expect(s.size).toBe(0);
  s.reset();
  expect(s.list().map((x) => x.id)).toEqual(['script-1']);
  expect(s.add(checkedOrThrow({ reply: {} }))).toBe('script-2');
});

test('a request no script matched is refused again at once, until the scripts change', () => {
  const s = store({ match: { last_user_message: 'weather' }, reply: { content: 'Sunny.' } });
  expect(s.take(chat('hello'))).toBeUndefined();
  expect(s.take(chat('hello'))).toBeUndefined();
  expect(s.take(chat('the weather?'))?.id).toBe('script-1');
  expect(s.take(chat('hello'))).toBeUndefined();
  // A script added after a miss answers the very request that missed.
  const added = s.add(checkedOrThrow({ match: { last_user_message: 'hello' }, reply: { content: 'Hi.' } }));
  expect(s.take(chat('hello'))?.id).toBe(added);
  // Another path, another method: judged afresh.
  const other = store({ match: { path: '/v1/models' }, reply: { status: 503, body: { detail: 'down' } } });
  expect(other.take(buildRequest('POST', '/v1/models', { json: {} }))).toBeDefined();
  expect(other.take(buildRequest('POST', '/v1/chat/completions', { json: {} }))).toBeUndefined();
  expect(other.take(buildRequest('POST', '/v1/models', { json: {} }))).toBeDefined();
  // A script that matches on headers: the same body with other headers is judged per request.
  const byHeader = store({ match: { headers: { 'x-case': 'a' } }, reply: { content: 'A.' } });
  expect(byHeader.take(chat('same', { 'x-case': 'b' }))).toBeUndefined();
  expect(byHeader.take(chat('same', { 'x-case': 'a' }))?.id).toBe('script-1');
  // A retired script (times) no longer answers; the one behind it does.
  const retiring = store(
    { match: { last_user_message: 'q' }, reply: { content: 'old' } },
    { match: { last_user_message: 'q' }, reply: { content: 'new' }, times: 1 },
  );
  expect(retiring.take(chat('q'))?.id).toBe('script-2');
  expect(retiring.take(chat('q'))?.id).toBe('script-1');
  // Removed, cleared: each change is seen by the request that missed last.
  expect(s.take(chat('the weather?'))?.id).toBe('script-1');
  s.remove('script-1');
  expect(s.take(chat('the weather?'))).toBeUndefined();
  s.add(checkedOrThrow({ match: { last_user_message: 'weather' }, reply: { content: 'Rain.' } }));
  expect(s.take(chat('the weather?'))).toBeDefined();
  s.clear();
  expect(s.take(chat('the weather?'))).toBeUndefined();
});
