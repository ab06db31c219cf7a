/** The target's pace: a short streamed answer timed, and each chat request's deadline from it. */
import { expect, test } from 'vitest';
import { RUN_DEFAULTS } from '../core/defaults.js';
import type { HttpRequestSpec, StreamingExchange } from '../transport/types.js';
import { generationMs, measureGeneration, pacedTimeout } from './pace.js';

const target = {
  baseUrl: 'http://t',
  entity: 'e',
  project: 'p',
  modelId: 'm',
  priorityScheduling: false,
  allowWrites: false,
  bundledMock: false,
  listParams: RUN_DEFAULTS.target.listParams,
  listReadCap: 10,
  maxCompletionTokens: 16,
};
const chat = (json: Record<string, unknown>): HttpRequestSpec => ({
  method: 'POST',
  path: '/v1/chat/completions',
  json,
});
const pace = { roundTripMs: 20, generation: { ttftMs: 200, perTokenMs: 50 } };

test('a chat request gets three times its first token and its tokens at the measured rate, when longer than --timeout', () => {
  // 16 tokens × n 2 at 50 ms, after 200 ms: 1.8 s, times 3.
  expect(pacedTimeout(pace, 1_000, 16, chat({ max_completion_tokens: 16, n: 2 }))).toBe(3 * (200 + 32 * 50));
  // max_tokens read too; none: --max-completion-tokens.
  expect(pacedTimeout(pace, 1_000, 16, chat({ max_tokens: 4 }))).toBe(3 * (200 + 4 * 50));
  expect(pacedTimeout(pace, 1_000, 16, chat({}))).toBe(3 * (200 + 16 * 50));
  // A case asking for more than 8 × --max-completion-tokens counts that many.
  expect(pacedTimeout(pace, 1_000, 16, chat({ max_completion_tokens: 2 ** 31 }))).toBe(3 * (200 + 128 * 50));
  // --timeout stays the least; other requests keep it; no pace measured, nothing changes.
  expect(pacedTimeout(pace, 60_000, 16, chat({}))).toBe(60_000);
  expect(pacedTimeout(pace, 1_000, 16, { method: 'GET', path: '/v1/models' })).toBe(1_000);
  expect(pacedTimeout({ roundTripMs: 20 }, 1_000, 16, chat({}))).toBe(1_000);
  expect(generationMs(pace.generation, 10)).toBe(700);
});

/** A stream of content events, one at each of `at` (ms since the request), then the usage. */
function streamAt(at: readonly number[], tokens = at.length): StreamingExchange {
  const events = at.map((t) => ({ t, data: '{"choices":[{"index":0,"delta":{"content":"x"}}]}' }));
  events.push({ t: at.at(-1) ?? 0, data: `{"choices":[],"usage":{"completion_tokens":${tokens}}}` });
  let now = 0;
  return {
    request: { method: 'POST', url: 'http://t/v1/chat/completions', headers: {} },
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    chunks: (async function* () {
      for (const e of events) {
        now = e.t;
        yield new TextEncoder().encode(`data: ${e.data}\n\n`);
      }
      yield new TextEncoder().encode('data: [DONE]\n\n');
    })(),
    elapsedMs: () => now,
    close: async () => undefined,
  } as unknown as StreamingExchange;
}

const client = (stream: StreamingExchange) => ({ open: async () => stream }) as never;

test('the probe times the first token, then the gaps between the others', async () => {
  const g = await measureGeneration(client(streamAt([300, 350, 400, 450, 500])), target, 10_000);
  expect(g).toEqual({ ttftMs: 300, perTokenMs: 50 });
});

test('a stream that arrives all at once shares its whole time among its tokens', async () => {
  const g = await measureGeneration(client(streamAt([800, 800, 800, 800])), target, 10_000);
  expect(g).toEqual({ ttftMs: 800, perTokenMs: 200 });
});
