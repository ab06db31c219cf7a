/**
 * @module What the record and training-job answers show, judged the same way by the suite's checks
 * and by the proxy on live traffic: a listing holds at most the `limit` asked for and only records of
 * the evaluation run filtered by (§4.5, §4.7), each with its server-filled svc_user_id (§2.1, §2.2);
 * a read answers the record, or the training job, whose id the path names (§4.6, §4.8, §4.3), and
 * the same record as listed. Each returns the breach, or undefined.
 */
import { canonicalJson } from '../core/values.js';

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
