/**
 * @module What the proxy remembers of earlier exchanges to judge a later one that depends on it,
 * as the suite's checks pair their requests: a record listed, then read by its id in the same entity
 * and project (the same record, never a 404: §4.6, §4.8), a training job created, then fetched by its id (never a 404: §4.3), the
 * first record URI of each kind (the scheme the later ones share), the full listings pages and
 * filtered listings are judged against (listing-pairs.ts). It judges only what the traffic showed
 * both halves of, and never guesses; the decisions are pair-rules.ts's. What it remembered, the
 * later halves it could not pair and its last listings go into the server's report (`halves`), so
 * that `conformance merge` pairs them across proxies. Bounded: the oldest entries go first.
 * A record is remembered by its path's scope (`entity/project`, recordScope) and id: a read of a
 * listed id under another entity or project (an isolation probe, where a 404 is right) pairs with
 * no listing; the records-belong rule judges what such a read answers (read-answer.ts).
 */
import type { ExchangeSeen, GreedySide, PairHalf, PairHalves } from '../core/pair-halves.js';
import type { RecordKind } from '../core/record-kinds.js';
import { recordDifference, uriScheme } from '../rules/records.js';
import { type ListingJudgement, ListingPairs, type ListingSeen } from './listing-pairs.js';
import { uriPairBreach } from './pair-rules.js';
import { RULES } from './rules.js';
import type { Verdicts } from './verdicts.js';

export type { GreedySide } from '../core/pair-halves.js';

/** Records kept per kind, and jobs kept. */
const MAX_RECORDS = 2_000;
const MAX_JOBS = 10_000;
/** Later halves kept that found no earlier half here, and listings kept for the merge. */
const MAX_UNPAIRED = 256;
const MAX_LISTINGS = 64;
/** Characters of an unpaired read's answer kept. */
const MAX_TEXT = 16_384;

/**
 * The time of a pair half, in epoch ms with a fraction: when its exchange's request arrived (the
 * order the client sent them in, whichever proxy judged them and however long the judging took),
 * else now.
 */
export const pairTime = (v?: Verdicts): number => v?.startedAt?.() ?? performance.timeOrigin + performance.now();

class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  entries(): IterableIterator<[string, V]> {
    return this.map.entries();
  }
}

/** The first record URI of a kind, and the exchange it came in (its verdicts). */
interface FirstUri {
  readonly scheme: string;
  readonly uri: string;
  readonly at: number;
  readonly verdicts: Verdicts | undefined;
  readonly seen: ExchangeSeen | undefined;
  judgedHere: boolean;
  brokenHere: boolean;
}

export class Pairs {
  /** Per kind, by `scope id`: the record listed, its scope, when. */
  private readonly listed = new Map<
    string,
    BoundedMap<{ record: Readonly<Record<string, unknown>>; scope: string; id: string; at: number }>
  >();
  private readonly jobs = new BoundedMap<number>(MAX_JOBS);
  private readonly greedy = new BoundedMap<{ side: GreedySide; at: number }>(MAX_RECORDS);
  /** Full listings, and the pages and filtered listings judged against them. */
  private readonly listings = new ListingPairs();
  private readonly firstUris = new Map<string, FirstUri>();
  private readonly unpairedHalves: PairHalf[] = [];
  private dropped = 0;
  private readonly listingLog: PairHalf[] = [];
  private listingsDropped = 0;

  /** A valid record of a 2xx listing under `scope` (recordScope of the path), by its id. */
  recordListed(kind: RecordKind, scope: string, record: Readonly<Record<string, unknown>>, v?: Verdicts): void {
    const id = record[kind.idField];
    if (typeof id !== 'string' || id === '') return;
    let map = this.listed.get(kind.name);
    if (!map) this.listed.set(kind.name, (map = new BoundedMap(MAX_RECORDS)));
    // The time it was first listed as it is: a read after any listing of it pairs with it.
    const key = `${scope} ${id}`;
    const before = map.get(key);
    const same = before !== undefined && recordDifference(before.record, record) === undefined;
    map.set(key, { record, scope, id, at: same ? before.at : pairTime(v) });
  }

  /** A record listed earlier in this session under `scope`, or undefined. */
  listedRecord(kind: RecordKind, scope: string, id: string): Readonly<Record<string, unknown>> | undefined {
    return this.listed.get(kind.name)?.get(`${scope} ${id}`)?.record;
  }

  /**
   * One side of a greedy seeded chat request (src/rules/chat-answer.ts greedyPairKey): the other
   * side when the traffic showed it already, else undefined (this side is remembered, and kept as
   * a later half for the merge with its exchange).
   */
  greedyAnswer(key: string, side: GreedySide, v: Verdicts): GreedySide | undefined {
    const other = this.greedy.get(key);
    if (other && other.side.streamed !== side.streamed) return other.side;
    const at = pairTime(v);
    this.greedy.set(key, { side, at });
    const seen = v.seen?.();
    if (seen) this.unpaired({ family: 'greedy', at, key, side, unpaired: true, ...seen });
    return undefined;
  }

  /**
   * A record URI of a kind: the first one with a scheme is remembered, every later one is judged
   * against it (one scheme for the traffic's record URIs).
   */
  judgeUri(kind: RecordKind, uri: string, v: Verdicts): void {
    const scheme = uriScheme(uri);
    if (scheme === undefined) return;
    const first = this.firstUris.get(kind.name);
    if (!first) {
      this.firstUris.set(kind.name, {
        scheme,
        uri,
        at: pairTime(v),
        verdicts: v,
        seen: v.seen?.(),
        judgedHere: false,
        brokenHere: false,
      });
      return;
    }
    v.judged(RULES.oneUriScheme);
    const breach = uriPairBreach(kind, uri, first);
    if (first.verdicts === v) {
      first.judgedHere = true;
      if (breach) first.brokenHere = true;
    }
    if (breach) v.breach(RULES.oneUriScheme, breach.expected, breach.actual);
  }

  jobCreated(id: string, v?: Verdicts): void {
    this.jobs.set(id.toLowerCase(), pairTime(v));
  }

  wasCreated(id: string): boolean {
    return this.jobs.get(id.toLowerCase()) !== undefined;
  }

  /** A whole, valid listing of a project: logged for the merge; the judgements it completes. */
  listingSeen(listing: ListingSeen, v: Verdicts): ListingJudgement[] {
    const seen = v.seen?.();
    if (seen) {
      const { kind, ...rest } = listing;
      this.listingLog.push({ family: 'listing', at: pairTime(v), listing: { ...rest, kind: kind.name }, ...seen });
      if (this.listingLog.length > MAX_LISTINGS) {
        this.listingLog.shift();
        this.listingsDropped++;
      }
    }
    return this.listings.seen(listing);
  }

  /** A later half no earlier one here pairs (a read, a job read), kept for the merge; the oldest go first. */
  unpaired(half: PairHalf): void {
    const capped =
      'text' in half && half.text.length > MAX_TEXT ? { ...half, text: half.text.slice(0, MAX_TEXT) } : half;
    this.unpairedHalves.push(capped);
    if (this.unpairedHalves.length > MAX_UNPAIRED) {
      this.unpairedHalves.shift();
      this.dropped++;
    }
  }

  /** Everything the merge needs to pair this session's exchanges with other proxies'. */
  halves(): PairHalves {
    const halves: PairHalf[] = [];
    for (const [kind, map] of this.listed)
      for (const [, { record, scope, id, at }] of map.entries())
        halves.push({ family: 'listed', at, kind, scope, id, record });
    for (const [id, at] of this.jobs.entries()) halves.push({ family: 'created', at, id });
    for (const [key, { side, at }] of this.greedy.entries()) halves.push({ family: 'greedy', at, key, side });
    for (const [kind, f] of this.firstUris)
      if (f.seen)
        halves.push({
          family: 'first-uri',
          at: f.at,
          kind,
          scheme: f.scheme,
          uri: f.uri,
          judgedHere: f.judgedHere,
          brokenHere: f.brokenHere,
          ...f.seen,
        });
    halves.push(...this.unpairedHalves, ...this.listingLog);
    return { halves, dropped: this.dropped, listingsComplete: this.listingsDropped === 0 };
  }
}
