/** @module §4.5–§4.8 listing reader: judges each JSONL line as it streams, up to the read cap. */
import { createHash } from 'node:crypto';
import type { CheckContext } from '../../src/core/check.js';
import { fillPath, operation } from '../../src/core/operations.js';
import { fail, type FailOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { listQuery, pathOf } from '../../src/kit/requests.js';
import { readJsonl } from '../../src/kit/streams.js';
import type { JsonlLine } from '../../src/transport/jsonl.js';
import { ConformanceError } from '../../src/core/errors.js';
import type { RecordedRequest, StreamingExchange } from '../../src/transport/types.js';
import { canonicalJson } from '../../src/core/values.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { judgeListingLine } from '../../src/rules/records.js';
import { LineTail, openLineProblem } from '../../src/transport/jsonl-tail.js';

export type JsonRecord = Record<string, unknown>;

/** The record's id when it has one (§2.1/§2.2 do not say ids are required). */
export function recordId(kind: RecordKind, rec: JsonRecord): string | undefined {
  const id = rec[kind.idField];
  return typeof id === 'string' ? id : undefined;
}

/** What identifies a record in a listing, in a short key: its id, or a digest of its content. */
export function recordKey(kind: RecordKind, rec: JsonRecord): string {
  const id = recordId(kind, rec);
  if (id !== undefined) return `id ${id}`;
  const canonical = canonicalJson(rec);
  return `record ${excerpt(canonical, 60)} #${createHash('sha256').update(canonical).digest('base64url').slice(0, 16)}`;
}

export function showKey(key: string): string {
  return excerpt(key, 80);
}

export interface ListRequest {
  readonly query?: { readonly evaluationRunId?: string; readonly limit?: number; readonly offset?: number };
  /** Another entity/project than the target's. */
  readonly entity?: string;
  readonly project?: string;
  /** Read at most this many records (never more than `ctx.target.listReadCap`). */
  readonly max?: number;
  /** Validate each record against its schema (default true; off for checks of one field). */
  readonly validate?: boolean;
}

export interface StreamEvidence {
  readonly streamRequest: RecordedRequest;
  readonly streamExcerpt: { status: number; headers: Readonly<Record<string, string>>; firstBytes: string };
}

export type ListingResult =
  | {
      readonly ok: true;
      /** Records handed to the callback. */
      readonly count: number;
      /** The body ended: every record of this listing was read. */
      readonly complete: boolean;
      /** Another record followed the `max`-th. */
      readonly more: boolean;
      readonly evidence: StreamEvidence;
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly failure: FailOutcome };

export function evidenceOf(
  stream: Pick<StreamingExchange, 'request' | 'status' | 'headers'>,
  firstBytes: string,
): StreamEvidence {
  return {
    streamRequest: stream.request,
    streamExcerpt: { status: stream.status, headers: stream.headers, firstBytes },
  };
}

export function listPath(
  ctx: CheckContext,
  kind: RecordKind,
  where: { entity?: string; project?: string } = {},
): string {
  if (where.entity === undefined && where.project === undefined) return pathOf(ctx.target, kind.listOp);
  return fillPath(operation(kind.listOp).path, {
    entity: where.entity ?? ctx.target.entity,
    project: where.project ?? ctx.target.project,
  });
}

export function openListing(ctx: CheckContext, kind: RecordKind, req: ListRequest = {}): Promise<StreamingExchange> {
  return ctx.http.open({
    method: 'GET',
    path: listPath(ctx, kind, req),
    query: listQuery(ctx.target, req.query ?? {}),
    auth: 'default',
  });
}

/** Reads at most `limit` bytes of a body (for the evidence of a non-2xx answer), then closes it. */
export async function readHead(stream: StreamingExchange, limit = 2048): Promise<string> {
  let text = '';
  try {
    for await (const chunk of stream.chunks) {
      text += Buffer.from(chunk).toString('utf8');
      if (text.length >= limit) break;
    }
  } finally {
    await stream.close();
  }
  return text.slice(0, limit);
}

/** `?limit=3&offset=2` as sent, for messages. */
export function describeQuery(ctx: CheckContext, q: ListRequest['query'] = {}): string {
  const parts = Object.entries(listQuery(ctx.target, q))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? `?${parts.join('&')}` : ' (no query)';
}

/** Lists records and judges each line as it arrives; CRLF, blank lines, no final newline are accepted. */
export async function readListing(
  ctx: CheckContext,
  kind: RecordKind,
  req: ListRequest,
  onRecord: (rec: JsonRecord, index: number) => 'stop' | void = () => undefined,
): Promise<ListingResult> {
  const stream = await openListing(ctx, kind, req);
  const what = `GET ${listPath(ctx, kind, req)}${describeQuery(ctx, req.query)}`;
  if (stream.status < 200 || stream.status >= 300) return { ok: false, failure: await refused(stream, kind, what) };
  const cap = ctx.target.listReadCap;
  const read: LinesRead = { max: Math.min(req.max ?? cap, cap), count: 0, more: false, blank: 0 };
  const onLine = (line: JsonlLine): 'stop' | void => {
    if (line.text.trim() === '') {
      read.blank++;
      return;
    }
    const judged = judgeListingLine(kind, line, stream.status, ctx.schemas, req.validate !== false);
    if ('problem' in judged) {
      read.problem = judged.problem;
      return 'stop';
    }
    if (read.count >= read.max) {
      read.more = true;
      return 'stop';
    }
    read.count++;
    return onRecord(judged.record, read.count - 1);
  };
  let end: { stopped: boolean; firstBytes: string };
  let byteCapReached = false;
  const tail = new LineTail();
  try {
    end = await readJsonl(tail.follow(stream), onLine);
  } catch (err) {
    end = atByteCap(err, tail, read, kind, what);
    byteCapReached = true;
  }
  const evidence = evidenceOf(stream, end.firstBytes);
  if (read.problem !== undefined) {
    return {
      ok: false,
      failure: fail({
        expected: `every line of ${what} a JSON ${kind.title} object (JSONL, ${kind.listSection}), until the body ends`,
        actual: read.problem,
        ...evidence,
        precondition: kind.listOp,
      }),
    };
  }
  const notes = listingNotes(what, read, cap, byteCapReached);
  return {
    ok: true,
    count: read.count,
    complete: !end.stopped,
    more: read.more,
    evidence,
    notes,
  };
}

async function refused(stream: StreamingExchange, kind: RecordKind, what: string): Promise<FailOutcome> {
  const head = await readHead(stream);
  return fail({
    expected: `a 2xx answer with a JSONL body of ${kind.title} records to ${what} (${kind.listSection})`,
    actual: `HTTP ${stream.status}${stream.headers['content-type'] ? ` (${stream.headers['content-type']})` : ''}: ${excerpt(head) || 'an empty body'}`,
    ...evidenceOf(stream, head),
    precondition: kind.listOp,
  });
}

/** What the lines of a 2xx listing showed: records (up to `max`), one more, blanks, a broken line. */
interface LinesRead {
  readonly max: number;
  count: number;
  more: boolean;
  blank: number;
  problem?: string;
}

/** The end of a listing whose read threw `err`: the byte cap (--max-body-bytes) is a read cap, not a failure. */
function atByteCap(
  err: unknown,
  tail: LineTail,
  lines: LinesRead,
  kind: RecordKind,
  what: string,
): { stopped: boolean; firstBytes: string } {
  if (!ConformanceError.is(err) || err.code !== 'CTS_BODY_TOO_LARGE' || lines.problem !== undefined) throw err;
  // The line open at the cap is judged as far as it goes: one that cannot become a JSON object fails.
  const open = openLineProblem(tail.open);
  if (open !== undefined) {
    lines.problem = `line ${tail.newlines + 1} ${open}; it had no newline yet when reading stopped at the response byte cap (--max-body-bytes) after ${tail.bytes} bytes`;
  } else if (lines.count === 0) {
    // No record read and nothing provably wrong: the suite could not judge (an error, neither pass nor skip).
    throw new ConformanceError(
      'CTS_BODY_TOO_LARGE',
      `${what}: no complete ${kind.title} line within the response byte cap (${tail.bytes} bytes read, ${tail.newlines} newline(s)); the listing could not be judged (raise --max-body-bytes)`,
      { cause: err },
    );
  }
  return { stopped: true, firstBytes: tail.firstBytes };
}

function listingNotes(what: string, lines: LinesRead, cap: number, byteCapReached: boolean): string[] {
  const notes: string[] = [];
  if (lines.more && lines.max === cap)
    notes.push(`read cap reached: stopped reading ${what} after ${cap} records (--list-cap); judged those`);
  if (byteCapReached)
    notes.push(
      `read cap reached: ${what} passed the response byte cap (--max-body-bytes) after ${lines.count} records; judged those`,
    );
  if (lines.blank > 0) notes.push(`${what}: ${lines.blank} blank line(s) skipped (NDJSON lets readers ignore them)`);
  return notes;
}

/** Reads the keys of a listing's first `max` records, in order (bounded memory: keys only). */
export async function readKeys(ctx: CheckContext, kind: RecordKind, req: ListRequest) {
  const keys: string[] = [];
  const r = await readListing(ctx, kind, req, (rec) => void keys.push(recordKey(kind, rec)));
  return r.ok ? { ...r, keys } : r;
}

/** A hex tag fixed by the seed, for names that no record or project has. */
export function seedTag(seed: number): string {
  return (seed >>> 0).toString(16).padStart(8, '0');
}
