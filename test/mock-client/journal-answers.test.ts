/**
 * The journal notes what the mock answered, as a client saw it: the status, the bytes of the body
 * sent, and whether a stream was cut, by the mock (a script's cut, chaos) or by the client going
 * away; in-process (mock.fetch) and over a socket (the node adapter, the admin route).
 */
import { expect, test } from 'vitest';
import { createMock, type JournalEntry, startMockServer } from '../../mock/index.js';

const auth = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };
const chat = { messages: [{ role: 'user', content: 'Hello' }], max_completion_tokens: 8, seed: 1 };
const post = (body: unknown): RequestInit => ({ method: 'POST', headers: auth, body: JSON.stringify(body) });
const answerOf = (e: JournalEntry | undefined) => e && [e.status, e.response_bytes, e.complete, e.cut];

test('whole answers: the status and the exact bytes of the body, complete, not cut', async () => {
  const mock = createMock();
  const ok = await (await mock.fetch('http://mock.test/v1/chat/completions', post(chat))).arrayBuffer();
  const refused = await (await mock.fetch('http://mock.test/v1/chat/completions', { method: 'POST' })).arrayBuffer();
  const unknown = await (await mock.fetch('http://mock.test/v1/nope', { headers: auth })).arrayBuffer();
  expect(mock.requests().map(answerOf)).toEqual([
    [200, ok.byteLength, true, null],
    [401, refused.byteLength, true, null],
    [404, unknown.byteLength, true, null],
  ]);
  expect(ok.byteLength).toBeGreaterThan(100);
});

test('a stream read to its end: every byte counted, complete', async () => {
  const mock = createMock();
  const res = await mock.fetch('http://mock.test/v1/chat/completions', post({ ...chat, stream: true }));
  const text = await res.text();
  expect(text).toContain('[DONE]');
  expect(answerOf(mock.requests()[0])).toEqual([200, Buffer.byteLength(text), true, null]);
});

test('a stream the mock cuts (a script with cut_after_events, chaos): cut by the mock, the bytes sent before it', async () => {
  for (const mock of [
    (() => {
      const m = createMock();
      m.addScript({ reply: { content: 'One two three four five six.', cut_after_events: 2 } });
      return m;
    })(),
    // Seed 5 at rate 1 draws a stream cut first (mock-options.test.ts).
    createMock({ chaos: 1, chaosSeed: 5 }),
  ]) {
    const res = await mock.fetch('http://mock.test/v1/chat/completions', post({ ...chat, stream: true }));
    expect(res.status).toBe(200);
    let text = '';
    const reader = res.body!.getReader();
    const failure = await (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        text += new TextDecoder().decode(value);
      }
    })().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TypeError);
    expect(text.length).toBeGreaterThan(0);
    expect(answerOf(mock.requests()[0])).toEqual([200, Buffer.byteLength(text), false, 'mock']);
  }
});

test('a client that cancels a stream half-way: cut by the client, only the bytes it took', async () => {
  const mock = createMock();
  const res = await mock.fetch('http://mock.test/v1/chat/completions', post({ ...chat, stream: true }));
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  // While the stream is still open, the entry says so.
  expect(answerOf(mock.requests()[0])).toEqual([200, 0, false, null]);
  await reader.cancel();
  const [entry] = mock.requests();
  expect(entry?.cut).toBe('client');
  expect(entry?.complete).toBe(false);
  expect(entry?.response_bytes).toBeLessThanOrEqual(first.value!.byteLength);
});

test('over a socket: a paced stream the client aborts is cut by the client; GET /__mock/requests shows it', async () => {
  const server = await startMockServer({ port: 0, streamTtftMs: 0, streamItlMs: 200 });
  try {
    const stop = new AbortController();
    const res = await fetch(`${server.url}/v1/chat/completions`, {
      ...post({ ...chat, stream: true }),
      signal: stop.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    stop.abort();
    await reader.read().catch(() => undefined);
    // The mock sees the socket close, and its paced stream ends at the next tick of its pace.
    let entry: JournalEntry | undefined;
    for (let i = 0; i < 40 && entry?.cut == null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const journal = await fetch(`${server.url}/__mock/requests`, { headers: auth });
      [entry] = (await journal.json()) as JournalEntry[];
    }
    expect(entry).toMatchObject({ status: 200, complete: false, cut: 'client' });
    expect(entry!.response_bytes).toBeGreaterThan(0);

    const whole = await fetch(`${server.url}/v1/models`, { headers: auth });
    const bytes = (await whole.arrayBuffer()).byteLength;
    const journal = (await (await fetch(`${server.url}/__mock/requests`, { headers: auth })).json()) as JournalEntry[];
    expect(answerOf(journal[1])).toEqual([200, bytes, true, null]);
    expect(journal[1]?.path).toBe('/v1/models');
  } finally {
    await server.close();
  }
});
