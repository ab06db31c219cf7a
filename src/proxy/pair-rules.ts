/**
 * @module The decisions of the rules judged on a pair of exchanges, each a function of the earlier
 * half and the later one: the one judge the proxy applies live (pair-judge.ts, pairs.ts,
 * jsonl-answer.ts) and `conformance merge` applies to pairs whose halves reached different proxies
 * (src/merge/pairs.ts). The texts are the findings' expected and actual; src/rules judges the
 * substance as the suite's checks do.
 */
import { excerpt } from '../core/describe.js';
import type { GreedySide } from '../core/pair-halves.js';
import type { RecordKind } from '../core/record-kinds.js';
import { is2xx } from '../core/values.js';
import { streamedCountBreach } from '../rules/chat-answer.js';
import { recordDifference, uriSchemeBreach } from '../rules/records.js';
import type { ListingJudgement } from './listing-pairs.js';
import { RULES } from './rules.js';
import { parsedObject, type Verdicts } from './verdicts.js';

/** What a breach of a pair rule shows. */
export interface PairBreach {
  readonly expected: string;
  readonly actual: string;
}

/**
 * Whether a read was refused for its credentials (401, 403): not a read of the record at all. Teams
 * probe with the other scheme, a wrong password or none; whether the refusal was right is the
 * credentials rules' to judge, never the read-back's.
 */
export const refusedForCredentials = (status: number): boolean => status === 401 || status === 403;

/** A record listed earlier, read back by its id: a 2xx answering the record as listed (§4.6, §4.8). */
export function readPairBreach(
  kind: RecordKind,
  asked: string,
  listed: Readonly<Record<string, unknown>>,
  status: number,
  text: string,
): PairBreach | undefined {
  if (!is2xx(status))
    return {
      expected: `a 2xx answer reading the ${kind.title} ${asked}, listed earlier in the traffic`,
      actual: `HTTP ${status}: ${excerpt(text, 160)}`,
    };
  const read = parsedObject(text);
  const differs = read && recordDifference(listed, read);
  if (!differs) return undefined;
  return {
    expected: `the ${kind.title} ${asked} as listed: ${differs.field} ${excerpt(differs.listed, 200)}`,
    actual: `${differs.field} ${excerpt(differs.read, 200)}`,
  };
}

/** A training job created earlier, fetched by its id: never a 404 (§4.3). */
export function jobPairBreach(asked: string, status: number, text: string): PairBreach | undefined {
  return status === 404
    ? { expected: `the job ${asked}, created earlier in the traffic`, actual: `HTTP 404: ${excerpt(text, 160)}` }
    : undefined;
}

/**
 * Two sides of one greedy seeded chat request: undefined when they are no pair (both streamed or
 * both not, or not the same text); else judged, with the breach when the counts differ.
 */
export function greedyPairBreach(a: GreedySide, b: GreedySide): { readonly breach?: PairBreach } | undefined {
  const plain = a.streamed ? b : a;
  const stream = a.streamed ? a : b;
  if (plain.streamed || !stream.streamed) return undefined;
  if (plain.content !== stream.length.content) return undefined;
  const breach = streamedCountBreach(plain.content, plain.completionTokens, stream.length);
  return breach ? { breach } : {};
}

/** A record URI against the first one of its kind in the traffic: the same scheme. */
export function uriPairBreach(
  kind: RecordKind,
  uri: string,
  first: { readonly scheme: string; readonly uri: string },
): PairBreach | undefined {
  const breach = uriSchemeBreach(kind, uri, first);
  return breach
    ? { expected: `every ${kind.uriField} URI in the scheme "${first.scheme}:"`, actual: breach }
    : undefined;
}

/** Record ids for a finding: the first few. */
function shown(ids: readonly string[]): string {
  if (ids.length === 0) return 'no records';
  return ids.length > 6 ? `${ids.slice(0, 6).join(', ')} … (${ids.length})` : ids.join(', ');
}

/** The listing pairs a full listing completed (listing-pairs.ts), as verdicts on that listing's exchange. */
export function listingVerdicts(judgements: readonly ListingJudgement[], v: Verdicts): void {
  const around = 'the full listing read before and after it was the same, record for record';
  for (const j of judgements) {
    if (j.rule === 'order') {
      v.judged(RULES.stableOrder);
      if (j.at !== -1)
        v.breach(
          RULES.stableOrder,
          `the order of the previous full listing of the same ${j.now.length} records`,
          `position ${j.at} held ${j.before[j.at]} in the previous full listing and ${j.now[j.at]} in this one`,
        );
      continue;
    }
    const what = `GET ${j.listing.target} (an earlier exchange)`;
    if (j.rule === 'page') {
      v.judged(RULES.pageMatchesListing);
      if (j.expected)
        v.breach(
          RULES.pageMatchesListing,
          `${what} to answer positions ${j.listing.offset ?? 0}… of the full listing: ${shown(j.expected)}`,
          `it answered ${shown(j.listing.records!.map((r) => r.id))}; ${around}`,
        );
    } else {
      v.judged(RULES.filterComplete);
      if (j.missing.length)
        v.breach(
          RULES.filterComplete,
          `${what} to hold every record of the run ${JSON.stringify(j.listing.evaluationRunId)} the full listing holds`,
          `${j.missing.length} missing, e.g. ${shown(j.missing.slice(0, 3))}; ${around}`,
        );
    }
  }
}
