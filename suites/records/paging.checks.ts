/**
 * @module §4.5/§4.7 limit and offset: `limit` bounds the count, `offset` skips (a page is a
 * consistent slice of the full listing when its order is stable), paging with limit/offset yields
 * every record exactly once; and the order is stable across two listings (a convention: the
 * interface says "Ordering of results: not shown").
 */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeQuery, readKeys, readListing, showKey } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { firstDifference, limitBreach, pageBreach, STABLE_ORDER_CONVENTION } from '../../src/rules/records.js';

/** Records compared when judging order: enough to see a reordering, few enough to stay cheap. */
const ORDER_PREFIX = 200;

/** Two listings of the first `n` keys; `unstable` when they differ in order. */
async function orderIsStable(
  ctx: CheckContext,
  kind: RecordKind,
  reference: readonly string[],
): Promise<boolean | CheckOutcome> {
  const again = await readKeys(ctx, kind, { max: reference.length });
  if (!again.ok) return again.failure;
  return firstDifference(reference, again.keys) === -1;
}

export function pagingChecks(kind: RecordKind): CheckDefinition[] {
  const limitBoundsCount = defineCheck({
    id: `${kind.name}.limit-bounds-count`,
    operation: kind.listOp,
    section: kind.listSection,
    level: 'MUST',
    requirement: `Listing ${kind.name} with the limit parameter ("maximum number of ${kind.name} to return") answers at most that many records (${kind.listSection}).`,
    async run(ctx) {
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
        if (any.count === 0)
          return skip(
            `the project ${ctx.target.entity}/${ctx.target.project} holds no ${kind.name}: limit cannot be judged`,
          );
        // Records exist, yet every limited listing was empty: "at most n" held only because nothing
        // came, so the bound was never exercised. SKIP, not pass; the missing records are
        // paging-yields-each-record-once's and offset-skips' failure.
        return skip(
          `every listing with ${ctx.target.listParams.limit} (${limits.join(', ')}) was empty although the unlimited listing has records: the bound was never exercised (see ${kind.name}.paging-yields-each-record-once)`,
        );
      }
      return pass(notes);
    },
  });

  const stableOrder = defineCheck({
    id: `${kind.name}.stable-order`,
    operation: kind.listOp,
    section: kind.listSection,
    level: 'SHOULD',
    convention: STABLE_ORDER_CONVENTION,
    requirement: `Two listings of ${kind.name} in a row give their records in the same order (pages taken with offset are consistent only then).`,
    async run(ctx) {
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
    },
  });

  const offsetSkips = defineCheck({
    id: `${kind.name}.offset-skips`,
    operation: kind.listOp,
    section: kind.listSection,
    level: 'MUST',
    requirement: `Listing ${kind.name} with offset k and limit m answers the records at positions k…k+m-1 of the full listing ("number of ${kind.name} to skip", ${kind.listSection}); judged when the order is stable.`,
    async run(ctx) {
      let k = 1 + ((ctx.seed >>> 0) % 7);
      const m = 2 + ((ctx.seed >>> 3) % 4);
      const ref = await readKeys(ctx, kind, { max: k + m });
      if (!ref.ok) return ref.failure;
      if (ref.keys.length === 0)
        return skip(
          `the project ${ctx.target.entity}/${ctx.target.project} holds no ${kind.name}: offset cannot be judged`,
        );
      // One record: the offset below would shrink to 0, and a page that skips nothing judges no
      // skipping. SKIP, not pass.
      if (ref.keys.length < 2)
        return skip(
          `the project ${ctx.target.entity}/${ctx.target.project} lists a single ${kind.title}: no offset inside the listing skips anything`,
        );
      // A short listing: keep the offset inside it, so the page is not trivially empty.
      if (ref.keys.length <= k) k = Math.floor(ref.keys.length / 2);
      const query = { offset: k, limit: m };
      const page = await readKeys(ctx, kind, { query, max: m });
      if (!page.ok) return page.failure;
      const expected = pageBreach(ref.keys, k, m, page.keys, page.more);
      if (!expected) return pass([...ref.notes]);
      const stable = await orderIsStable(ctx, kind, ref.keys);
      if (typeof stable !== 'boolean') return stable;
      if (!stable)
        return skip(
          `the order of the listing changed between two reads (see ${kind.name}.stable-order): an offset slice cannot be judged`,
        );
      return fail({
        expected: `${describeQuery(ctx, query)} to answer positions ${k}…${k + m - 1} of the full listing: ${expected.map(showKey).join(', ') || 'no records'}`,
        actual: `${page.keys.map(showKey).join(', ') || 'no records'}${page.more ? ', and more (over the limit)' : ''}`,
        ...page.evidence,
      });
    },
  });

  const pagingYieldsEachOnce = defineCheck({
    id: `${kind.name}.paging-yields-each-record-once`,
    operation: kind.listOp,
    section: kind.listSection,
    level: 'MUST',
    requirement: `Paging through the ${kind.name} listing with limit and offset yields every record of the listing exactly once, no page over its limit (${kind.listSection}); judged when the order is stable.`,
    async run(ctx) {
      const ref = await readKeys(ctx, kind, {});
      if (!ref.ok) return ref.failure;
      const n = ref.keys.length;
      if (n === 0)
        return skip(
          `the project ${ctx.target.entity}/${ctx.target.project} holds no ${kind.name}: paging cannot be judged`,
        );
      const notes = [...ref.notes];
      if (!ref.complete) notes.push(`the listing is longer than the read cap: paged through its first ${n} records`);
      // About six pages whatever the size, so that paging is exercised at a small cost.
      const pageSize = Math.max(1, Math.ceil(n / 6));
      // Pages may hold fewer than `limit` records (it is a maximum): a budget of requests, not of pages.
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
            return unlessUnstable(ctx, kind, ref.keys, () =>
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
        // Advance by what arrived: a server may answer fewer than `limit` records per page.
        offset += page.keys.length;
        // The reference's n records are paged: judge those. (Records past them are not judged: a
        // listing without limit may stop at a server page size, §8 "maximum page size: not shown".)
        if (paged.length >= n) break;
      }
      const judged = paged.slice(0, n);
      const pagedSet = new Set(judged);
      const refSet = new Set(ref.keys);
      const missing = ref.keys.filter((key) => !pagedSet.has(key));
      const extra = judged.filter((key) => !refSet.has(key));
      if (missing.length || extra.length) {
        return unlessUnstable(ctx, kind, ref.keys, () =>
          fail({
            expected: `the ${n} records of the ${ref.complete ? 'listing' : 'listing (up to the read cap)'}, each once, across ${pages} pages of ${pageSize}`,
            actual: [
              missing.length
                ? `${missing.length} record(s) never paged, e.g. ${missing.slice(0, 3).map(showKey).join(', ')}`
                : '',
              extra.length
                ? `${extra.length} paged record(s) not in the listing, e.g. ${extra.slice(0, 3).map(showKey).join(', ')}`
                : '',
            ]
              .filter(Boolean)
              .join('; '),
            streamRequest: ref.evidence.streamRequest,
            streamExcerpt: ref.evidence.streamExcerpt,
          }),
        );
      }
      return pass([`${judged.length} records in ${pages} pages of ${pageSize}, each once`, ...notes]);
    },
    // The reference listing, at most 7 pages of about n/6 records with 3 requests each, 2 more,
    // and the stability re-reads of unlessUnstable.
    schedule: { maxRequests: () => 1 + 7 * 3 + 2 + 2 },
  });

  return [limitBoundsCount, stableOrder, offsetSkips, pagingYieldsEachOnce];
}

/** A paging mismatch is a finding only when the order is stable; otherwise it cannot be judged. */
async function unlessUnstable(
  ctx: CheckContext,
  kind: RecordKind,
  reference: readonly string[],
  finding: () => CheckOutcome,
): Promise<CheckOutcome> {
  const stable = await orderIsStable(ctx, kind, reference.slice(0, Math.min(reference.length, ORDER_PREFIX)));
  if (typeof stable !== 'boolean') return stable;
  if (!stable)
    return skip(
      `the order of the listing changed between two reads (see ${kind.name}.stable-order): paging cannot be judged`,
    );
  return finding();
}
