/**
 * §7.1 through the proxy: told the served model has no priority scheduling (`--priority-scheduling
 * off`), a 2xx to a non-zero priority is a server-side MUST failure, judged with the function the
 * suite's priority-follows-scheduling check uses; not told, it is not judged at all.
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

async function priorityOne(base: string, stream: boolean): Promise<number> {
  const res = await request(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'hi' }],
      max_completion_tokens: 4,
      priority: 1,
      stream,
    }),
  });
  await res.body.text();
  return res.statusCode;
}

test('off: a model that serves priority 1 anyway fails §7.1, streamed or not', async () => {
  const mock = await startMockServer({ port: 0, priorityScheduling: true });
  mocks.push(mock);
  const proxy = await startProxy(mock.url, { priorityScheduling: false });
  expect(await priorityOne(proxy.url, false)).toBe(200);
  expect(await priorityOne(proxy.url, true)).toBe(200);
  const [server] = await proxy.stop();
  for (const id of [
    'chat-completions.priority-follows-scheduling',
    'chat-completions.priority-follows-scheduling.streamed',
  ]) {
    const found = result(server!, id);
    expect(found?.status, id).toBe('fail');
    expect(found?.actual, id).toContain('HTTP 200');
    expect(found?.expected, id).toContain('priority 1 to a model without priority scheduling');
  }
});

test("off, and the model refuses it: judged and clean; not told: judged as off, the run's default; on: not judged", async () => {
  const mock = await startMockServer({ port: 0 });
  mocks.push(mock);
  const told = await startProxy(mock.url, { priorityScheduling: false });
  expect(await priorityOne(told.url, false)).toBeGreaterThanOrEqual(400);
  const [server] = await told.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, 'chat-completions.priority-follows-scheduling')?.status).toBe('pass');

  const scheduling = await startMockServer({ port: 0, priorityScheduling: true });
  mocks.push(scheduling);
  const untold = await startProxy(scheduling.url);
  expect(await priorityOne(untold.url, false)).toBe(200);
  const [judged] = await untold.stop();
  expect(result(judged!, 'chat-completions.priority-follows-scheduling')?.status).toBe('fail');
  const on = await startProxy(scheduling.url, { priorityScheduling: true });
  expect(await priorityOne(on.url, false)).toBe(200);
  const [quiet] = await on.stop();
  expect(result(quiet!, 'chat-completions.priority-follows-scheduling')).toBeUndefined();
});
