import { expect, test } from 'vitest';
import { toDetail, toOpenAI, validateInOrder } from './validate.js';

test('a valid body passes spec and overlay', () => {
  expect(
    validateInOrder(['chat/chat-completion-request', 'conventions/chat-completion-request'], {
      messages: [{ role: 'user', content: 'hi' }],
    }),
  ).toBeUndefined();
});

test('the spec schema is checked before the overlay', () => {
  const errors = validateInOrder(['chat/chat-completion-request', 'conventions/chat-completion-request'], {
    messages: [],
    n: 'x',
  });
  expect(errors?.[0]?.keyword).toBe('type');
});

test('the overlay catches convention ranges the spec leaves open', () => {
  const errors = validateInOrder(['chat/chat-completion-request', 'conventions/chat-completion-request'], {
    messages: [{ role: 'user' }],
    temperature: 3,
  });
  expect(errors?.[0]?.keyword).toBe('maximum');
});

test('FastAPI detail items have string locs, pydantic types and the missing field in loc', () => {
  const errors =
    validateInOrder(['conventions/training-job-create-request'], {
      trajectory_groups: [{ trajectories: [{ reward: 'x' }] }],
    }) ?? [];
  const detail = toDetail(errors, 'body');
  expect(detail).toContainEqual({ loc: ['body', 'model_id'], msg: 'Field required', type: 'missing' });
  expect(detail).toContainEqual({
    loc: ['body', 'trajectory_groups', '0', 'trajectories', '0', 'reward'],
    msg: 'Input should be a valid number',
    type: 'float_type',
  });
});

test('vLLM messages name the field and set param', () => {
  const errors = validateInOrder(['chat/chat-completion-request'], { messages: [{ role: 'user' }], n: 'x' }) ?? [];
  const { message, param } = toOpenAI(errors);
  expect(param).toBe('n');
  expect(message).toContain('n: Input should be a valid integer');
});
