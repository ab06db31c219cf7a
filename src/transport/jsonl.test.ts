import { expect, test } from 'vitest';
import { JsonlSplitter, type JsonlLine } from './jsonl.js';

const enc = (s: string) => new TextEncoder().encode(s);
function split(chunks: Uint8Array[]): JsonlLine[] {
  const s = new JsonlSplitter();
  return [...chunks.flatMap((c) => s.push(c)), ...s.end()];
}

test('splits LF and CRLF lines and keeps an unterminated last line', () => {
  expect(split([enc('{"a":1}\r\n{"b":2}\n{"c":3}')])).toEqual([
    { number: 1, text: '{"a":1}', unterminated: false },
    { number: 2, text: '{"b":2}', unterminated: false },
    { number: 3, text: '{"c":3}', unterminated: true },
  ]);
});

test('gives the same lines when split at every byte, multi-byte characters included', () => {
  const text = '{"x":"ü€"}\r\n{"y":"𝄞"}\n';
  const whole = split([enc(text)]);
  const bytes = enc(text);
  for (let i = 1; i < bytes.length; i++)
    expect(split([bytes.subarray(0, i), bytes.subarray(i)]), `at ${i}`).toEqual(whole);
});

test('an empty stream has no lines', () => {
  expect(split([])).toEqual([]);
});
