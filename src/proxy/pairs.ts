/**
 * @module What the proxy remembers of earlier exchanges to judge a later one that depends on it,
 * as the suite's checks pair their requests: a record listed, then read by its id (the same record,
 * never a 404: §4.6, §4.8), a training job created, then fetched by its id (never a 404: §4.3), the
 * first record URI of each kind (the scheme the later ones share), the full listings pages and
 * filtered listings are judged against (listing-pairs.ts). It
 * judges only what the traffic showed both halves of, and never guesses. Bounded: the oldest entries
 * go first.
 */
import type { RecordKind } from '../core/record-kinds.js';
import type { StreamedLength } from '../rules/chat-answer.js';
import { uriScheme } from '../rules/records.js';
import { ListingPairs } from './listing-pairs.js';

/** Records kept per kind, and jobs kept. */
const MAX_RECORDS = 2_000;
const MAX_JOBS = 10_000;

/** A greedy seeded chat answer: unstreamed (its text and completion_tokens) or streamed. */
export type GreedySide =
  | { readonly streamed: false; readonly content: string; readonly completionTokens: number }
  | { readonly streamed: true; readonly length: StreamedLength };

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
}

export class Pairs {
  private readonly listed = new Map<string, BoundedMap<Readonly<Record<string, unknown>>>>();
  private readonly jobs = new BoundedMap<true>(MAX_JOBS);
  private readonly greedy = new BoundedMap<GreedySide>(MAX_RECORDS);
  /** Full listings, and the pages and filtered listings judged against them. */
  readonly listings = new ListingPairs();
  private readonly firstUris = new Map<string, { readonly scheme: string; readonly uri: string }>();

  /** A valid record of a 2xx listing, by its id. */
  recordListed(kind: RecordKind, record: Readonly<Record<string, unknown>>): void {
    const id = record[kind.idField];
    if (typeof id !== 'string' || id === '') return;
    let map = this.listed.get(kind.name);
    if (!map) this.listed.set(kind.name, (map = new BoundedMap(MAX_RECORDS)));
    map.set(id, record);
  }

  /** A record listed earlier in this session, or undefined. */
  listedRecord(kind: RecordKind, id: string): Readonly<Record<string, unknown>> | undefined {
    return this.listed.get(kind.name)?.get(id);
  }

  /**
   * One side of a greedy seeded chat request (src/rules/chat-answer.ts greedyPairKey): the other
   * side when the traffic showed it already, else undefined (this side is remembered).
   */
  greedyAnswer(key: string, side: GreedySide): GreedySide | undefined {
    const other = this.greedy.get(key);
    if (other && other.streamed !== side.streamed) return other;
    this.greedy.set(key, side);
    return undefined;
  }

  /**
   * The first record URI with a scheme seen of a kind, to judge `uri` against; undefined when `uri`
   * is that first one (it is remembered) or has no scheme.
   */
  firstUri(kind: RecordKind, uri: string): { readonly scheme: string; readonly uri: string } | undefined {
    const scheme = uriScheme(uri);
    if (scheme === undefined) return undefined;
    const first = this.firstUris.get(kind.name);
    if (first) return first;
    this.firstUris.set(kind.name, { scheme, uri });
    return undefined;
  }

  jobCreated(id: string): void {
    this.jobs.set(id.toLowerCase(), true);
  }

  wasCreated(id: string): boolean {
    return this.jobs.get(id.toLowerCase()) === true;
  }
}
