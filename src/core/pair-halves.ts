/**
 * @module The halves of exchange pairs a proxy's server report carries, so that `conformance merge`
 * judges a pair whose two exchanges reached different proxies (round-robin behind a balancer) with
 * the proxy's own rule code (src/proxy/pair-judge.ts): what the proxy remembered of earlier
 * exchanges (records listed, jobs created, greedy answers, the first record URI of each kind) and
 * the later exchanges it could not pair (a read of an id not listed there, a job read not created
 * there, a greedy answer without its other side), each with when it was seen (epoch ms, fractional)
 * and, for a later half, its operation and the evidence a breach shows (redacted). Listings are
 * kept as a log (the last ones of the session): the merge judges the listing pairs again over every
 * proxy's listings in time order when no proxy left any out. Bounded, as the proxy's memory is.
 * A record lives in an entity and a project (§4.5–§4.8): a listed record and a read carry the
 * `scope` of their path (recordScope), and pair only within it. Reports written before the scope
 * was kept carry none: such a half pairs only with another half without one (see src/merge/pairs.ts).
 */
import type { OperationId } from './operations.js';
import type { Evidence } from './result.js';

/** The later exchange of a pair: its operation and the evidence a breach of the pair shows. */
export interface ExchangeSeen {
  readonly operation: OperationId;
  readonly evidence: Evidence;
}

/** A greedy seeded chat answer: unstreamed (its text and completion_tokens) or streamed (its length). */
export type GreedySide =
  | { readonly streamed: false; readonly content: string; readonly completionTokens: number }
  | {
      readonly streamed: true;
      readonly length: {
        readonly content: string;
        readonly tokenIds?: number | undefined;
        readonly completionTokens?: number | undefined;
      };
    };

/**
 * The scope of a path under `/v2/{entity}/{project}` (decoded values), as one string: `entity/project`,
 * each part percent-encoded so that no two scopes share a string (names are plain in the usual case).
 */
export function recordScope(entity: string, project: string): string {
  return `${encodeURIComponent(entity)}/${encodeURIComponent(project)}`;
}

/** A listing as the listing pairs see it (src/proxy/listing-pairs.ts), its kind by name. */
interface ListingHalf {
  readonly kind: string;
  readonly scope: string;
  readonly target: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly evaluationRunId?: string;
  readonly records: readonly { readonly id: string; readonly run?: unknown }[] | undefined;
}

export type PairHalf =
  /** Earlier: a valid record of a 2xx listing, `scope` the listing path's (recordScope; absent in older reports). */
  | {
      readonly family: 'listed';
      readonly at: number;
      readonly kind: string;
      readonly scope?: string;
      readonly id: string;
      readonly record: Readonly<Record<string, unknown>>;
    }
  /** Later: a read of a record id never listed in its scope on this proxy (`text`: the answer, capped). */
  | ({
      readonly family: 'read';
      readonly at: number;
      readonly kind: string;
      readonly scope?: string;
      readonly id: string;
      readonly status: number;
      readonly text: string;
    } & ExchangeSeen)
  /** Earlier: a training job created (2xx), its id. */
  | { readonly family: 'created'; readonly at: number; readonly id: string }
  /** Later: a job read by an id never created on this proxy. */
  | ({
      readonly family: 'job-read';
      readonly at: number;
      readonly id: string;
      readonly status: number;
      readonly text: string;
    } & ExchangeSeen)
  /** Earlier (remembered), or later too when `unpaired` (with its exchange): one side of a greedy seeded chat request. */
  | ({ readonly family: 'greedy'; readonly at: number; readonly key: string; readonly side: GreedySide } & (
      | { readonly unpaired?: undefined }
      | ({ readonly unpaired: true } & ExchangeSeen)
    ))
  /**
   * The first record URI of a kind on this proxy: the earlier half when it is the first of all, a
   * later one otherwise. `judgedHere`/`brokenHere`: its exchange already counted the rule (a listing
   * whose other records were judged against it).
   */
  | ({
      readonly family: 'first-uri';
      readonly at: number;
      readonly kind: string;
      readonly scheme: string;
      readonly uri: string;
      readonly judgedHere: boolean;
      readonly brokenHere: boolean;
    } & ExchangeSeen)
  /** A whole, valid listing of a project, with the evidence of its exchange. */
  | ({ readonly family: 'listing'; readonly at: number; readonly listing: ListingHalf } & ExchangeSeen);

/** What a proxy's server report carries of the pairs it saw. */
export interface PairHalves {
  readonly halves: readonly PairHalf[];
  /** Later halves left out (the most recent are kept). */
  readonly dropped: number;
  /** Every listing of the session is in `halves` (none left out): the merge may judge the listing pairs again. */
  readonly listingsComplete: boolean;
}
