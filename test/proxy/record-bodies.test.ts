/**
 * `conformance proxy --record FILE --record-bodies`: the record keeps whole answers, a stream's
 * events each with its time offset from the answer's head (what `conformance mock --fixtures` serves
 * again at the recorded pace), redacted like the rest of the line; without the flag only the first
 * bytes, as before.
 */
import { expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { parseProxyArgs } from '../../app/cli/proxy-command.js';
import { listRecords, sdk, startProxy } from './helpers.js';

async function recorded(recordBodies: boolean) {
  const mock = await startMockServer({ port: 0 });
  const lines: string[] = [];
  const proxy = await startProxy(mock.url, { record: (l) => lines.push(l), recordBodies });
  try {
    const client = sdk(proxy.url);
    const messages = [{ role: 'user' as const, content: 'Say hello.' }];
    await client.chat.completions.create({ model: DEFAULT_MODEL, messages, max_completion_tokens: 8 });
    const stream = await client.chat.completions.create({
      model: DEFAULT_MODEL,
      messages,
      max_completion_tokens: 8,
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const _ of stream) void _;
    await listRecords(proxy.url, 'scores', undefined, '?limit=2');
    await proxy.stop();
    return lines.map(
      (l) => JSON.parse(l) as { request: { url: string; body?: string }; response: Record<string, unknown> },
    );
  } finally {
    await proxy.stop();
    await mock.close();
  }
}

test('--record-bodies keeps the whole JSON answer, the listing, and every event of a stream with its offset', async () => {
  const [plain, streamed, listing] = await recorded(true);
  const completion = JSON.parse(plain!.response.body as string) as { choices: unknown[] };
  expect(completion.choices).toHaveLength(1);
  const events = streamed!.response.events as { offset_ms: number; data: string }[];
  expect(events.at(-1)!.data).toBe('data: [DONE]');
  expect(events.length).toBeGreaterThan(3);
  expect(events.every((e) => e.data.startsWith('data: '))).toBe(true);
  const offsets = events.map((e) => e.offset_ms);
  expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  expect((listing!.response.body as string).trim().split('\n')).toHaveLength(2);
  expect(JSON.stringify([plain, streamed, listing])).not.toContain(DEFAULT_TOKEN);
});

test('without it the record keeps the first bytes only', async () => {
  const [plain, streamed] = await recorded(false);
  expect(plain!.response.body).toBeUndefined();
  expect(streamed!.response.events).toBeUndefined();
  expect(typeof streamed!.response.firstBytes).toBe('string');
});

test('--record-bodies without --record is a usage error naming what is missing', () => {
  expect(() => parseProxyArgs(['--target', 'http://127.0.0.1:9', '--record-bodies'], {})).toThrow(/--record FILE/);
  const cfg = parseProxyArgs(['--target', 'http://127.0.0.1:9', '--record', '/tmp/r.jsonl', '--record-bodies'], {});
  expect(cfg !== 'help' && cfg.recordBodies).toBe(true);
});
