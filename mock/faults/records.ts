/** @module Planted faults for the predictions and scores checks (§4.5–§4.8, §2.1–§2.2), both kinds alike. */
import { DEFAULT_ENTITY, DEFAULT_PROJECT } from '../../src/core/defaults.js';
import type { MockRequest, MockResponse } from '../types.js';
import { jsonResponse, openaiError } from '../errors.js';
import { readStream } from '../request.js';
import { recordPathOf } from './rewrite.js';
import { faultTable, type Fault } from './types.js';
import { isJsonObject } from '../../src/core/values.js';
import { RECORD_KIND, type RecordKindName } from '../../src/core/record-kinds.js';

type Kind = RecordKindName;
type Obj = Record<string, unknown>;

const both = (...rules: string[]): string[] => rules.flatMap((r) => [`predictions.${r}`, `scores.${r}`]);

/** The kind of record a listing (`list` true) or a read by id (false) is for. */
const kindOf =
  (list: boolean) =>
  (req: MockRequest): Kind | undefined => {
    const at = recordPathOf(req);
    return at?.list === list ? at.kind : undefined;
  };
const listKind = kindOf(true);
const readKind = kindOf(false);

/** The whole body of a response as text (a listing's stream drained). */
async function bodyText(res: MockResponse): Promise<string> {
  if (res.stream) return readStream(res.stream);
  if (res.body !== undefined) return typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body);
  return '';
}

async function* chunked(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += 4096) yield text.slice(i, i + 4096);
}

/** Rewrites a successful listing (of the requests `when` picks): `fn` gets the records and returns the body text. */
function rewriteListing(fn: (records: Obj[], kind: Kind) => string, when = (_req: MockRequest) => true) {
  return async (req: MockRequest, res: MockResponse): Promise<MockResponse> => {
    const kind = listKind(req);
    if (!when(req) || !kind || res.status !== 200) return res;
    const text = await bodyText(res);
    const records = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Obj);
    const { stream: _s, body: _b, json: _j, ...rest } = res;
    return { ...rest, stream: chunked(fn(records, kind)) };
  };
}

const jsonl = (records: readonly Obj[]): string => records.map((r) => JSON.stringify(r) + '\n').join('');

function mapRecords(fn: (rec: Obj, kind: Kind, index: number) => Obj) {
  return rewriteListing((records, kind) => jsonl(records.map((r, i) => fn(r, kind, i))));
}

/** Rewrites the model/scorer URI of listed records (`fn` returns undefined to keep it). */
const mapUris = (fn: (uri: string, index: number) => string | undefined) =>
  mapRecords((rec, kind, i) => {
    const field = RECORD_KIND[kind].uriField;
    const uri = rec[field];
    const out = typeof uri === 'string' ? fn(uri, i) : undefined;
    return out === undefined ? rec : { ...rec, [field]: out };
  });

function rewriteQuery(fn: (query: URLSearchParams) => void) {
  return (req: MockRequest): MockRequest => {
    if (!listKind(req)) return req;
    const query = new URLSearchParams(req.query);
    fn(query);
    return { ...req, query };
  };
}

let listingsServed = 0;

export const recordFaults: readonly Fault[] = faultTable({
  'records.truncated-last-line': {
    description:
      'A listing ends in the middle of its last record (no newline, incomplete JSON) with a clean end of body.',
    breaks: both('list-is-jsonl-of-records'),
    after: rewriteListing((records) => {
      const text = jsonl(records);
      return records.length
        ? text.slice(0, text.length - Math.ceil(JSON.stringify(records.at(-1)).length / 2) - 1)
        : text;
    }),
  },
  'records.non-json-line': {
    description: 'A listing carries a line that is not JSON (a debug print) among its records.',
    breaks: both('list-is-jsonl-of-records'),
    after: rewriteListing((records) => {
      const lines = records.map((r) => JSON.stringify(r));
      lines.splice(Math.min(2, lines.length), 0, 'DEBUG: cache miss, falling back to storage');
      return lines.join('\n') + '\n';
    }),
  },
  'records.error-object-after-200': {
    description: 'A listing fails half-way and sends an error object as its last line after the 200.',
    breaks: both('list-is-jsonl-of-records'),
    after: rewriteListing((records) =>
      jsonl([
        ...records.slice(0, Math.ceil(records.length / 2)),
        openaiError(500, 'upstream storage timeout').json as Obj,
      ]),
    ),
  },
  'records.json-array-body': {
    description: 'A listing is answered as one JSON array (the illustrative body), not JSONL.',
    breaks: both('list-is-jsonl-of-records'),
    after: rewriteListing((records) => JSON.stringify(records)),
  },
  'records.listing-json-content-type': {
    description: 'A JSONL listing is labelled application/json.',
    breaks: both('list-content-type-jsonl'),
    after: (req, res) =>
      listKind(req) && res.status === 200
        ? { ...res, headers: { ...res.headers, 'content-type': 'application/json' } }
        : res,
  },

  'records.limit-off-by-one': {
    description: 'A listing with a limit answers one record more than the limit.',
    breaks: both('limit-bounds-count', 'paging-yields-each-record-once', 'offset-skips'),
    before: rewriteQuery((q) => {
      const limit = q.get('limit');
      if (limit !== null && /^\d+$/.test(limit)) q.set('limit', String(Number(limit) + 1));
    }),
  },
  'records.limit-ignored': {
    description: 'The limit parameter is ignored.',
    breaks: both('limit-bounds-count', 'paging-yields-each-record-once', 'offset-skips'),
    before: rewriteQuery((q) => q.delete('limit')),
  },
  'records.offset-ignored': {
    description: 'The offset parameter is ignored: every page starts at the first record.',
    breaks: both('offset-skips', 'paging-yields-each-record-once'),
    before: rewriteQuery((q) => q.delete('offset')),
  },
  'records.offset-off-by-one': {
    description: 'An offset skips one record fewer than asked.',
    breaks: both('offset-skips', 'paging-yields-each-record-once'),
    before: rewriteQuery((q) => {
      const offset = q.get('offset');
      if (offset !== null && /^\d+$/.test(offset) && Number(offset) > 0) q.set('offset', String(Number(offset) - 1));
    }),
  },
  'records.paging-drops-page-boundary': {
    description:
      'A page taken with a positive offset leaves out its first record (records at page boundaries are never listed).',
    breaks: both('offset-skips', 'paging-yields-each-record-once'),
    after: rewriteListing(
      (records) => jsonl(records.slice(1)),
      (req) => Number(req.query.get('offset') ?? '0') > 0,
    ),
  },
  'records.unstable-order': {
    description:
      'Each listing without limit/offset starts at a different record (rotated), so the order differs between two listings.',
    breaks: both('stable-order'),
    after: (req, res) => {
      if (req.query.has('limit') || req.query.has('offset')) return res;
      const turn = ++listingsServed;
      return rewriteListing((records) => {
        const k = records.length ? (turn * 7) % records.length : 0;
        return jsonl([...records.slice(k), ...records.slice(0, k)]);
      })(req, res);
    },
  },

  'records.filter-ignored': {
    description: 'The evaluation_run_id filter is ignored: every record is listed.',
    breaks: both('filter-by-evaluation-run'),
    before: rewriteQuery((q) => q.delete('evaluation_run_id')),
  },
  'records.filter-drops-records': {
    description: 'A filtered listing leaves out every third matching record.',
    breaks: both('filter-by-evaluation-run'),
    after: rewriteListing(
      (records) => jsonl(records.filter((_, i) => i % 3 !== 2)),
      (req) => req.query.has('evaluation_run_id'),
    ),
  },

  'records.read-differs-from-listing': {
    description: 'Reading a record by id answers a different model/scorer URI than the listing shows.',
    breaks: both('listed-records-read-back'),
    after: (req, res) => {
      const kind = readKind(req);
      if (!kind || res.status !== 200 || !isJsonObject(res.json)) return res;
      const field = RECORD_KIND[kind].uriField;
      return { ...res, json: { ...res.json, [field]: `${String(res.json[field])}-v2` } };
    },
  },
  'records.read-listed-id-404': {
    description: 'Reading a listed record by its id answers 404.',
    breaks: both('listed-records-read-back'),
    after: (req, res) => (readKind(req) && res.status === 200 ? jsonResponse(404, { reason: 'not found' }) : res),
  },
  'records.unknown-id-is-400': {
    description: 'Reading an id that names no record answers 400 instead of 404.',
    breaks: both('unknown-id-is-404'),
    after: (req, res) => (readKind(req) && res.status === 404 ? jsonResponse(400, { reason: 'bad id' }) : res),
  },
  'records.unknown-id-is-200': {
    description: 'Reading an unknown id answers 200 with an empty record carrying that id.',
    breaks: both('unknown-id-is-404'),
    after: (req, res) => {
      const kind = readKind(req);
      const id = recordPathOf(req)?.id;
      return kind && id && res.status === 404
        ? jsonResponse(200, { [RECORD_KIND[kind].idField]: decodeURIComponent(id) })
        : res;
    },
  },

  'records.uris-name-other-project': {
    description: "Listed records' model/scorer URIs name another project than the one listed.",
    breaks: both('records-belong-to-project'),
    after: mapUris((uri) => uri.replace(`/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}/`, `/${DEFAULT_ENTITY}/shared-models/`)),
  },
  'records.unknown-project-lists-default': {
    description: "Listing an entity/project that does not exist answers the default project's records.",
    breaks: both('unknown-project-yields-no-foreign-records'),
    before: (req) => {
      const at = recordPathOf(req);
      if (!at?.list || (at.entity === DEFAULT_ENTITY && at.project === DEFAULT_PROJECT)) return req;
      return { ...req, path: `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}/${at.kind}` };
    },
  },

  'records.svc-user-id-missing': {
    description: 'Listed records carry no svc_user_id.',
    breaks: both('svc-user-id-server-filled'),
    after: mapRecords(({ svc_user_id: _drop, ...rest }) => rest),
  },
  'records.score-value-as-string': {
    description: 'Listed scores carry value as a string ("0.734").',
    breaks: ['scores.value-is-number', 'scores.list-is-jsonl-of-records'],
    after: mapRecords((rec, kind) =>
      kind === 'scores' && typeof rec.value === 'number' ? { ...rec, value: String(rec.value) } : rec,
    ),
  },
  'records.uri-field-bare-name': {
    description: 'Listed records carry a bare name ("gpt 4o mini") as model/scorer instead of a URI.',
    breaks: both('uri-fields-are-uris', 'list-is-jsonl-of-records'),
    after: mapUris((_uri, i) => (i === 3 ? 'gpt 4o mini' : undefined)),
  },
  'records.internal-uri-scheme-leaks': {
    description:
      'Every other listed record exposes an internal reference scheme (weave-internal:///…) in model/scorer.',
    breaks: both('uri-fields-share-one-scheme'),
    after: mapUris((uri, i) => (i % 2 === 1 ? uri.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, 'weave-internal:') : undefined)),
  },
});
