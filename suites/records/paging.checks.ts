/** @module §4.5/§4.7 `limit` and `offset`, paging through every record once, and a stable order. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeQuery, readKeys, readListing, showKey } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { firstDifference, limitBreach, pageBreach, STABLE_ORDER_CONVENTION } from '../../src/rules/records.js';
import type { RecordRow } from './record-check.js';

/** Records compared when judging order: enough to see a reordering, few enough to stay cheap. */
const ORDER_PREFIX = 200;

const noRecords = (ctx: CheckContext, kind: RecordKind, what: string): CheckOutcome =>
  skip(`the project ${ctx.target.entity}/${ctx.target.project} holds no ${kind.name}: ${what} cannot be judged`);

export const pagingRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.limit-bounds-count', scores: 'scores.limit-bounds-count' },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Listing ${kind.name} with the limit parameter ("maximum number of ${kind.name} to return") answers at most that many records (${kind.listSection}).`,
    run: limitBoundsCount,
  },
  {
    id: { predictions: 'predictions.stable-order', scores: 'scores.stable-order' },
    judges: 'listing',
    level: 'SHOULD',
    convention: STABLE_ORDER_CONVENTION,
    requirement: (kind) =>
      `Two listings of ${kind.name} in a row give their records in the same order (pages taken with offset are consistent only then).`,
    run: stableOrder,
  },
  {
    id: { predictions: 'predictions.offset-skips', scores: 'scores.offset-skips' },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Listing ${kind.name} with offset k and limit m answers the records at positions k…k+m-1 of the full listing ("number of ${kind.name} to skip", ${kind.listSection}); judged when the order is stable.`,
    run: offsetSkips,
  },
  {
    id: {
      predictions: 'predictions.paging-yields-each-record-once',
      scores: 'scores.paging-yields-each-record-once',
    },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Paging through the ${kind.name} listing with limit and offset yields every record of the listing exactly once, no page over its limit (${kind.listSection}); judged when the order is stable.`,
    run: pagingYieldsEachRecordOnce,
    // The reference listing, at most 7 pages of 3 requests each, 2 more, and unlessUnstable's re-reads.
    schedule: { maxRequests: () => 1 + 7 * 3 + 2 + 2 },
  },
];

async function limitBoundsCount(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const limits = [1, 2 + ((ctx.seed >>> 0) % 5)];
  let seen = 0;
  const notes: string[] = [];
  for (const limit of limits) {
    const r = await readListing(ctx, kind, { query: { limit }, max: limit });
    if (!r.ok) return r.failure;
    notes.push(...r.notes);
    seen += r.count;
    const over = limitBreach(limit, r.count + (r.more ? 1 : 0));
    if (over)
      return fail({
        expected: `at most ${limit} record(s) for ${describeQuery(ctx, { limit })}`,
        actual: over,
        ...r.evidence,
      });
  }
  if (seen === 0) {
    const any = await readListing(ctx, kind, { max: 1 });
    if (!any.ok) return any.failure;
    if (any.count === 0) return noRecords(ctx, kind, 'limit');
    // Records exist, yet every limited listing was empty: the bound was never exercised (SKIP).
    return skip(
      `every listing with ${ctx.target.listParams.limit} (${limits.join(', ')}) was empty although the unlimited listing has records: the bound was never exercised (see ${kind.name}.paging-yields-each-record-once)`,
    );
  }
  return pass(notes);
}

async function stableOrder(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const max = Math.min(ORDER_PREFIX, ctx.target.listReadCap);
  const first = await readKeys(ctx, kind, { max });
  if (!first.ok) return first.failure;
  if (first.keys.length < 2)
    return skip(`fewer than two ${kind.name} in ${ctx.target.entity}/${ctx.target.project}: no order to judge`);
  const second = await readKeys(ctx, kind, { max });
  if (!second.ok) return second.failure;
  const at = firstDifference(first.keys, second.keys);
  if (at !== -1) {
    return fail({
      expected: `the same order in both listings (first ${Math.min(first.keys.length, second.keys.length)} records compared)`,
      actual: `position ${at} held ${showKey(first.keys[at]!)} in the first listing and ${showKey(second.keys[at]!)} in the second`,
      ...second.evidence,
    });
  }
  return pass([`${Math.min(first.keys.length, second.keys.length)} records in the same order twice`]);
}

async function offsetSkips(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  let k = 1 + ((ctx.seed >>> 0) % 7);
  const m = 2 + ((ctx.seed >>> 3) % 4);
  const ref = await readKeys(ctx, kind, { max: k + m });
  if (!ref.ok) return ref.failure;
  if (ref.keys.length === 0) return noRecords(ctx, kind, 'offset');
  // One record: the offset would shrink to 0, and a page that skips nothing judges nothing.
  if (ref.keys.length < 2)
    return skip(
      `the project ${ctx.target.entity}/${ctx.target.project} lists a single ${kind.title}: no offset inside the listing skips anything`,
    );
  if (ref.keys.length <= k) k = Math.floor(ref.keys.length / 2);
  const query = { offset: k, limit: m };
  const page = await readKeys(ctx, kind, { query, max: m });
  if (!page.ok) return page.failure;
  const expected = pageBreach(ref.keys, k, m, page.keys, page.more);
  if (!expected) return pass([...ref.notes]);
  return unlessUnstable(ctx, kind, ref.keys, 'an offset slice', () =>
    fail({
      expected: `${describeQuery(ctx, query)} to answer positions ${k}…${k + m - 1} of the full listing: ${expected.map(showKey).join(', ') || 'no records'}`,
      actual: `${page.keys.map(showKey).join(', ') || 'no records'}${page.more ? ', and more (over the limit)' : ''}`,
      ...page.evidence,
    }),
  );
}

async function pagingYieldsEachRecordOnce(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const ref = await readKeys(ctx, kind, {});
  if (!ref.ok) return ref.failure;
  const n = ref.keys.length;
  if (n === 0) return noRecords(ctx, kind, 'paging');
  const notes = [...ref.notes];
  if (!ref.complete) notes.push(`the listing is longer than the read cap: paged through its first ${n} records`);
  // About six pages whatever the size.
  const pageSize = Math.max(1, Math.ceil(n / 6));
  const paging = await pageThrough(ctx, kind, ref.keys, pageSize);
  if (!('paged' in paging)) return paging;
  const { paged, pages } = paging;
  const judged = paged.slice(0, n);
  const pagedSet = new Set(judged);
  const refSet = new Set(ref.keys);
  const missing = ref.keys.filter((key) => !pagedSet.has(key));
  const extra = judged.filter((key) => !refSet.has(key));
  if (missing.length || extra.length) {
    const some = (keys: readonly string[]) => keys.slice(0, 3).map(showKey).join(', ');
    return unlessUnstable(ctx, kind, ref.keys, 'paging', () =>
      fail({
        expected: `the ${n} records of the ${ref.complete ? 'listing' : 'listing (up to the read cap)'}, each once, across ${pages} pages of ${pageSize}`,
        actual: [
          missing.length ? `${missing.length} record(s) never paged, e.g. ${some(missing)}` : '',
          extra.length ? `${extra.length} paged record(s) not in the listing, e.g. ${some(extra)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        ...ref.evidence,
      }),
    );
  }
  return pass([`${judged.length} records in ${pages} pages of ${pageSize}, each once`, ...notes]);
}

/** Pages through the listing until the reference's records are paged or a page comes back empty. */
async function pageThrough(
  ctx: CheckContext,
  kind: RecordKind,
  reference: readonly string[],
  pageSize: number,
): Promise<{ paged: string[]; pages: number } | CheckOutcome> {
  const n = reference.length;
  // A page may hold fewer than `limit` records: a budget of requests, not of pages.
  const budget = Math.ceil(n / pageSize) * 3 + 2;
  const seen = new Map<string, number>();
  const paged: string[] = [];
  let offset = 0;
  let pages = 0;
  for (;;) {
    if (pages >= budget) {
      return skip(
        `paging ${n} records in pages of at most ${pageSize} took more than ${budget} requests (the target answers pages much smaller than the limit): stopped to keep requests few`,
      );
    }
    const query = { offset, limit: pageSize };
    const page = await readKeys(ctx, kind, { query, max: pageSize });
    if (!page.ok) return page.failure;
    pages++;
    if (page.more)
      return fail({
        expected: `at most ${pageSize} records for ${describeQuery(ctx, query)}`,
        actual: `more than ${pageSize} records`,
        ...page.evidence,
      });
    for (const key of page.keys) {
      const before = seen.get(key);
      if (before !== undefined) {
        return unlessUnstable(ctx, kind, reference, 'paging', () =>
          fail({
            expected: 'every record exactly once across the pages',
            actual: `${showKey(key)} appeared at paged position ${before} and again on the page ${describeQuery(ctx, query)}`,
            ...page.evidence,
          }),
        );
      }
      seen.set(key, paged.length);
      paged.push(key);
    }
    if (page.keys.length === 0) break;
    offset += page.keys.length;
    // Records past the reference's n are not judged (§8: "maximum page size: not shown").
    if (paged.length >= n) break;
  }
  return { paged, pages };
}

/** A mismatch of pages with the listing is a finding only when the order is stable; otherwise a skip. */
async function unlessUnstable(
  ctx: CheckContext,
  kind: RecordKind,
  reference: readonly string[],
  what: string,
  finding: () => CheckOutcome,
): Promise<CheckOutcome> {
  const again = await readKeys(ctx, kind, { max: Math.min(reference.length, ORDER_PREFIX) });
  if (!again.ok) return again.failure;
  if (firstDifference(reference.slice(0, Math.min(reference.length, ORDER_PREFIX)), again.keys) !== -1)
    return skip(
      `the order of the listing changed between two reads (see ${kind.name}.stable-order): ${what} cannot be judged`,
    );
  return finding();
}
