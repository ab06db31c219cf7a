/**
 * A pair the proxy judges when the traffic shows both halves: the same greedy seeded chat request
 * streamed and unstreamed gives the same number of completion tokens for the same text (the
 * function streaming.token-count-matches-non-streamed uses). Never guessed: a request that is not
 * greedy and seeded is not paired.
 */
import { request } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { problems, result, startProxy } from './helpers.js';

const mocks: MockServer[] = [];
afterEach(async () => {
  for (const m of mocks.splice(0)) await m.close();
});

const ID = 'streaming.token-count-matches-non-streamed';

async function both(base: string, extra: Record<string, unknown>): Promise<void> {
  const body = { messages: [{ role: 'user', content: 'Name three harbours.' }], max_completion_tokens: 8, ...extra };
  for (const stream of [false, true]) {
    const res = await request(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...body,
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.text();
  }
}

const GREEDY = { temperature: 0, seed: 5, return_token_ids: true };

test('the clean mock: the pair is judged and holds', async () => {
  const mock = await startMockServer({ port: 0 });
  mocks.push(mock);
  const proxy = await startProxy(mock.url);
  await both(proxy.url, GREEDY);
  const [server] = await proxy.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, ID)?.status).toBe('pass');
});

test('token ids doubled over the chunks: the pair fails, naming both counts', async () => {
  const mock = await startMockServer({ port: 0, faults: ['streaming.streamed-token-ids-doubled'] });
  mocks.push(mock);
  const proxy = await startProxy(mock.url);
  await both(proxy.url, GREEDY);
  const [server] = await proxy.stop();
  const found = result(server!, ID);
  expect(found?.status).toBe('fail');
  expect(found?.actual).toMatch(/token id\(s\) over the chunks/);
});

test('a request that is not greedy and seeded is not paired', async () => {
  const mock = await startMockServer({ port: 0, faults: ['streaming.streamed-token-ids-doubled'] });
  mocks.push(mock);
  const proxy = await startProxy(mock.url);
  await both(proxy.url, { temperature: 0.7, seed: 5, return_token_ids: true });
  const [server] = await proxy.stop();
  expect(result(server!, ID)).toBeUndefined();
});
