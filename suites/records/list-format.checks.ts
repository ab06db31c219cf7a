/** @module §4.5/§4.7: a listing is JSONL, one Prediction/Score object per line, with a JSONL media type. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { JSONL_CONVENTION, JSONL_MEDIA_TYPES, isJsonlMediaType } from '../../src/rules/media-types.js';
import { evidenceOf, openListing, readHead, readListing } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import type { RecordRow } from './record-check.js';

export const listFormatRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.list-is-jsonl-of-records', scores: 'scores.list-is-jsonl-of-records' },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Listing ${kind.name} answers a 2xx whose body is JSONL: every line a JSON ${kind.title} object (${kind.fieldsSection}) valid against the record schema; a truncated last line, a non-JSON line or an error object after the 2xx is a failure (${kind.listSection}).`,
    run: listIsJsonl,
  },
  {
    id: { predictions: 'predictions.list-content-type-jsonl', scores: 'scores.list-content-type-jsonl' },
    judges: 'listing',
    level: 'SHOULD',
    convention: JSONL_CONVENTION,
    requirement: (kind) =>
      `A ${kind.name} listing is labelled with a JSON Lines media type (${JSONL_MEDIA_TYPES.join(', ')}).`,
    run: listContentType,
  },
];

async function listIsJsonl(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const r = await readListing(ctx, kind, {});
  if (!r.ok) return r.failure;
  // A 2xx listing with no record is valid JSONL, but no line was judged either: SKIP, not pass.
  if (r.count === 0) {
    return skip(
      `the ${kind.name} listing of ${ctx.target.entity}/${ctx.target.project} answered HTTP ${r.evidence.streamExcerpt.status} with no record${r.notes.length ? ` (${r.notes.join('; ')})` : ''}: no line to judge against the ${kind.title} schema; list a project that holds ${kind.name}`,
    );
  }
  return pass([`${r.count} record(s) read${r.complete ? ', the whole listing' : ''}`, ...r.notes]);
}

async function listContentType(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const stream = await openListing(ctx, kind, {});
  if (stream.status < 200 || stream.status >= 300) {
    const head = await readHead(stream);
    return fail({
      expected: `a 2xx JSONL listing (${kind.listSection})`,
      actual: `HTTP ${stream.status}: ${excerpt(head) || 'an empty body'}`,
      ...evidenceOf(stream, head),
    });
  }
  // Only the headers are judged: close before reading a possibly huge body.
  await stream.close();
  const ct = stream.headers['content-type'];
  if (!isJsonlMediaType(ct)) {
    return fail({
      expected: `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
      actual: ct ? `Content-Type: ${ct}` : 'no Content-Type header',
      ...evidenceOf(stream, ''),
    });
  }
  return pass();
}
