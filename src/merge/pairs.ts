/**
 * @module The pairs of exchanges whose halves reached different proxies (round-robin behind a
 * balancer), judged by the merge with the proxy's own rule code (src/proxy/pair-rules.ts) on the
 * halves each proxy's server report carries (src/core/pair-halves.ts): a later half one proxy could
 * not pair (a read of an id it never saw listed, a job read it never saw created, a greedy answer
 * without its other side, its first record URI of a kind) is judged against the latest earlier half
 * of another proxy seen no later than it. The listing pairs depend on the whole sequence of a
 * project's listings: when every proxy kept all of its listings, they are judged again over all of
 * them in time order, and replace the proxies' own results of those rules. What is judged here
 * becomes results as a proxy builds them (src/proxy/report.ts), summed with the proxies' own.
 * A read pairs with a listed record of the same kind, id and scope (the path's `entity/project`):
 * a read under another project is an isolation probe, never a read-back. A half of a report written
 * before halves kept their scope has none, and its scope is unknown: it pairs only with another
 * half without a scope (two such reports merge as they always did), never with a scoped one, which
 * may name another project. An unknown scope leaves a pair unjudged rather than judge a probe.
 */
import type { PairHalf } from '../core/pair-halves.js';
import { operation, type OperationId } from '../core/operations.js';
import { RECORD_KINDS, type RecordKind } from '../core/record-kinds.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { Findings } from '../proxy/findings.js';
import { ListingPairs } from '../proxy/listing-pairs.js';
import {
  greedyPairBreach,
  jobPairBreach,
  listingVerdicts,
  type PairBreach,
  readPairBreach,
  refusedForCredentials,
  uriPairBreach,
} from '../proxy/pair-rules.js';
import { resultOf } from '../proxy/report.js';
import { RULES, resultId } from '../proxy/rules.js';
import type { Rule } from '../rules/rule.js';
import type { Verdicts } from '../proxy/verdicts.js';

/** What the merge judged of the pairs across proxies. */
export interface PairsAcross {
  /** Results of the pairs judged here, to sum with the proxies' own. */
  readonly results: readonly CheckResult[];
  /** A proxy's own result judged again here (a listing rule), left out of the sum. */
  readonly replaced: (id: string) => boolean;
}

const NOTHING: PairsAcross = { results: [], replaced: () => false };
const LISTING_RULES: readonly Rule[] = [RULES.stableOrder, RULES.pageMatchesListing, RULES.filterComplete];

type Later = Extract<PairHalf, { readonly evidence: unknown }>;
interface Owned<H extends PairHalf = PairHalf> {
  readonly half: H;
  /** The report it came from. */
  readonly from: number;
}

const kindNamed = (name: string): RecordKind | undefined => RECORD_KINDS.find((k) => k.name === name);

/** The key of a listed record or a read: its kind, scope (null: unknown) and id. */
const recordKey = (h: { readonly kind: string; readonly scope?: string; readonly id: string }): string =>
  JSON.stringify(['listed', h.kind, h.scope ?? null, h.id]);

/** The key an earlier half is found by, or undefined for halves that are only later ones. */
function keyOf(h: PairHalf): string | undefined {
  if (h.family === 'listed') return recordKey(h);
  if (h.family === 'created') return `created ${h.id.toLowerCase()}`;
  if (h.family === 'greedy') return `greedy ${h.key}`;
  return undefined;
}

/** Verdicts on a later half's exchange, into the merge's findings. */
function verdictsOn(findings: Findings, h: Later): Verdicts {
  const e = h.evidence;
  const exchange = `${e.request?.method ?? ''} ${operation(h.operation as OperationId).path}${e.response ? ` → ${e.response.status}` : ''}`;
  return {
    judged: (rule) => findings.judged(rule, h.operation),
    breach: (rule, expected, actual) =>
      findings.breached(rule, h.operation, { expected, actual, exchange }, () => e, h.at),
  };
}

function judgeWith(v: Verdicts, rule: Rule, breach: PairBreach | undefined): void {
  v.judged(rule);
  if (breach) v.breach(rule, breach.expected, breach.actual);
}

/** The pairs of the reports' halves that no one proxy could judge. */
export function pairsAcross(reports: readonly RunReport[]): PairsAcross {
  if (reports.length < 2 || !reports.some((r) => r.pairs)) return NOTHING;
  const all: Owned[] = reports.flatMap((r, from) => (r.pairs?.halves ?? []).map((half) => ({ half, from })));
  all.sort((a, b) => a.half.at - b.half.at);
  const earlier = new Map<string, Owned[]>();
  for (const o of all) {
    const key = keyOf(o.half);
    if (key !== undefined) earlier.set(key, [...(earlier.get(key) ?? []), o]);
  }
  /** The latest earlier half of another report, seen no later than `later`. */
  const before = (key: string, later: Owned, accept: (h: PairHalf) => boolean = () => true): PairHalf | undefined => {
    const list = earlier.get(key) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const o = list[i]!;
      if (o.from !== later.from && o.half.at <= later.half.at && accept(o.half)) return o.half;
    }
    return undefined;
  };
  const findings = new Findings();
  const firstUris = new Map<string, Owned<Extract<PairHalf, { family: 'first-uri' }>>>();
  for (const o of all) {
    const h = o.half;
    // Halves of reads refused for their credentials (kept by reports written before they were left out) read nothing.
    if ((h.family === 'read' || h.family === 'job-read') && refusedForCredentials(h.status)) continue;
    if (h.family === 'read') {
      const kind = kindNamed(h.kind);
      const listed = before(recordKey(h), o);
      if (kind && listed?.family === 'listed')
        judgeWith(
          verdictsOn(findings, h),
          RULES.readsListedRecord,
          readPairBreach(kind, h.id, listed.record, h.status, h.text),
        );
    } else if (h.family === 'job-read') {
      if (before(`created ${h.id.toLowerCase()}`, o))
        judgeWith(verdictsOn(findings, h), RULES.getsCreatedJob, jobPairBreach(h.id, h.status, h.text));
    } else if (h.family === 'greedy' && h.unpaired) {
      const side = h.side;
      const other = before(`greedy ${h.key}`, o, (e) => e.family === 'greedy' && e.side.streamed !== side.streamed);
      const judged = other?.family === 'greedy' ? greedyPairBreach(side, other.side) : undefined;
      if (judged) judgeWith(verdictsOn(findings, h), RULES.streamedCount, judged.breach);
    } else if (h.family === 'first-uri') {
      const kind = kindNamed(h.kind);
      const first = firstUris.get(h.kind);
      if (!first) firstUris.set(h.kind, { half: h, from: o.from });
      else if (kind && first.from !== o.from)
        judgeFirstUri(verdictsOn(findings, h), h, uriPairBreach(kind, h.uri, first.half));
    }
  }
  const listings = reports.every((r) => r.pairs?.listingsComplete === true);
  if (listings) judgeListings(findings, all);
  const replaced = new Set(
    listings ? LISTING_RULES.flatMap((rule) => RECORD_KINDS.map((k) => resultId(rule, k.listOp))) : [],
  );
  return { results: findings.all().map((g) => resultOf(g, (t) => t)), replaced: (id) => replaced.has(id) };
}

/** A proxy's first URI of a kind, judged against the first of all: counted once for its exchange. */
function judgeFirstUri(
  v: Verdicts,
  h: Extract<PairHalf, { family: 'first-uri' }>,
  breach: PairBreach | undefined,
): void {
  if (!h.judgedHere) v.judged(RULES.oneUriScheme);
  if (breach && !h.brokenHere) v.breach(RULES.oneUriScheme, breach.expected, breach.actual);
}

/** Every proxy's listings, in time order, through the listing pairs a single proxy keeps. */
function judgeListings(findings: Findings, all: readonly Owned[]): void {
  const pairs = new ListingPairs();
  for (const { half: h } of all) {
    if (h.family !== 'listing') continue;
    const kind = kindNamed(h.listing.kind);
    if (!kind) continue;
    const records = h.listing.records?.map((r) => ({ id: r.id, run: r.run }));
    listingVerdicts(pairs.seen({ ...h.listing, kind, records }), verdictsOn(findings, h));
  }
}
