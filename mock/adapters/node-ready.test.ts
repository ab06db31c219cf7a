/**
 * Over a socket, a stream whose events are ready at once (a chat answer) is written from `ready()`
 * in one loop: the client reads every event, and the journal counts every byte and the end, for a
 * body seen for the first time and for one served again from the plan cache.
 */
import { expect, test } from 'vitest';
import { startMockServer } from './node.js';

const headers = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };
const body = JSON.stringify({
  messages: [{ role: 'user', content: 'Count.' }],
  max_completion_tokens: 40,
  stream: true,
});

test('a ready stream over a socket: every event sent and counted, twice alike', async () => {
  const server = await startMockServer({ port: 0 });
  try {
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', headers, body });
      texts.push(await res.text());
    }
    const events = texts.map((t) => t.split('\n\n').filter(Boolean));
    expect(events[0]!.at(-1)).toBe('data: [DONE]');
    expect(events[0]!.length).toBeGreaterThan(10);
    const strip = (e: string) => e.replace(/"id":"[^"]+","object":"chat.completion.chunk","created":\d+/, '');
    expect(events[1]!.map(strip)).toEqual(events[0]!.map(strip));
    const entries = server.mock.requests();
    expect(entries.map((e) => [e.status, e.response_bytes, e.complete, e.cut])).toEqual(
      texts.map((t) => [200, Buffer.byteLength(t), true, null]),
    );
  } finally {
    await server.close();
  }
});
