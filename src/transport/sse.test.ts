import { expect, test } from 'vitest';
import { SseParser, type SseEvent } from './sse.js';

const enc = (s: string) => new TextEncoder().encode(s);

function parseAll(chunks: Uint8Array[]): { events: SseEvent[]; incomplete: string | undefined } {
  const p = new SseParser();
  const events = chunks.flatMap((c) => p.push(c));
  const end = p.end();
  return { events: [...events, ...end.events], incomplete: end.incomplete };
}

const STREAM =
  ': keep-alive comment\r\ndata: {"a":1}\r\n\r\ndata:{"b":"é✓"}\n\nevent: error\ndata: line1\ndata: line2\r\rdata: [DONE]\n\n';
const EXPECTED: SseEvent[] = [
  { event: 'message', data: '{"a":1}' },
  { event: 'message', data: '{"b":"é✓"}' },
  { event: 'error', data: 'line1\nline2' },
  { event: 'message', data: '[DONE]' },
];

test('parses CRLF, CR and LF line ends, data with and without a space, comments and multi-line data', () => {
  expect(parseAll([enc(STREAM)])).toEqual({ events: EXPECTED, incomplete: undefined });
});

test('gives the same events when the stream is split at every byte position', () => {
  const bytes = enc(STREAM);
  for (let i = 1; i < bytes.length; i++) {
    expect(parseAll([bytes.subarray(0, i), bytes.subarray(i)]).events, `split at ${i}`).toEqual(EXPECTED);
  }
  expect(parseAll([...bytes].map((b) => Uint8Array.of(b))).events).toEqual(EXPECTED);
});

test('an event without its terminating blank line is reported incomplete, not dispatched', () => {
  const r = parseAll([enc('data: {"a":1}\n\ndata: {"cut":')]);
  expect(r.events).toEqual([{ event: 'message', data: '{"a":1}' }]);
  expect(r.incomplete).toBe('data: {"cut":');
  const r2 = parseAll([enc('data: {"a":1}\n\ndata: [DONE]\n')]);
  expect(r2.events).toHaveLength(1);
  expect(r2.incomplete).toBeDefined();
});

test('strips a leading BOM and ignores unknown fields', () => {
  expect(parseAll([enc('\ufeffretry: 10\nfoo: bar\ndata: x\n\n')]).events).toEqual([{ event: 'message', data: 'x' }]);
});

test('the last event ID carries to the events after it, and a block without data sets it too', () => {
  expect(parseAll([enc('id: 7\ndata: a\n\ndata: b\n\nid: 9\n\ndata: c\n\n')]).events).toEqual([
    { event: 'message', data: 'a', id: '7' },
    { event: 'message', data: 'b', id: '7' },
    { event: 'message', data: 'c', id: '9' },
  ]);
});

test('a CR ending the stream ends its last line, so the event it closes is dispatched', () => {
  expect(parseAll([enc('data: a\r\r')])).toEqual({ events: [{ event: 'message', data: 'a' }], incomplete: undefined });
});
