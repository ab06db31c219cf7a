/**
 * @module §2.1/§2.2 record fields, judged on every record read (up to the cap): `svc_user_id` filled
 * by the server, a Score's `value` a number, `model`/`scorer` URIs of the service's own scheme.
 */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { readListing, recordKey, showKey, type JsonRecord } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { ONE_SCHEME_CONVENTION, svcUserIdBreach, uriScheme, uriSchemeBreach } from '../../src/rules/records.js';

/**
 * RFC 3986 `URI` (absolute, with a scheme): ajv-formats' `uri`, the format our record schemas use,
 * called as the function ajv's `format: uri` calls (its default full mode), without ajv's compiler.
 */
const uriFormat = fullFormats.uri as (value: string) => boolean;

function isUri(value: string): boolean {
  return uriFormat(value);
}

/**
 * Reads the listing and asks `judge` about each record: a string is the finding (reading stops),
 * `true` means the record was judged, `false` that it had nothing to judge.
 */
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

export function fieldChecks(kind: RecordKind): CheckDefinition[] {
  const svcUserId = defineCheck({
    id: `${kind.name}.svc-user-id-server-filled`,
    operation: kind.listOp,
    section: kind.fieldsSection,
    level: 'SHOULD',
    convention: `${kind.fieldsSection}: svc_user_id is "filled in by the server" (required-ness not shown); the evaluation-record service sends it on every record`,
    requirement: `Every listed ${kind.title} carries svc_user_id, a non-empty string filled in by the server.`,
    run(ctx) {
      return judgeEachRecord(
        ctx,
        kind,
        'svc_user_id, a non-empty string, on every record',
        `no ${kind.title} was listed`,
        (rec) => svcUserIdBreach(rec) ?? true,
      );
    },
  });

  const urisParse = defineCheck({
    id: `${kind.name}.uri-fields-are-uris`,
    operation: kind.listOp,
    section: kind.fieldsSection,
    level: 'MUST',
    requirement: `A ${kind.title}'s ${kind.uriField}, when present, is a URI (RFC 3986, with a scheme): ${kind.fieldsSection} gives it as "a URI of the service's own scheme".`,
    run(ctx) {
      return judgeEachRecord(
        ctx,
        kind,
        `${kind.uriField} a URI with a scheme (${kind.fieldsSection})`,
        `no ${kind.title} read carries a ${kind.uriField}`,
        (rec) => {
          const v = rec[kind.uriField];
          if (v === undefined || v === null) return false;
          if (typeof v !== 'string') return `${kind.uriField} is ${excerpt(JSON.stringify(v), 80)}, not a string`;
          return isUri(v) ? true : `${kind.uriField} ${excerpt(JSON.stringify(v), 120)} is not a URI`;
        },
      );
    },
  });

  const oneScheme = defineCheck({
    id: `${kind.name}.uri-fields-share-one-scheme`,
    operation: kind.listOp,
    section: kind.fieldsSection,
    level: 'SHOULD',
    convention: ONE_SCHEME_CONVENTION,
    requirement: `Every ${kind.title}'s ${kind.uriField} URI uses the same scheme, the service's own (${kind.fieldsSection}).`,
    run(ctx) {
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
  });

  const checks = [svcUserId, urisParse, oneScheme];
  if (kind.name === 'scores') {
    checks.push(
      defineCheck({
        id: `${kind.name}.value-is-number`,
        operation: kind.listOp,
        section: kind.fieldsSection,
        level: 'MUST',
        requirement: `A ${kind.title}'s value, when present (and not null: nullability is not shown), is a JSON number (${kind.fieldsSection}: "value: number").`,
        run(ctx) {
          return judgeEachRecord(
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
          );
        },
      }),
    );
  }
  return checks;
}
