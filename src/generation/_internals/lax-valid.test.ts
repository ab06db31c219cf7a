import { expect, test } from 'vitest';
import { negativeCaseList } from '../negative-cases.js';
import { laxlyValid } from './lax-valid.js';

const REQUESTS = [
  'chat/chat-completion-request',
  'training/training-job-create-request',
  'training/log-trajectories-request',
] as const;

test.each(REQUESTS)(
  '%s: every negative case the suite sends as a reject is refused by every lax reading, every lenient one accepted',
  (schema) => {
    const disagree: string[] = [];
    for (const seed of [1, 2, 3])
      for (const c of negativeCaseList(schema, seed)) {
        const lax = laxlyValid(schema, c.value);
        if (lax !== (c.mutation.strictness === 'lenient'))
          disagree.push(`${c.mutation.strictness} read as ${lax ? 'lenient' : 'reject'}: ${c.mutation.description}`);
      }
    expect(disagree).toEqual([]);
  },
);

test('a whole body: several breaks read at once, nested parts, disjunctions, null as unset', () => {
  const chat = 'chat/chat-completion-request';
  const messages = [{ role: 'user', content: 'hi' }];
  expect(laxlyValid(chat, { messages })).toBe(true);
  // pydantic reads numeric strings and 1/0 booleans; both at once.
  expect(laxlyValid(chat, { messages, temperature: '0.5', logprobs: 1 })).toBe(true);
  // A numeric string read as a number must still be one of the field's type: `n` is an integer.
  expect(laxlyValid(chat, { messages, n: '2.5' })).toBe(false);
  expect(laxlyValid(chat, { messages, n: '2' })).toBe(true);
  // `stop` is a list of strings: vLLM's `str | list[str]` takes one string; readings do not chain.
  expect(laxlyValid(chat, { messages, stop: 'x' })).toBe(true);
  expect(laxlyValid(chat, { messages, stop: 7 })).toBe(false);
  expect(laxlyValid(chat, { messages, stop: [7] })).toBe(true);
  expect(laxlyValid(chat, { messages, stop: { at: 'x' } })).toBe(false);
  // A nested part: a message without its role (required by decisions/0001 #8; §2.5 gives the field), or with a role that is no string.
  expect(laxlyValid(chat, { messages: [{ content: 'hi' }] })).toBe(false);
  expect(laxlyValid(chat, { messages: [{ role: ['user'], content: 'hi' }] })).toBe(false);
  expect(laxlyValid(chat, { messages: [{ role: 'user', content: 'hi' }, { role: 7 }] })).toBe(true);
  // null on an optional field is read as unset (pydantic 1); a required field missing is not.
  expect(laxlyValid(chat, { messages, temperature: null })).toBe(true);
  expect(laxlyValid(chat, { temperature: 0.5 })).toBe(false);
});
