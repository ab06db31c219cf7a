/**
 * @module A read by id judged on its own exchange (§4.3, §4.6, §4.8), with src/rules/records.ts as
 * the suite's read checks judge: a 2xx answers what the path names, a record that belongs to the
 * path's entity and project, its URI in the scheme the traffic's records use; a refusal of a
 * well-formed id is a 404, and a training-job id that is not a UUID is refused with a 4xx.
 */
import type { Operation } from '../core/operations.js';
import { RECORD_KINDS, type RecordKind } from '../core/record-kinds.js';
import { is2xx } from '../core/values.js';
import {
  isUuid,
  jobIdBreach,
  malformedJobIdBreach,
  readIdBreach,
  recordScopeBreach,
  recordScopeShown,
  unknownIdBreach,
  unknownIdShown,
} from '../rules/records.js';
import type { Pairs } from './pairs.js';
import { RULES } from './rules.js';
import type { Verdicts } from './verdicts.js';

/**
 * A read by id: `body` is the 2xx answer's JSON object once it is valid against the schema
 * (undefined otherwise: response-schema judges that), `status` the answer's.
 */
export function judgeRead(
  op: Operation,
  params: Readonly<Record<string, string>>,
  status: number,
  body: Readonly<Record<string, unknown>> | undefined,
  v: Verdicts,
  pairs?: Pairs,
): void {
  if (op.id === 'training-jobs.get') {
    const asked = params.training_job_id;
    if (asked !== undefined) judgeJobRead(asked, status, body, v);
    return;
  }
  const kind = RECORD_KINDS.find((k) => k.readOp === op.id);
  const asked = kind && params[kind.idField];
  if (!kind || asked === undefined) return;
  if (unknownIdShown(status)) judgeUnknownId(`${kind.idField} ${asked}`, status, v);
  if (!is2xx(status) || !body) return;
  v.judged(RULES.readsIdAsked);
  const other = readIdBreach(kind.idField, asked, body);
  if (other) v.breach(RULES.readsIdAsked, `${kind.idField} ${JSON.stringify(asked)}, the id the path names`, other);
  judgeRecordPlace(kind, body, params, v, pairs);
}

function judgeJobRead(
  asked: string,
  status: number,
  body: Readonly<Record<string, unknown>> | undefined,
  v: Verdicts,
): void {
  if (!isUuid(asked)) {
    // A path value that is no UUID can name no job (§2.3).
    v.judged(RULES.malformedJobId);
    const breach = malformedJobIdBreach(status);
    if (breach) v.breach(RULES.malformedJobId, `a 4xx for the job id "${asked}", which is not a UUID`, breach);
  } else if (unknownIdShown(status, asked)) judgeUnknownId(`training job ${asked}`, status, v);
  if (!is2xx(status) || !body) return;
  v.judged(RULES.readsIdAsked);
  const other = jobIdBreach(asked, body);
  if (other) v.breach(RULES.readsIdAsked, `id ${asked}, the id the path names`, other);
}

function judgeUnknownId(what: string, status: number, v: Verdicts): void {
  v.judged(RULES.unknownId404);
  const breach = unknownIdBreach(status);
  if (breach) v.breach(RULES.unknownId404, `HTTP 404 when the ${what} names nothing`, breach);
}

/**
 * A record listed or read under `/v2/{entity}/{project}` (params from the path): its URI names that
 * entity and project, in the scheme of the first record URI of its kind in the traffic.
 */
export function judgeRecordPlace(
  kind: RecordKind,
  record: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, string>>,
  v: Verdicts,
  pairs?: Pairs,
): void {
  if (!recordScopeShown(kind, record)) return;
  const uri = record[kind.uriField] as string;
  const { entity, project } = params;
  if (entity !== undefined && project !== undefined) {
    v.judged(RULES.recordsBelong);
    const breach = recordScopeBreach(kind, record, entity, project);
    if (breach) v.breach(RULES.recordsBelong, `a ${kind.uriField} URI naming ${entity}/${project}`, breach);
  }
  pairs?.judgeUri(kind, uri, v);
}
