/**
 * What a request shows before any answer: a body the schema refuses but a lax reading (pydantic's)
 * accepts is no body a server must refuse; one no reading accepts is, with its problem in words.
 */
import { expect, test } from 'vitest';
import { operation } from '../core/operations.js';
import { judgeSettings, judgeTools, seeRequest } from './request-seen.js';

const settings = judgeSettings({ tools: judgeTools() });
const seen = (body: unknown) =>
  seeRequest({
    op: operation('chat.create'),
    method: 'POST',
    target: '/v1/chat/completions',
    params: {},
    authorization: 'Bearer t-1',
    contentType: 'application/json',
    text: JSON.stringify(body),
    kept: true,
    settings,
  });
const messages = [{ role: 'user', content: 'hi' }];

test('a body a lax validator accepts is not one a server must refuse; a reject is, with its problem', () => {
  expect(seen({ messages }).refusable).toBeUndefined();
  // pydantic reads "0.5" as 0.5 and 1 as true (docs/decisions/0004): a server may serve it.
  const lax = seen({ messages, temperature: '0.5', logprobs: 1 });
  expect(lax.schemaProblem).toBeDefined();
  expect(lax.refusable).toBeUndefined();
  // No reading gives a message its role, or makes an object a number.
  expect(seen({ messages: [{ content: 'hi' }] }).refusable).toMatch(/role/);
  expect(seen({ messages, temperature: { value: 0.5 } }).refusable).toMatch(/temperature/);
  expect(seen([messages]).refusable).toBeDefined();
});

test('a body that is not JSON is judged for nothing of its shape', () => {
  const cut = seeRequest({
    op: operation('chat.create'),
    method: 'POST',
    target: '/v1/chat/completions',
    params: {},
    authorization: undefined,
    contentType: 'application/json',
    text: '{"messages": [',
    kept: true,
    settings,
  });
  expect(cut.json).toBe(false);
  expect(cut.refusable).toBeUndefined();
  expect(cut.presentation).toBe('no-credentials');
});
