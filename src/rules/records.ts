/**
 * @module What the record and training-job answers show (§2, §4.3, §4.5–§4.8), judged alike by the
 * suite's checks and the proxy; each returns the breach, or undefined.
 */
import { describeSchemaErrors, excerpt } from '../core/describe.js';
import type { RecordKind } from '../core/record-kinds.js';
import { canonicalJson, is4xx, isJsonObject, jsonOrUndefined } from '../core/values.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { isErrorObject } from './error-shape.js';

/** A listing read of `count` records (reading stopped beyond `limit`) against the limit asked for. */
export function limitBreach(limit: number, count: number): string | undefined {
  return count > limit ? `more than ${limit} record(s) (reading stopped at record ${limit + 1})` : undefined;
}

/** The convention that two listings in a row list their records in the same order. */
export const STABLE_ORDER_CONVENTION = 'evaluation-record service: a stable order (by start time, then id)';

/** The first position where two listings' keys differ (over the shorter one), or -1. */
export function firstDifference(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** A page against the full listing (read when nothing changed): the records it should hold, when it holds others. */
export function pageBreach(
  full: readonly string[],
  offset: number,
  limit: number | undefined,
  page: readonly string[],
  more = false,
): readonly string[] | undefined {
  const expected = full.slice(offset, limit === undefined ? undefined : offset + limit);
  const same = !more && page.length === expected.length && firstDifference(expected, page) === -1;
  return same ? undefined : expected;
}

/** The records of the run in the full listing that a listing filtered by it left out. */
export function filterMissing(ofTheRun: Iterable<string>, filtered: ReadonlySet<string>): string[] {
  return [...ofTheRun].filter((key) => !filtered.has(key));
}

/** A listed record against the evaluation-run filter asked for. */
export function filterBreach(runId: string, record: Readonly<Record<string, unknown>>): string | undefined {
  const got = record.evaluation_run_id;
  return got === runId
    ? undefined
    : `a record of another run: evaluation_run_id ${got === undefined ? '(none)' : JSON.stringify(got)}`;
}

/** A listed record's svc_user_id: "filled in by the server" (§2.1, §2.2), a non-empty string. */
export function svcUserIdBreach(record: Readonly<Record<string, unknown>>): string | undefined {
  const v = record.svc_user_id;
  if (typeof v === 'string' && v.length > 0) return undefined;
  return 'svc_user_id' in record ? `svc_user_id is ${JSON.stringify(v)?.slice(0, 80)}` : 'no svc_user_id';
}

/** The convention that a record's model/scorer URI names the entity and project it lives in. */
export const RECORD_URI_CONVENTION =
  'evaluation-record service: URIs look like weave:///{entity}/{project}/object/{name}:{digest}';

/** The entity and project a URI of the `scheme:///{entity}/{project}/…` layout names, if it has that layout. */
export function uriScope(uri: string): { scheme: string; entity: string; project: string } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(uri);
  if (!m) return undefined;
  // `weave:///e/p/…` (empty authority) and `weave://e/p/…` both name e and p first.
  const segments = m[2]!.replace(/^\/+/, '').split(/[/?#]/);
  if (segments.length < 2 || !segments[0] || !segments[1]) return undefined;
  try {
    return {
      scheme: m[1]!.toLowerCase(),
      entity: decodeURIComponent(segments[0]!),
      project: decodeURIComponent(segments[1]!),
    };
  } catch {
    return undefined;
  }
}

/** Whether a record shows where it belongs: it carries its model/scorer URI as a string. */
export function recordScopeShown(kind: RecordKind, record: Readonly<Record<string, unknown>>): boolean {
  return typeof record[kind.uriField] === 'string';
}

/** A record under `/v2/{entity}/{project}` against the scope its URI names (RECORD_URI_CONVENTION). */
export function recordScopeBreach(
  kind: RecordKind,
  record: Readonly<Record<string, unknown>>,
  entity: string,
  project: string,
): string | undefined {
  const uri = record[kind.uriField];
  if (typeof uri !== 'string') return undefined;
  const scope = uriScope(uri);
  if (!scope)
    return `${kind.uriField} ${excerpt(uri, 120)} does not name an entity and a project (scheme:///{entity}/{project}/…)`;
  return scope.entity === entity && scope.project === project
    ? undefined
    : `${kind.uriField} ${excerpt(uri, 120)} names ${scope.entity}/${scope.project}`;
}

/** The convention that one service names its models and scorers in one URI scheme of its own. */
export const ONE_SCHEME_CONVENTION =
  'evaluation-record service: one URI scheme (weave:///…); internal reference schemes are never exposed';

/** The scheme of a URI (lower case), or undefined for a value that starts with none. */
export function uriScheme(value: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
}

/** A record's URI against the first of its kind seen (ONE_SCHEME_CONVENTION); a value with no scheme is no URI. */
export function uriSchemeBreach(
  kind: RecordKind,
  uri: string,
  first: { readonly scheme: string; readonly uri: string },
): string | undefined {
  const scheme = uriScheme(uri);
  if (scheme === undefined || scheme === first.scheme) return undefined;
  return `${kind.uriField} ${excerpt(uri, 120)} uses the scheme "${scheme}:", an earlier one "${first.scheme}:" (${excerpt(first.uri, 80)})`;
}

/** A record read by id (`idField`: prediction_id, score_id) against the id the path names. */
export function readIdBreach(
  idField: string,
  askedId: string,
  record: Readonly<Record<string, unknown>>,
): string | undefined {
  return record[idField] === askedId ? undefined : `${idField} ${JSON.stringify(record[idField])}`;
}

/** A training job read by id against the id the path names: a UUID's hex digits are case-insensitive (RFC 9562 §4). */
export function jobIdBreach(askedId: string, job: Readonly<Record<string, unknown>>): string | undefined {
  const got = job.id;
  return typeof got === 'string' && got.toLowerCase() === askedId.toLowerCase()
    ? undefined
    : `id ${JSON.stringify(got)}`;
}

/** True for a canonical textual UUID (any version), the form §2.3 gives training-job ids. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Refusals that say nothing of whether the id names something: credentials, negotiation, framing, rate. */
const NOT_ABOUT_THE_ID: ReadonlySet<number> = new Set([401, 403, 405, 406, 407, 408, 411, 413, 414, 429, 431]);

/** Whether a refused read by a well-formed id (for a job, a UUID: §2.3) shows how an unknown id is answered. */
export function unknownIdShown(status: number): boolean {
  return is4xx(status) && !NOT_ABOUT_THE_ID.has(status);
}

/** A read by an id that names nothing, against the 404 the services answer for one: the breach, or undefined. */
export function unknownIdBreach(status: number): string | undefined {
  return status === 404 ? undefined : `HTTP ${status}`;
}

/** A training-job read by an id that is not a UUID (it can name no job, §2.3): refused with a 4xx, never 2xx or 5xx (§4.3). */
export function malformedJobIdBreach(status: number): string | undefined {
  return is4xx(status) ? undefined : `HTTP ${status}`;
}

/** A record read by id against the same record listed: the first field both carry whose values differ. */
export function recordDifference(
  listed: Readonly<Record<string, unknown>>,
  read: Readonly<Record<string, unknown>>,
): { readonly field: string; readonly listed: string; readonly read: string } | undefined {
  for (const [field, value] of Object.entries(listed)) {
    if (!(field in read)) continue;
    const a = canonicalJson(value);
    const b = canonicalJson(read[field]);
    if (a !== b) return { field, listed: a, read: b };
  }
  return undefined;
}

/** One line of a listing as the JSONL judgement sees it (src/transport/jsonl.ts). */
export interface ListingLine {
  readonly number: number;
  readonly text: string;
  /** The body ended without a newline after it. */
  readonly unterminated: boolean;
}

/** One non-blank line of a 2xx listing (§4.5, §4.7): a valid record that is not an error object, or the problem. */
export function judgeListingLine(
  kind: RecordKind,
  line: ListingLine,
  status: number,
  schemas: Pick<SchemaRegistry, 'validate'>,
  validate = true,
): { readonly record: Record<string, unknown> } | { readonly problem: string } {
  const value = jsonOrUndefined(line.text);
  if (value === undefined)
    return {
      problem: line.unterminated
        ? `the last line (${line.number}) ends without a newline and is not complete JSON, a truncated line: ${excerpt(line.text, 160)}`
        : `line ${line.number} is not JSON: ${excerpt(line.text, 160)}`,
    };
  if (!isJsonObject(value))
    return {
      problem: `line ${line.number} is ${Array.isArray(value) ? 'a JSON array' : `the JSON ${value === null ? 'null' : typeof value}`}, not a ${kind.title} object: ${excerpt(line.text, 160)}`,
    };
  if (isErrorObject(kind, value))
    return { problem: `line ${line.number} is an error object after HTTP ${status}: ${excerpt(line.text, 160)}` };
  if (validate) {
    const v = schemas.validate(kind.schema, value);
    if (!v.ok)
      return {
        problem: `line ${line.number} is not a valid ${kind.title} (${kind.fieldsSection}): ${describeSchemaErrors(v.errors)}: ${excerpt(line.text, 160)}`,
      };
  }
  return { record: value };
}
