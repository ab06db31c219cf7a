/**
 * @module The rules judged on more than one exchange (pairs.ts folds them): read-backs, jobs found by
 * id, listing order, pages and filters against full listings, one URI scheme per kind.
 *
 * A read refused for its credentials pairs with nothing; a read under another project is an isolation
 * probe, never a read-back.
 */
import { excerpt } from '../core/describe.js';
import { RECORD_KIND, type RecordKindName, recordScope } from '../core/record-kinds.js';
import { canonicalJson, is2xx, isJsonObject, jsonObjectOf } from '../core/values.js';
import { CHAT_PAIR_RULES } from './chat-pair-rules.js';
import type { ExchangeSeen, ListingSeen, RecordSeen, Verdict } from './evidence.js';
import { type HalfOf, type PairJudgement, pairKey } from './pairs.js';
import {
  filterMissing,
  firstDifference,
  ONE_SCHEME_CONVENTION,
  pageBreach,
  recordDifference,
  STABLE_ORDER_CONVENTION,
  uriScheme,
  uriSchemeBreach,
} from './records.js';
import { FILTER_BY_RUN, JOB_READ, kindAt, LISTS, READ_BACK } from './record-rules.js';
import { kindOf, serverRules } from './rule.js';

/** Refused for its credentials (401, 403): not a read of anything; the credentials rules judge it. */
const refusedForCredentials = (status: number): boolean => status === 401 || status === 403;
/** Characters of an answer a read's half keeps. */
const MAX_TEXT = 16_384;
/** Pages and filtered listings waiting for the next full listing, per project and kind. */
const MAX_WAITING = 32;

/** The scope of an exchange's path (`entity/project`), undefined outside one. */
function scopeOf(e: ExchangeSeen): string | undefined {
  const { entity, project } = e.request.params;
  return entity !== undefined && project !== undefined ? recordScope(entity, project) : undefined;
}

/** A credentialed read: some credentials in the path's scheme, and not other than the configured ones. */
const mayRead = (e: ExchangeSeen): boolean =>
  !['no-credentials', 'malformed', 'other-scheme'].includes(e.request.presentation) &&
  (e.request.against === undefined || e.request.against === 'valid') &&
  !refusedForCredentials(e.status);

// ---- A listed record read back.

type ReadHalf =
  | {
      readonly from: 'list';
      readonly kind: RecordKindName;
      readonly id: string;
      readonly record: Record<string, unknown>;
      /** The record's line (absent in a half from an older report). */
      readonly bytes?: number;
    }
  | {
      readonly from: 'read';
      readonly kind: RecordKindName;
      readonly id: string;
      readonly status: number;
      readonly text: string;
    };

const readBack: PairJudgement<ReadHalf, ReadHalf> = {
  halves: {
    record: (e: RecordSeen): HalfOf<ReadHalf> | undefined => {
      const id = e.record[e.kind.idField];
      const scope = scopeOf(e.exchange);
      if (typeof id !== 'string' || id === '' || scope === undefined) return undefined;
      return {
        key: pairKey(e.kind.name, scope, id),
        half: { from: 'list', kind: e.kind.name, id, record: { ...e.record }, bytes: e.bytes },
      };
    },
    exchange: (e: ExchangeSeen): HalfOf<ReadHalf> | undefined => {
      const kind = kindOf(e.request.op.id);
      const id = kind && e.request.op.id === kind.readOp ? e.request.params[kind.idField] : undefined;
      const scope = scopeOf(e);
      if (!kind || id === undefined || scope === undefined || !mayRead(e) || e.cut) return undefined;
      const text = (e.text ?? '').slice(0, MAX_TEXT);
      return {
        key: pairKey(kind.name, scope, id),
        half: { from: 'read', kind: kind.name, id, status: e.status, text },
      };
    },
  },
  // A listed record's state holds the record: records with large fields weigh what their lines do.
  bytes: (listed) => (listed.from === 'list' ? (listed.bytes ?? 0) : 0),
  step(listed, half) {
    if (half.from === 'list') return { state: half };
    if (listed?.from !== 'list') return { state: listed };
    const kind = RECORD_KIND[half.kind];
    if (!is2xx(half.status))
      return {
        state: listed,
        verdict: {
          expected: `a 2xx answer reading the ${kind.title} ${half.id}, listed earlier in the traffic`,
          actual: `HTTP ${half.status}: ${excerpt(half.text, 160)}`,
        },
      };
    const read = jsonObjectOf(half.text);
    const differs = read && recordDifference(listed.record, read);
    return {
      state: listed,
      verdict: differs
        ? {
            expected: `the ${kind.title} ${half.id} as listed: ${differs.field} ${excerpt(differs.listed, 200)}`,
            actual: `${differs.field} ${excerpt(differs.read, 200)}`,
          }
        : read
          ? 'held'
          : undefined,
    };
  },
};

// ---- A job created, then read.

type JobHalf =
  | { readonly from: 'create' }
  | { readonly from: 'get'; readonly id: string; readonly status: number; readonly text: string };

const jobRead: PairJudgement<JobHalf, true> = {
  halves: {
    exchange: (e: ExchangeSeen): HalfOf<JobHalf> | undefined => {
      if (e.request.op.id === 'training-jobs.create') {
        const id = is2xx(e.status) && isJsonObject(e.json) ? e.json.id : undefined;
        return typeof id === 'string' ? { key: id.toLowerCase(), half: { from: 'create' } } : undefined;
      }
      const id = e.request.op.id === 'training-jobs.get' ? e.request.params.training_job_id : undefined;
      if (id === undefined || !mayRead(e) || e.cut) return undefined;
      return {
        key: id.toLowerCase(),
        half: { from: 'get', id, status: e.status, text: (e.text ?? '').slice(0, MAX_TEXT) },
      };
    },
  },
  step(created, half) {
    if (half.from === 'create') return { state: true };
    if (!created) return { state: undefined };
    return {
      state: created,
      verdict:
        half.status === 404
          ? {
              expected: `the job ${half.id}, created earlier in the traffic`,
              actual: `HTTP 404: ${excerpt(half.text, 160)}`,
            }
          : 'held',
    };
  },
};

// ---- Listings against each other.

interface ListingHalf {
  readonly kind: RecordKindName;
  readonly target: string;
  readonly offset?: number;
  readonly limit?: number;
  readonly run?: string;
  readonly ids: readonly { readonly id: string; readonly run: unknown }[];
}

const idsOf = (l: ListingHalf): string[] => l.ids.map((r) => r.id);
/** What a listing's half holds: its target and its records' ids and runs (up to 5,000, `ListingReader`). */
const listingBytes = (l: ListingHalf): number =>
  l.ids.reduce((n, r) => n + r.id.length + (typeof r.run === 'string' ? r.run.length : 0), l.target.length);
const isFull = (l: ListingHalf): boolean => !l.offset && l.limit === undefined && l.run === undefined;

function listingHalf(e: ListingSeen, key: (l: ListingHalf, scope: string) => string): HalfOf<ListingHalf> | undefined {
  const scope = scopeOf(e.exchange);
  if (scope === undefined || e.ids === undefined || e.problem || e.exchange.cut) return undefined;
  const { limit, offset, evaluationRunId: run } = e.exchange.request.asked;
  const half: ListingHalf = {
    kind: e.kind.name,
    target: e.exchange.request.target,
    ids: e.ids,
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
    ...(run !== undefined ? { run } : {}),
  };
  return { key: key(half, scope), half };
}

function sameRecords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inA = new Set(a);
  return inA.size === a.length && b.every((id) => inA.has(id));
}

const stableOrder: PairJudgement<ListingHalf, ListingHalf> = {
  keep: 64,
  bytes: listingBytes,
  halves: {
    listing: (e) =>
      listingHalf(e, (l, scope) => pairKey(l.kind, scope, canonicalJson({ o: l.offset ?? 0, l: l.limit, r: l.run }))),
  },
  step(before, half) {
    const [a, b] = before ? [idsOf(before), idsOf(half)] : [[], []];
    // The same records (nothing added or removed in between): their order can be judged.
    if (!before || !sameRecords(a, b)) return { state: half };
    const at = firstDifference(a, b);
    return {
      state: half,
      verdict:
        at === -1
          ? 'held'
          : {
              expected: `the order of the previous listing ${before.target} of the same ${b.length} records`,
              actual: `position ${at} held ${a[at]} then and ${b[at]} now`,
            },
    };
  },
};

interface AroundState {
  readonly full?: ListingHalf;
  readonly waiting: readonly ListingHalf[];
}

/** Record ids for a finding: the first few. */
function shown(ids: readonly string[]): string {
  if (ids.length === 0) return 'no records';
  return ids.length > 6 ? `${ids.slice(0, 6).join(', ')} … (${ids.length})` : ids.join(', ');
}

const AROUND = 'the full listing read before and after it was the same, record for record';

/**
 * Pages (`filtered` false) or filtered listings (true) judged against the full listing of their
 * project read before and after them, once the one after shows it the same.
 */
function around(
  filtered: boolean,
  judge: (full: ListingHalf, l: ListingHalf) => Verdict,
): PairJudgement<ListingHalf, AroundState> {
  return {
    keep: 64,
    halves: { listing: (e) => listingHalf(e, (l, scope) => pairKey(l.kind, scope)) },
    bytes: (s) => s.waiting.reduce((n, l) => n + listingBytes(l), s.full ? listingBytes(s.full) : 0),
    step(state, half) {
      if (isFull(half)) {
        const before = state?.full;
        const same =
          before && sameRecords(idsOf(before), idsOf(half)) && firstDifference(idsOf(before), idsOf(half)) === -1;
        const verdicts = same ? (state?.waiting ?? []).map((w) => judge(before, w)) : [];
        const breach = verdicts.find((v) => v !== undefined && v !== 'held');
        return { state: { full: half, waiting: [] }, verdict: breach ?? (verdicts.length ? 'held' : undefined) };
      }
      // A filtered page mixes both rules' premises: left alone.
      if (
        !state?.full ||
        (half.run !== undefined) !== filtered ||
        (filtered && (half.offset || half.limit !== undefined))
      )
        return { state };
      return { state: { full: state.full, waiting: [...state.waiting, half].slice(-MAX_WAITING) } };
    },
  };
}

const pages = around(false, (full, page) => {
  const expected = pageBreach(idsOf(full), page.offset ?? 0, page.limit, idsOf(page));
  return expected
    ? {
        expected: `GET ${page.target} (an earlier exchange) to answer positions ${page.offset ?? 0}… of the full listing: ${shown(expected)}`,
        actual: `it answered ${shown(idsOf(page))}; ${AROUND}`,
      }
    : 'held';
});

const filterComplete = around(true, (full, filtered) => {
  const ofRun = full.ids.filter((r) => r.run === filtered.run).map((r) => r.id);
  const missing = filterMissing(ofRun, new Set(idsOf(filtered)));
  return missing.length
    ? {
        expected: `GET ${filtered.target} (an earlier exchange) to hold every record of the run ${JSON.stringify(filtered.run)} the full listing holds`,
        actual: `${missing.length} missing, e.g. ${shown(missing.slice(0, 3))}; ${AROUND}`,
      }
    : 'held';
});

// ---- One URI scheme for the records of a kind.

interface UriHalf {
  readonly kind: RecordKindName;
  readonly uri: string;
}

function uriHalf(kind: RecordKindName, record: Readonly<Record<string, unknown>>): HalfOf<UriHalf> | undefined {
  const uri = record[RECORD_KIND[kind].uriField];
  return typeof uri === 'string' && uriScheme(uri) !== undefined ? { key: kind, half: { kind, uri } } : undefined;
}

const oneScheme: PairJudgement<UriHalf, UriHalf> = {
  halves: {
    record: (e) => uriHalf(e.kind.name, e.record),
    exchange: (e) => {
      const kind = kindOf(e.request.op.id);
      return kind &&
        e.request.op.id === kind.readOp &&
        is2xx(e.status) &&
        isJsonObject(e.json) &&
        e.schemaProblem === undefined
        ? uriHalf(kind.name, e.json)
        : undefined;
    },
  },
  step(first, half) {
    if (!first) return { state: half };
    const kind = RECORD_KIND[half.kind];
    const breach = uriSchemeBreach(kind, half.uri, { scheme: uriScheme(first.uri)!, uri: first.uri });
    return {
      state: first,
      verdict: breach
        ? { expected: `every ${kind.uriField} URI in the scheme "${uriScheme(first.uri)}:"`, actual: breach }
        : 'held',
    };
  },
};

const LISTS_AND_READS = ['predictions.list', 'predictions.read', 'scores.list', 'scores.read'] as const;

export const PAIR_RULES = serverRules({
  readBack: {
    ...READ_BACK,
    ops: LISTS_AND_READS,
    slot: 'pair',
    pair: readBack,
  },
  jobRead: {
    ...JOB_READ,
    ops: ['training-jobs.create', 'training-jobs.get'],
    slot: 'pair',
    pair: jobRead,
  },
  ...CHAT_PAIR_RULES,
  stableOrder: {
    id: '{kind}.stable-order',
    ops: LISTS,
    level: 'SHOULD',
    convention: STABLE_ORDER_CONVENTION,
    requirement: (op) =>
      `Two listings of ${kindAt(op).name} in a row give their records in the same order (pages taken with offset are consistent only then).`,
    needs: 'two listings of a project with the same query, holding the same records (with ids)',
    slot: 'pair',
    pair: stableOrder,
  },
  offsetSkips: {
    id: '{kind}.offset-skips',
    ops: LISTS,
    level: 'MUST',
    requirement: (op) => {
      const k = kindAt(op);
      return `Listing ${k.name} with offset k and limit m answers the records at positions k…k+m-1 of the full listing ("number of ${k.name} to skip", ${k.listSection}); judged when the order is stable.`;
    },
    needs:
      'a full listing (no limit, offset or filter), pages of the same project, then the same full listing again (records with ids)',
    slot: 'pair',
    pair: pages,
  },
  filterComplete: {
    ...FILTER_BY_RUN,
    ops: LISTS,
    slot: 'pair',
    pair: filterComplete,
  },
  oneUriScheme: {
    id: '{kind}.uri-fields-share-one-scheme',
    ops: LISTS_AND_READS,
    section: (op) => kindAt(op).fieldsSection,
    level: 'SHOULD',
    convention: ONE_SCHEME_CONVENTION,
    requirement: (op) => {
      const k = kindAt(op);
      return `Every ${k.title}'s ${k.uriField} URI uses the same scheme, the service's own (${k.fieldsSection}).`;
    },
    needs: 'records of one kind with model or scorer URIs, over the session (listings and reads)',
    slot: 'pair',
    pair: oneScheme,
  },
});
