import { expect, test } from 'vitest';
import { defineCheck } from '../core/check.js';
import { pass } from '../core/result.js';
import { parseShard, selectChecks } from './select.js';

const c = (id: string, section: string) =>
  defineCheck({ id, operation: 'scores.list', section, level: 'MUST', requirement: 'r', run: async () => pass() });
const CAT = [
  c('auth.bearer-required', '§5'),
  c('scores.limit-bounds-count', '§4.7'),
  c('scores.read-unknown-404', '§4.8'),
  c('predictions.limit-bounds-count', '§4.5, §4.6'),
];

test('--only takes id prefixes, whole ids and sections', () => {
  expect(selectChecks(CAT, { only: ['scores.'] }).map((x) => x.id)).toEqual([
    'scores.limit-bounds-count',
    'scores.read-unknown-404',
  ]);
  expect(selectChecks(CAT, { only: ['scores'] }).map((x) => x.id)).toHaveLength(2);
  expect(selectChecks(CAT, { only: ['§4.6'] }).map((x) => x.id)).toEqual(['predictions.limit-bounds-count']);
  expect(selectChecks(CAT, { only: ['auth.bearer-required'] })).toHaveLength(1);
});

test('--skip removes matches', () => {
  expect(selectChecks(CAT, { skip: ['scores', '§5'] }).map((x) => x.id)).toEqual(['predictions.limit-bounds-count']);
});

test('a selector that matches no check is a usage error; selectors that together select nothing have their own code', () => {
  expect(() => selectChecks(CAT, { only: ['nothing.'] })).toThrow(
    expect.objectContaining({
      code: 'CTS_BAD_FLAG',
      message: expect.stringContaining('--only nothing. matches no check'),
    }),
  );
  expect(() => selectChecks(CAT, { skip: ['nothing.'] })).toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
  const first = CAT[0]!.id;
  expect(() => selectChecks(CAT, { only: [first], skip: [first] })).toThrow(
    expect.objectContaining({ code: 'CTS_NO_CHECKS' }),
  );
});

test('shards partition the catalogue deterministically', () => {
  const parts = [1, 2, 3].map((k) => selectChecks(CAT, { shard: { index: k, count: 3 } }).map((x) => x.id));
  expect(parts.flat().sort()).toEqual(CAT.map((x) => x.id).sort());
  expect(selectChecks(CAT, { shard: { index: 2, count: 3 } }).map((x) => x.id)).toEqual(parts[1]);
  expect(() => parseShard('4/3')).toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
  expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
});
