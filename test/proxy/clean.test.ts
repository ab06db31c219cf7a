/**
 * The proxy in front of the clean bundled mock: the official openai SDK (streamed and not) and a
 * JSONL consumer go through it and get what they would get directly; nothing is found on either
 * side, every rule the traffic touches is judged, and the coverage names what was exercised.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { chatBothWays, listRecords, problems, result, sdk, startProxy, type RunningProxy } from './helpers.js';

let mock: MockServer;
let proxy: RunningProxy;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  proxy = await startProxy(mock.url);
});
afterAll(async () => {
  await proxy.stop();
  await mock.close();
});

test('SDK and JSONL clients get through the proxy what they get directly, and nothing is found', async () => {
  const client = sdk(proxy.url);
  const direct = sdk(mock.url);
  const messages = [{ role: 'user' as const, content: 'Tell me about lighthouses.' }];
  const viaProxy = await client.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    seed: 3,
    max_completion_tokens: 6,
  });
  const viaDirect = await direct.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    seed: 3,
    max_completion_tokens: 6,
  });
  expect(viaProxy.choices[0]?.message.content).toBe(viaDirect.choices[0]?.message.content);
  expect(viaProxy.usage).toEqual(viaDirect.usage);

  const text = await chatBothWays(client);
  expect(text.length).toBeGreaterThan(0);
  // n > 1, streamed: the stream judge gets n from the client's own request.
  const stream = await client.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    n: 2,
    temperature: 0.8,
    stream: true,
    max_completion_tokens: 4,
  });
  const indices = new Set<number>();
  for await (const chunk of stream) for (const c of chunk.choices) indices.add(c.index);
  expect([...indices].sort()).toEqual([0, 1]);

  const listed = await listRecords(proxy.url, 'predictions');
  const listedDirect = await listRecords(mock.url, 'predictions');
  expect(listed.status).toBe(200);
  expect(listed.bad).toEqual([]);
  expect(listed.records).toEqual(listedDirect.records);
  expect((await listRecords(proxy.url, 'scores', undefined, '?limit=5')).records).toHaveLength(5);
  const id = (listed.records[0] as { prediction_id: string }).prediction_id;
  const read = await fetch(`${proxy.url}/v2/acme/evals/predictions/${id}`, {
    headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` },
  });
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual(listed.records[0]);

  const [server, clients] = await proxy.stop();
  expect(problems(server!)).toEqual([]);
  expect(problems(clients!)).toEqual([]);
  // The rules were judged, not skipped: every exchange shows up.
  for (const id of [
    'acceptance.valid-request-succeeds.chat-create',
    'chat-completions.usage-adds-up',
    'streaming.usage-chunk-last-and-adds-up',
    'streaming.contiguous-choice-indices',
    'streaming.ends-with-done',
    'predictions.list-is-jsonl-of-records',
    'scores.list-is-jsonl-of-records',
    'acceptance.valid-request-succeeds.predictions-read',
    'target.answers-completely.chat-create',
  ]) {
    expect(result(server!, id)?.status, id).toBe('pass');
  }
  expect(result(clients!, 'client.request-schema.chat-create')?.notes?.[0]).toBe('judged on 4 exchanges');
  expect(server!.summary.conformant).toBe(true);
  // The coverage of what the traffic exercised: streamed and non-streamed chat fields, listing records.
  const c = server!.coverage!;
  expect(c.covered).toBeGreaterThan(20);
  expect(c.holes.some((h) => h.id === 'chat.create request-accepted stream_options (streamed)')).toBe(false);
  expect(c.holes.some((h) => h.id === 'chat.create request-accepted n (streamed)')).toBe(false);
  expect(c.holes.some((h) => h.id.startsWith('predictions.list response'))).toBe(false);
  expect(proxy.session.exchanges).toBe(7);
});

test("requests the interface forbids, refused by the server, are the client's findings only", async () => {
  const p = await startProxy(mock.url);
  const res = await fetch(`${p.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(401);
  const bad = await sdk(p.url)
    .chat.completions.create({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'hi' }], top_logprobs: 2 })
    .catch((e: unknown) => e);
  expect((bad as { status?: number }).status).toBe(400);
  // §7.2, stated: refused by the clean server, the client's finding (MUST).
  const section7 = await fetch(`${p.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEFAULT_TOKEN}` },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'hi' }],
      continue_final_message: true,
      add_generation_prompt: true,
    }),
  });
  expect(section7.status).toBe(400);
  const [server, clients] = await p.stop();
  expect(problems(server!)).toEqual([]);
  expect(problems(clients!).sort()).toEqual([
    'client.credentials.chat-create: no Authorization header',
    'client.request-rules.chat-create: top-logprobs-without-logprobs: when using `top_logprobs`, `logprobs` must be set to true.',
    'client.section-7-conditions.chat-create: Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
  ]);
  expect(result(clients!, 'client.section-7-conditions.chat-create')?.level).toBe('MUST');
  expect(result(server!, 'auth.rejects-missing-credentials.chat-create')?.status).toBe('pass');
  expect(result(server!, 'errors.error-body-shape.chat-create')?.status).toBe('pass');
  // The client's own request is the evidence, its token never: the curl line names the variable.
  const ev = result(clients!, 'client.request-rules.chat-create')!.evidence!;
  expect(ev.request?.body).toContain('"top_logprobs":2');
  expect(ev.curl).toContain('$CONFORMANCE_TOKEN');
  expect(JSON.stringify(clients)).not.toContain(DEFAULT_TOKEN);
});
