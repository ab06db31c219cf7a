/**
 * @module What the record and training-job answers show, judged the same way by the suite's checks
 * and by the proxy on live traffic: a listing holds at most the `limit` asked for and only records of
 * the evaluation run filtered by (§4.5, §4.7), each with its server-filled svc_user_id (§2.1, §2.2);
 * a read answers the record, or the training job, whose id the path names (§4.6, §4.8, §4.3), and
 * the same record as listed. Each returns the breach, or undefined.
 */
import { describeSchemaErrors, excerpt } from '../core/describe.js';
import type { RecordKind } from '../core/record-kinds.js';
import { canonicalJson, isJsonObject } from '../core/values.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { isErrorObject } from './error-shape.js';

/** A listing read of `count` records (reading stopped beyond `limit`) against the limit asked for. */
export function limitBreach(limit: number, count: number): string | undefined {
  return count > limit ? `more than ${limit} record(s) (reading stopped at record ${limit + 1})` : undefined;
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

/**
 * A record read by id against the same record listed: the first field both carry whose values differ
 * (canonical JSON), or undefined. Fields only one of them carries are not judged.
 */
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

/**
 * One non-blank line of a 2xx listing (§4.5, §4.7): a JSON object, not an error object (src/rules/
 * error-shape.ts), valid against the record schema (unless `validate` is false). The record, or the
 * problem in words (the first bad line is the listing's finding).
 */
export function judgeListingLine(
  kind: RecordKind,
  line: ListingLine,
  status: number,
  schemas: Pick<SchemaRegistry, 'validate'>,
  validate = true,
): { readonly record: Record<string, unknown> } | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch {
    return {
      problem: line.unterminated
        ? `the last line (${line.number}) ends without a newline and is not complete JSON, a truncated line: ${excerpt(line.text, 160)}`
        : `line ${line.number} is not JSON: ${excerpt(line.text, 160)}`,
    };
  }
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
