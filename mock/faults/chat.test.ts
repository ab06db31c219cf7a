import { expect, test } from 'vitest';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';

const request = () =>
  buildRequest('POST', '/v1/chat/completions', { json: { messages: [{ role: 'user', content: 'Hi' }] } });
type Body = { usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } };

test('the clean mock reports usage that adds up', async () => {
  const { usage } = (await createMock().handle(request())).json as Body;
  expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
});

test('chat-completions.usage-does-not-add-up makes the total off by one', async () => {
  const { usage } = (await createMock({ faults: ['chat-completions.usage-does-not-add-up'] }).handle(request()))
    .json as Body;
  expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens + 1);
});
