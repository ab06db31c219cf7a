/** @module §4.6/§4.8: every listed id reads back as the same record; an unknown id is 404. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeResponse, describeSchemaErrors, excerpt } from '../../src/core/describe.js';
import { pathOf } from '../../src/kit/requests.js';
import type { HttpExchange } from '../../src/transport/types.js';
import { readListing, recordId, seedTag, type JsonRecord } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { readIdBreach, recordDifference, unknownIdBreach } from '../../src/rules/records.js';
import { isJsonObject } from '../../src/core/values.js';
import type { RecordRow } from './record-check.js';
import { failAnswer } from '../chat-completions/chat-exchange.js';

/** Records read back: the first two listed and one further down (few requests). */
const READ_BACK_FIRST = 2;
const READ_BACK_WINDOW = 100;

export const readRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.listed-records-read-back', scores: 'scores.listed-records-read-back' },
    judges: 'read',
    level: 'MUST',
    requirement: (kind) =>
      `Reading a listed ${kind.title} by its ${kind.idField} answers a 2xx with that same record: the same id, and the same value for every field both carry (${kind.readSection}).`,
    run: listedRecordsReadBack,
  },
  {
    id: { predictions: 'predictions.unknown-id-is-404', scores: 'scores.unknown-id-is-404' },
    judges: 'read',
    level: 'SHOULD',
    convention: (kind) =>
      `evaluation-record service: an unknown id is 404 with {"reason": "${kind.title} <id> not found"}`,
    requirement: (kind) => `Reading a ${kind.title} by an id that names no record answers 404.`,
    run: async (ctx, kind) => {
      const id = `conformance-missing-${seedTag(ctx.seed)}`;
      const ex = await readRecord(ctx, kind, id);
      return unknownIdBreach(ex.response.status)
        ? failAnswer(ex, `HTTP 404 for the unknown ${kind.idField} ${id}`)
        : pass();
    },
  },
];

/** Reads the record `id`, through another entity and project when `where` names them. */
export function readRecord(
  ctx: CheckContext,
  kind: RecordKind,
  id: string,
  where: { entity: string; project: string } | Record<string, never> = {},
): Promise<HttpExchange> {
  return ctx.http.send({
    method: 'GET',
    path: pathOf(ctx.target, kind.readOp, { ...where, [kind.idField]: id }),
    auth: 'default',
  });
}

async function listedRecordsReadBack(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  const sample: JsonRecord[] = [];
  let later: JsonRecord | undefined;
  const listing = await readListing(ctx, kind, { max: Math.min(READ_BACK_WINDOW, ctx.target.listReadCap) }, (rec) => {
    if (recordId(kind, rec) === undefined) return;
    if (sample.length < READ_BACK_FIRST) sample.push(rec);
    else later = rec;
  });
  if (!listing.ok) return listing.failure;
  if (later) sample.push(later);
  if (sample.length === 0)
    return skip(
      `no listed ${kind.title} carries a string ${kind.idField} (${kind.fieldsSection} does not say it is required): nothing to read back`,
    );
  const notes: string[] = [];
  for (const listed of sample) {
    const outcome = await readBack(ctx, kind, listed, notes);
    if (outcome) return outcome;
  }
  return pass([`${sample.length} listed record(s) read back`, ...notes, ...listing.notes]);
}

/** Reads one listed record back by its id: the failure when the read is not that record; notes the fields only one side carries. */
async function readBack(
  ctx: CheckContext,
  kind: RecordKind,
  listed: JsonRecord,
  notes: string[],
): Promise<CheckOutcome | undefined> {
  const id = recordId(kind, listed)!;
  const ex = await readRecord(ctx, kind, id);
  const failure = (expected: string, actual: string) => fail({ expected, actual, exchange: ex });
  if (ex.response.status < 200 || ex.response.status >= 300)
    return failure(`a 2xx answer reading the listed ${kind.title} ${id}`, describeResponse(ex));
  if (!isJsonObject(ex.json)) return failure(`one ${kind.title} object (${kind.readSection})`, describeResponse(ex));
  const v = ctx.schemas.validate(kind.schema, ex.json);
  if (!v.ok)
    return failure(
      `a valid ${kind.title} (${kind.fieldsSection})`,
      `${describeSchemaErrors(v.errors)}; body ${describeResponse(ex)}`,
    );
  const got = ex.json;
  const otherId = readIdBreach(kind.idField, id, got);
  if (otherId) return failure(`${kind.idField} ${JSON.stringify(id)}, the id read`, otherId);
  const differs = recordDifference(listed, got);
  if (differs)
    return failure(
      `the listed record: ${differs.field} ${excerpt(differs.listed, 200)}`,
      `${differs.field} ${excerpt(differs.read, 200)}`,
    );
  const onlyListed = Object.keys(listed).filter((f) => !(f in got));
  const onlyRead = Object.keys(got).filter((f) => !(f in listed));
  if (onlyListed.length || onlyRead.length)
    notes.push(
      `${id}: fields only in the listing [${onlyListed.join(', ')}], only in the read [${onlyRead.join(', ')}]`,
    );
  return undefined;
}
