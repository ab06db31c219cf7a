/**
 * Stream timing, measured at the client: a paced stream sends its headers at once, its
 * first event `ttft_ms` after them and each later one `itl_ms` after the one before, over a socket
 * and in-process; `delay_ms` holds the headers back. The tolerances hold on a loaded 2-core machine:
 * lower bounds are firm (the k-th event never arrives before ttft + k × itl from the request), upper
 * bounds loose (a second or two of slack).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMock, type MockServer, startMockServer } from '../../mock/index.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const TTFT = 150;
const ITL = 40;
/** Slack for the upper bounds: a busy machine delays, it never hurries. */
const LATE = 2_000;

interface Timed {
  headersAt: number;
  /** Arrival of each SSE event, in ms from the request. */
  events: number[];
  /** Distinct socket reads that carried events. */
  reads: number;
}

async function timedStream(send: () => Promise<Response>): Promise<Timed> {
  const start = performance.now();
  const res = await send();
  const headersAt = performance.now() - start;
  expect(res.status).toBe(200);
  const events: number[] = [];
  let reads = 0;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    const at = performance.now() - start;
    buffer += decoder.decode(bytes, { stream: true });
    const parts = buffer.split('\n\n');
    buffer = parts.pop() ?? '';
    if (parts.length > 0) reads++;
    for (const _ of parts) events.push(at);
  }
  return { headersAt, events, reads };
}

const chatInit = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function expectPaced(t: Timed, ttft: number, itl: number, events: number): void {
  expect(t.events).toHaveLength(events);
  // Firm: the k-th event is sent no earlier than ttft + k × itl after the headers, so arrives no earlier.
  t.events.forEach((at, k) => {
    expect(at, `event ${k}`).toBeGreaterThanOrEqual(ttft + k * itl);
  });
  // The headers come first, ahead of the first event.
  expect(t.headersAt).toBeLessThan(t.events[0]!);
  // Loose: nothing far later than asked.
  expect(t.events[0]!).toBeLessThan(ttft + LATE);
  expect(t.events.at(-1)!).toBeLessThan(ttft + (events - 1) * itl + LATE);
  // Spread out, not in one read: most events arrive in reads of their own.
  expect(t.reads).toBeGreaterThan(events / 2);
}

test('a scripted reply with ttft_ms and itl_ms, over a socket', async () => {
  // 8 content tokens: the role event, 8 deltas, the finish, [DONE].
  server.mock.addScript({ reply: { content: 'one two three four five six seven eight', ttft_ms: TTFT, itl_ms: ITL } });
  const t = await timedStream(() =>
    fetch(`${server.url}/v1/chat/completions`, chatInit({ messages: [{ role: 'user', content: 'x' }], stream: true })),
  );
  expectPaced(t, TTFT, ITL, 11);
});

test('streamTtftMs and streamItlMs pace every stream of the mock, in-process too', async () => {
  const mock = createMock({ streamTtftMs: TTFT, streamItlMs: ITL });
  // 5 tokens: the role event, 5 deltas (the last with the finish), [DONE].
  const body = { messages: [{ role: 'user', content: 'x' }], stream: true, max_completion_tokens: 5 };
  const t = await timedStream(() => mock.fetch('http://mock.invalid/v1/chat/completions', chatInit(body)));
  expectPaced(t, TTFT, ITL, 7);
  // A whole answer is not paced.
  const start = performance.now();
  const whole = await mock.fetch('http://mock.invalid/v1/chat/completions', chatInit({ ...body, stream: false }));
  await whole.json();
  expect(performance.now() - start).toBeLessThan(TTFT + LATE);
});

test('delay_ms holds the headers back; a reply without pacing arrives whole', async () => {
  server.mock.addScript({ reply: { content: 'quick answer', delay_ms: 120 } });
  const t = await timedStream(() =>
    fetch(`${server.url}/v1/chat/completions`, chatInit({ messages: [{ role: 'user', content: 'x' }], stream: true })),
  );
  expect(t.headersAt).toBeGreaterThanOrEqual(120);
  expect(t.headersAt).toBeLessThan(120 + LATE);
  expect(t.events).toHaveLength(5); // the role, 2 deltas, the finish, [DONE]
  expect(t.events.at(-1)! - t.events[0]!).toBeLessThan(LATE);
});
