/** @module §2.1/§2.2 record fields, judged on every record read (up to the cap). */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { readListing, recordKey, showKey, type JsonRecord } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { ONE_SCHEME_CONVENTION, svcUserIdBreach, uriScheme, uriSchemeBreach } from '../../src/rules/records.js';
import type { RecordRow } from './record-check.js';

/** RFC 3986 `URI` (with a scheme): ajv-formats' `uri`, as the record schemas' `format: uri`, without ajv's compiler. */
const uriFormat = fullFormats.uri as (value: string) => boolean;

/** Reads the listing and asks `judge` of each record: a finding (stops), judged (`true`), or nothing to judge. */
async function judgeEachRecord(
  ctx: CheckContext,
  kind: RecordKind,
  expected: string,
  nothing: string,
  judge: (rec: JsonRecord) => string | boolean,
): Promise<CheckOutcome> {
  let judged = 0;
  let finding: string | undefined;
  const r = await readListing(ctx, kind, { validate: false }, (rec) => {
    const verdict = judge(rec);
    if (typeof verdict === 'string') {
      finding = `${showKey(recordKey(kind, rec))}: ${verdict}`;
      return 'stop';
    }
    if (verdict) judged++;
  });
  if (!r.ok) return r.failure;
  if (finding !== undefined) return fail({ expected, actual: finding, ...r.evidence });
  if (judged === 0) return skip(nothing);
  return pass([`${judged} record(s) judged`, ...r.notes]);
}

export const fieldRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.svc-user-id-server-filled', scores: 'scores.svc-user-id-server-filled' },
    judges: 'fields',
    level: 'SHOULD',
    convention: (kind) =>
      `${kind.fieldsSection}: svc_user_id is "filled in by the server" (required-ness not shown); the evaluation-record service sends it on every record`,
    requirement: (kind) =>
      `Every listed ${kind.title} carries svc_user_id, a non-empty string filled in by the server.`,
    run: (ctx, kind) =>
      judgeEachRecord(
        ctx,
        kind,
        'svc_user_id, a non-empty string, on every record',
        `no ${kind.title} was listed`,
        (rec) => svcUserIdBreach(rec) ?? true,
      ),
  },
  {
    id: { predictions: 'predictions.uri-fields-are-uris', scores: 'scores.uri-fields-are-uris' },
    judges: 'fields',
    level: 'MUST',
    requirement: (kind) =>
      `A ${kind.title}'s ${kind.uriField}, when present, is a URI (RFC 3986, with a scheme): ${kind.fieldsSection} gives it as "a URI of the service's own scheme".`,
    run: (ctx, kind) =>
      judgeEachRecord(
        ctx,
        kind,
        `${kind.uriField} a URI with a scheme (${kind.fieldsSection})`,
        `no ${kind.title} read carries a ${kind.uriField}`,
        (rec) => {
          const v = rec[kind.uriField];
          if (v === undefined || v === null) return false;
          if (typeof v !== 'string') return `${kind.uriField} is ${excerpt(JSON.stringify(v), 80)}, not a string`;
          return uriFormat(v) ? true : `${kind.uriField} ${excerpt(JSON.stringify(v), 120)} is not a URI`;
        },
      ),
  },
  {
    id: { predictions: 'predictions.uri-fields-share-one-scheme', scores: 'scores.uri-fields-share-one-scheme' },
    judges: 'fields',
    level: 'SHOULD',
    convention: ONE_SCHEME_CONVENTION,
    requirement: (kind) =>
      `Every ${kind.title}'s ${kind.uriField} URI uses the same scheme, the service's own (${kind.fieldsSection}).`,
    run: (ctx, kind) => {
      let first: { scheme: string; uri: string } | undefined;
      return judgeEachRecord(
        ctx,
        kind,
        `every ${kind.uriField} URI of one scheme`,
        `no ${kind.title} read carries a ${kind.uriField} URI`,
        (rec) => {
          const v = rec[kind.uriField];
          if (typeof v !== 'string') return false;
          const scheme = uriScheme(v);
          if (scheme === undefined) return false; // not a URI at all: uri-fields-are-uris judges that
          if (!first) first = { scheme, uri: v };
          return uriSchemeBreach(kind, v, first) ?? true;
        },
      );
    },
  },
  {
    id: { scores: 'scores.value-is-number' },
    judges: 'fields',
    level: 'MUST',
    requirement: (kind) =>
      `A ${kind.title}'s value, when present (and not null: nullability is not shown), is a JSON number (${kind.fieldsSection} types \`value\` as number).`,
    run: (ctx, kind) =>
      judgeEachRecord(
        ctx,
        kind,
        `value a JSON number (${kind.fieldsSection})`,
        `no ${kind.title} read carries a value`,
        (rec) => {
          if (!('value' in rec) || rec.value === null) return false;
          return typeof rec.value === 'number'
            ? true
            : `value is ${excerpt(JSON.stringify(rec.value), 80)}, not a number`;
        },
      ),
  },
];
