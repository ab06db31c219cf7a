import { expect, test } from 'vitest';
import { operation } from '../core/operations.js';
import { registry } from '../schemas/registry.js';
import { judgeRequest } from './request-judge.js';
import type { Verdicts } from './verdicts.js';

const chat = operation('chat.create');
const quiet: Verdicts = { judged: () => undefined, breach: () => undefined };
const seen = (body: unknown) =>
  judgeRequest(chat, chat.requestSchema!, 'application/json', JSON.stringify(body), registry(), quiet);
const messages = [{ role: 'user', content: 'hi' }];

test('a body a lax validator accepts is not one a server must refuse; a reject is, with its breach', () => {
  expect(seen({ messages }).refusable).toBeUndefined();
  // pydantic reads "0.5" as 0.5 and 1 as true (decisions/0004): a server may serve it.
  expect(seen({ messages, temperature: '0.5', logprobs: 1 }).refusable).toBeUndefined();
  // No reading gives a message its role, or makes an object of a number.
  expect(seen({ messages: [{ content: 'hi' }] }).refusable).toMatch(/role/);
  expect(seen({ messages, temperature: { value: 0.5 } }).refusable).toMatch(/temperature/);
  expect(seen([messages]).refusable).toBeDefined();
});
