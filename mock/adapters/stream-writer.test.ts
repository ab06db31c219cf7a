import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildRequest } from '../request.js';
import { startMockServer, type MockServer } from './node.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    scripts: [
      { match: { last_user_message: 'cut me' }, reply: { content: 'one two three four five', cut_after_events: 2 } },
    ],
  });
});
afterAll(async () => {
  await server.close();
});

const chat = (content: string) =>
  JSON.stringify({ messages: [{ role: 'user', content }], max_completion_tokens: 12, stream: true, request_id: 'b1' });

/** The raw answer to a streamed chat request on its own connection: head, the chunks' sizes and data, and whether it ended. */
async function rawStream(body: string): Promise<{ head: string; chunks: string[]; ended: boolean }> {
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write(
        `POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer mock-token\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    const parts: Buffer[] = [];
    socket.on('data', (d: Buffer) => parts.push(d));
    socket.on('close', () => resolve(Buffer.concat(parts)));
    socket.on('error', reject);
  });
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  let rest = text.slice(split + 4);
  const chunks: string[] = [];
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) return { head: text.slice(0, split), chunks, ended: false };
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (size === 0) return { head: text.slice(0, split), chunks, ended: true };
    chunks.push(Buffer.from(rest.slice(line + 2, line + 2 + size), 'latin1').toString('utf8'));
    rest = rest.slice(line + 2 + size + 2);
  }
}

const masked = (events: string) => events.replaceAll(/"created":\d+/g, '"created":0');

test("a stream's events ready at once leave in one chunk, the same events as the core answers", async () => {
  const expected = await server.mock.handle(
    buildRequest('POST', '/v1/chat/completions', { json: JSON.parse(chat('hello there')) }),
  );
  let events = '';
  for await (const e of expected.stream ?? []) events += e;
  // The first answer to a body, then the same body answered again (from the plan cache).
  for (const _ of [1, 2]) {
    const { head, chunks, ended } = await rawStream(chat('hello there'));
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toMatch(/\r\nTransfer-Encoding: chunked/);
    expect(ended).toBe(true);
    expect(chunks).toHaveLength(1);
    expect(masked(chunks[0] ?? '')).toBe(masked(events));
    expect(events.endsWith('data: [DONE]\n\n')).toBe(true);
  }
});

test('a stream cut by a script still sends the events before the cut, then drops the connection', async () => {
  const { chunks, ended } = await rawStream(chat('please cut me'));
  expect(ended).toBe(false);
  const events = chunks.join('').split('\n\n').filter(Boolean);
  expect(events).toHaveLength(2);
  for (const e of events) expect(e.startsWith('data: {')).toBe(true);
});
