import { expect, test } from 'vitest';
import { RECORD_KIND } from '../core/record-kinds.js';
import { ListingReader } from './jsonl-answer.js';

test('each record comes with its line number and its line length, what the pair memory weighs it by', () => {
  const seen: [string, number, number][] = [];
  const reader = new ListingReader(
    RECORD_KIND.predictions,
    200,
    { validate: () => ({ ok: true }) } as never,
    (r, n, b) => seen.push([r.prediction_id as string, n, b]),
  );
  const lines = [JSON.stringify({ prediction_id: 'a', x: 'y'.repeat(1000) }), JSON.stringify({ prediction_id: 'b' })];
  const body = Buffer.from(`${lines.join('\n')}\n`);
  // Split mid-line: a record's length is its whole line's, whatever the chunks.
  reader.push(body.subarray(0, 500));
  reader.push(body.subarray(500));
  expect(reader.finish()).toMatchObject({ records: 2, lines: 2, problem: undefined });
  expect(seen).toEqual([
    ['a', 1, lines[0]!.length],
    ['b', 2, lines[1]!.length],
  ]);
});
