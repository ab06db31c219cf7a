/**
 * Recorded fixtures: answers a real server gave, recorded through `conformance proxy --record FILE
 * --record-bodies`, served again by a mock started with `fixtures` to the requests that match them
 * (method, path and query, canonical JSON body), a stream at its recorded pace (`replaySpeed`
 * scales it); any other request gets the mock's own answer. Timing bounds are firm below (a
 * recorded offset is never served early) and loose above (a loaded machine delays).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMock, FixtureError, type MockServer, startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { listRecords, startProxy } from '../proxy/helpers.js';

const TTFT = 120;
const ITL = 30;
const LATE = 2_000;
const dir = mkdtempSync(join(tmpdir(), 'cts-fixtures-'));
let file: string;
let recorded: { request: { url: string; body?: string }; response: Record<string, unknown> }[];

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  model: DEFAULT_MODEL,
  messages: [{ role: 'user', content }],
  max_completion_tokens: 8,
  ...extra,
});
const post = (body: unknown, token = DEFAULT_TOKEN): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Records a completion, a stream (paced upstream) and a listing through the proxy, into `file`. */
beforeAll(async () => {
  const upstream = await startMockServer({ port: 0, seed: 7, streamTtftMs: TTFT, streamItlMs: ITL });
  const lines: string[] = [];
  const proxy = await startProxy(upstream.url, { record: (l) => lines.push(l), recordBodies: true });
  try {
    await fetch(`${proxy.url}/v1/chat/completions`, post(chat('Say hello.'))).then((r) => r.text());
    await fetch(`${proxy.url}/v1/chat/completions`, post(chat('Count.', { stream: true }))).then((r) => r.text());
    await listRecords(proxy.url, 'scores', undefined, '?limit=2');
  } finally {
    await proxy.stop();
    await upstream.close();
  }
  recorded = lines.map((l) => JSON.parse(l));
  file = join(dir, 'recorded.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
});

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 99, fixtures: file });
});
afterAll(async () => {
  await server?.close();
});

test('a request matching a recorded one gets the recorded answer, whatever the key order of its JSON', async () => {
  const body = chat('Say hello.');
  const reordered = { max_completion_tokens: body.max_completion_tokens, messages: body.messages, model: body.model };
  const res = await fetch(`${server.url}/v1/chat/completions`, post(reordered));
  expect(res.status).toBe(200);
  expect(await res.text()).toBe(recorded[0]!.response.body);
  const [entry] = server.mock.requests().slice(-1);
  expect(entry!.script).toBe('fixture:1');
});

test('a request matching none gets the mock\u2019s own answer', async () => {
  const res = await fetch(`${server.url}/v1/chat/completions`, post(chat('Say goodbye.')));
  expect(res.status).toBe(200);
  expect(await res.text()).not.toBe(recorded[0]!.response.body);
  expect(server.mock.requests().at(-1)!.script).toBeNull();
});

test('a recorded listing is served with its query, and the same path with another query is the mock\u2019s', async () => {
  const same = await listRecords(server.url, 'scores', undefined, '?limit=2');
  expect(same.records.map((r) => JSON.stringify(r)).join('\n')).toBe((recorded[2]!.response.body as string).trim());
  const other = await listRecords(server.url, 'scores', undefined, '?limit=3');
  expect(other.records).toHaveLength(3);
});

test('credentials are checked first: a recorded request without them is refused as the mock refuses it', async () => {
  const res = await fetch(`${server.url}/v1/chat/completions`, post(chat('Say hello.'), 'wrong-token'));
  expect(res.status).toBe(401);
});

/** Arrival of each event of a streamed answer, in ms from the request. */
async function eventTimes(base: string): Promise<{ events: string[]; at: number[] }> {
  const start = performance.now();
  const res = await fetch(`${base}/v1/chat/completions`, post(chat('Count.', { stream: true })));
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: string[] = [];
  const at: number[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    const parts = buffer.split('\n\n');
    buffer = parts.pop() ?? '';
    for (const p of parts) {
      events.push(p);
      at.push(performance.now() - start);
    }
  }
  return { events, at };
}

test('a recorded stream is served event for event at the recorded pace', async () => {
  const recordedEvents = recorded[1]!.response.events as { offset_ms: number; data: string }[];
  const { events, at } = await eventTimes(server.url);
  expect(events).toEqual(recordedEvents.map((e) => e.data));
  // The recording was paced at TTFT, then ITL: served again, no event comes before its offset.
  recordedEvents.forEach((e, k) => {
    expect(at[k]).toBeGreaterThanOrEqual(e.offset_ms - 1);
    expect(at[k]).toBeLessThan(e.offset_ms + LATE);
  });
  // The recording holds the upstream's pace. Its offsets count from the answer's head, which a loaded
  // machine can deliver some ms after the upstream's TTFT began: firm only well below TTFT.
  expect(recordedEvents[0]!.offset_ms).toBeGreaterThanOrEqual(TTFT / 2);
});

test('replaySpeed scales the recorded pace', async () => {
  const fast = await startMockServer({ port: 0, fixtures: file, replaySpeed: 4 });
  try {
    const recordedEvents = recorded[1]!.response.events as { offset_ms: number }[];
    const last = recordedEvents.at(-1)!.offset_ms;
    const { at } = await eventTimes(fast.url);
    expect(at.at(-1)).toBeGreaterThanOrEqual(last / 4 - 1);
    // Four times as fast: well before the recorded end (a margin of half of it for a loaded machine).
    expect(at.at(-1)).toBeLessThan(last / 4 + last / 2);
  } finally {
    await fast.close();
  }
});

test('answers recorded twice for one request are served in turn, the last repeating, and a reset starts again', async () => {
  const line = (status: number, body: string) =>
    JSON.stringify({
      operation: 'chat.create',
      request: { method: 'POST', url: 'https://gw.example/api/v1/chat/completions', headers: {}, body: '{"a":1}' },
      response: {
        status,
        headers: { 'content-type': 'application/json', 'content-length': '9' },
        firstBytes: '',
        body,
      },
      findings: [],
    });
  const twice = join(dir, 'twice.jsonl');
  writeFileSync(twice, [line(429, '{"n":1}'), 'not json at all'].join('\n'));
  expect(() => createMock({ fixtures: twice })).toThrow(/twice\.jsonl line 2 is not JSON/);
  writeFileSync(twice, [line(429, '{"n":1}'), line(200, '{"n":2}')].join('\n'));
  const mock = createMock({ fixtures: twice });
  const send = async () => {
    const res = await mock.fetch('http://mock/v1/chat/completions', post({ a: 1 }));
    return `${res.status} ${await res.text()} ${res.headers.get('content-length') ?? ''}`;
  };
  expect([await send(), await send(), await send()]).toEqual(['429 {"n":1} ', '200 {"n":2} ', '200 {"n":2} ']);
  mock.reset();
  expect(await send()).toBe('429 {"n":1} ');
});

test('a fixtures file that cannot be read, or holds no whole answer, is a clear error at start', () => {
  expect(() => createMock({ fixtures: join(dir, 'absent.jsonl') })).toThrow(FixtureError);
  expect(() => createMock({ fixtures: join(dir, 'absent.jsonl') })).toThrow(/cannot read .*absent\.jsonl \(ENOENT\)/);
  const headsOnly = join(dir, 'heads.jsonl');
  writeFileSync(
    headsOnly,
    recorded
      .map((r) => JSON.stringify({ ...r, response: { ...r.response, body: undefined, events: undefined } }))
      .join('\n'),
  );
  expect(() => createMock({ fixtures: headsOnly })).toThrow(/no whole answer to serve .*--record-bodies/);
  expect(() => createMock({ fixtures: file, replaySpeed: 0 })).toThrow(/replaySpeed must be a number > 0/);
});
