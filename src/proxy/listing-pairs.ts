/**
 * @module Listings judged against the full listing of the same project, as the suite's paging,
 * order and filter checks judge them (src/rules/records.ts): two full listings holding the same
 * records list them in the same order, a page taken with offset and limit holds the records at those
 * positions, a listing filtered by an evaluation run holds every record of that run.
 * Live data changes and §4.5/§4.7 show no ordering, so nothing is judged on one full listing alone:
 * the pages and filtered listings seen after a full listing are judged only when the next full
 * listing of the project is the same, record for record and in the same order (the suite re-reads
 * the listing the same way before it fails a page). Records without ids are not judged. Bounded.
 */
import type { RecordKind } from '../core/record-kinds.js';
import { filterMissing, firstDifference, pageBreach } from '../rules/records.js';

/** Ids kept of one full listing; a longer one is not a reference. */
const MAX_IDS = 5_000;
/** Pages and filtered listings kept waiting for the next full listing, per project and kind. */
const MAX_WAITING = 32;

/** A whole, valid 2xx listing, its records' ids in order. */
export interface ListingSeen {
  readonly kind: RecordKind;
  /** `entity/project` of the path. */
  readonly scope: string;
  /** The request's path and query, to name it in a finding. */
  readonly target: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly evaluationRunId?: string;
  /** The records' ids and evaluation runs, in order; undefined: some record had no id, or too many. */
  readonly records: readonly { readonly id: string; readonly run: unknown }[] | undefined;
}

/** A page or filtered listing judged against the full listing read before and after it. */
export type ListingJudgement =
  /** Two full listings in a row holding the same records: `at`, where their order differs (-1: nowhere). */
  | { readonly rule: 'order'; readonly before: readonly string[]; readonly now: readonly string[]; readonly at: number }
  | { readonly rule: 'page'; readonly listing: ListingSeen; readonly expected: readonly string[] | undefined }
  | { readonly rule: 'filter'; readonly listing: ListingSeen; readonly missing: readonly string[] };

const idsOf = (l: ListingSeen): string[] => (l.records ?? []).map((r) => r.id);

export class ListingPairs {
  private readonly full = new Map<string, ListingSeen>();
  private readonly waiting = new Map<string, ListingSeen[]>();

  /** A listing seen; the judgements it completes (when it is a full listing like the last one). */
  seen(listing: ListingSeen): ListingJudgement[] {
    const key = `${listing.kind.name} ${listing.scope}`;
    const isFull = !listing.offset && listing.limit === undefined && listing.evaluationRunId === undefined;
    if (isFull) {
      const before = this.full.get(key);
      const waiting = this.waiting.get(key) ?? [];
      this.waiting.delete(key);
      const usable = listing.records !== undefined && listing.records.length <= MAX_IDS;
      if (usable) this.full.set(key, listing);
      else this.full.delete(key);
      if (!before || !usable) return [];
      const [a, b] = [idsOf(before), idsOf(listing)];
      // The same records (nothing added or removed in between): their order can be judged.
      if (!sameRecords(a, b)) return [];
      const at = firstDifference(a, b);
      const order: ListingJudgement = { rule: 'order', before: a, now: b, at };
      return at === -1 ? [order, ...waiting.map((w) => judge(before, w))] : [order];
    }
    if (!this.full.has(key) || listing.records === undefined) return [];
    // A filtered page mixes both rules' premises: left alone.
    if (listing.evaluationRunId !== undefined && (listing.offset || listing.limit !== undefined)) return [];
    const list = this.waiting.get(key) ?? [];
    list.push(listing);
    if (list.length > MAX_WAITING) list.shift();
    this.waiting.set(key, list);
    return [];
  }
}

function sameRecords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inA = new Set(a);
  return inA.size === a.length && b.every((id) => inA.has(id));
}

function judge(full: ListingSeen, listing: ListingSeen): ListingJudgement {
  if (listing.evaluationRunId !== undefined) {
    const ofRun = (full.records ?? []).filter((r) => r.run === listing.evaluationRunId).map((r) => r.id);
    return { rule: 'filter', listing, missing: filterMissing(ofRun, new Set(idsOf(listing))) };
  }
  return {
    rule: 'page',
    listing,
    expected: pageBreach(idsOf(full), listing.offset ?? 0, listing.limit, idsOf(listing)),
  };
}
