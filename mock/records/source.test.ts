import { expect, test } from 'vitest';
import { RecordSource } from './source.js';

const source = (seed = 1) => new RecordSource({ entity: 'acme', project: 'evals', records: 2_000_000, seed });

test('started_at is the ISO time of the record, across minute, hour and day boundaries', () => {
  const s = source();
  const base = Date.parse(s.record('prediction', 0, 'u').started_at as string);
  for (const i of [0, 1, 59, 60, 3599, 3600, 86_399, 86_400, 86_401, 1_000_000, 1_999_999]) {
    expect(s.record('prediction', i, 'u').started_at, `record ${i}`).toBe(new Date(base + i * 1000).toISOString());
  }
});

test('a record is the same line every time it is computed, and another seed gives other text', () => {
  const a = source(1);
  const b = source(1);
  const c = source(2);
  for (const i of [0, 7, 123_456]) {
    expect(a.line('prediction', i, '"u"')).toBe(b.line('prediction', i, '"u"'));
    expect(a.record('score', i, 'u')).toEqual(b.record('score', i, 'u'));
  }
  const texts = (s: RecordSource) =>
    [0, 1, 2, 3].map((i) => (s.record('prediction', i, 'u').inputs as { question: string }).question);
  expect(texts(a)).not.toEqual(texts(c));
  expect(new Set(texts(a)).size).toBeGreaterThan(1);
});
