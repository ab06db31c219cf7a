import { expect, test } from 'vitest';
import { RECORD_KINDS } from '../core/record-kinds.js';
import { type ListingJudgement, ListingPairs, type ListingSeen } from './listing-pairs.js';

/** A judgement in short: the order's first difference, a page's expected records, a filter's missing ones. */
const brief = (j: ListingJudgement) => (j.rule === 'order' ? j.at : j.rule === 'page' ? j.expected : j.missing);
const kind = RECORD_KINDS.find((k) => k.name === 'predictions')!;
const records = (ids: string[], run = 'r1') => ids.map((id) => ({ id, run }));
const full = (ids: string[]): ListingSeen => ({ kind, scope: 'acme/evals', target: '/all', records: records(ids) });
const page = (offset: number, limit: number, ids: string[]): ListingSeen => ({
  kind,
  scope: 'acme/evals',
  target: `/page?offset=${offset}`,
  offset,
  limit,
  records: records(ids),
});

test('a page is judged once the full listing around it reads the same twice', () => {
  const pairs = new ListingPairs();
  expect(pairs.seen(full(['a', 'b', 'c', 'd', 'e']))).toEqual([]);
  expect(pairs.seen(page(1, 2, ['b', 'c']))).toEqual([]);
  expect(pairs.seen(page(3, 2, ['c', 'd']))).toEqual([]);
  const judged = pairs.seen(full(['a', 'b', 'c', 'd', 'e']));
  expect(judged.map(brief)).toEqual([-1, undefined, ['d', 'e']]);
  // What was judged is not judged again: only the order, once more.
  expect(pairs.seen(full(['a', 'b', 'c', 'd', 'e'])).map(brief)).toEqual([-1]);
});

test('nothing is judged when the data changed, the order moved, or no full listing came before', () => {
  const pairs = new ListingPairs();
  expect(pairs.seen(page(0, 2, ['x', 'y']))).toEqual([]);
  pairs.seen(full(['a', 'b', 'c']));
  pairs.seen(page(0, 2, ['x', 'y']));
  expect(pairs.seen(full(['a', 'b', 'c', 'new']))).toEqual([]);
  pairs.seen(page(0, 2, ['x', 'y']));
  // The same records in another order: the order's breach, and no page judged.
  expect(pairs.seen(full(['b', 'a', 'c', 'new'])).map(brief)).toEqual([0]);
  // Records without ids: no reference.
  pairs.seen({ ...full([]), records: undefined });
  pairs.seen(page(0, 1, ['b']));
  expect(pairs.seen({ ...full([]), records: undefined })).toEqual([]);
});

test('a filtered listing is judged for the records of its run that it left out', () => {
  const pairs = new ListingPairs();
  const all: ListingSeen = { ...full([]), records: [...records(['a', 'b'], 'r1'), ...records(['c'], 'r2')] };
  pairs.seen(all);
  pairs.seen({ kind, scope: 'acme/evals', target: '/f', evaluationRunId: 'r1', records: records(['a']) });
  pairs.seen({ kind, scope: 'acme/evals', target: '/f2', evaluationRunId: 'r2', records: records(['c'], 'r2') });
  const judged = pairs.seen(all);
  expect(judged.map(brief)).toEqual([-1, ['b'], []]);
});

test('listings of another project or kind are kept apart', () => {
  const pairs = new ListingPairs();
  pairs.seen(full(['a', 'b']));
  pairs.seen({ ...page(0, 1, ['z']), scope: 'acme/other' });
  expect(pairs.seen(full(['a', 'b'])).map(brief)).toEqual([-1]);
});
