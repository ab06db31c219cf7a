/**
 * @module The evaluation records and training jobs, as rules of one exchange (listings, reads, unknown
 * ids); the judging functions are records.ts', the pair rules pair-rules.ts'.
 */
import { excerpt } from '../core/describe.js';
import type { RecordKind } from '../core/record-kinds.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { answerSaid, refusalVerdict } from './answer-facts.js';
import type { ExchangeSeen, ListingSeen, RecordSeen, Verdict } from './evidence.js';
import {
  filterBreach,
  isUuid,
  jobIdBreach,
  limitBreach,
  malformedJobIdBreach,
  readIdBreach,
  RECORD_URI_CONVENTION,
  recordScopeBreach,
  recordScopeShown,
  svcUserIdBreach,
  unknownIdBreach,
  unknownIdShown,
} from './records.js';
import { kindOf, type RuleIdentity, serverRules } from './rule.js';

export const LISTS = ['predictions.list', 'scores.list'] as const;
const READS = ['predictions.read', 'scores.read'] as const;
const JOB_READ_OPS = ['training-jobs.get'] as const;

/** The record kind of a rule's operation (every records rule is judged on a kind's operation). */
export const kindAt = (op: Parameters<typeof kindOf>[0]): RecordKind => kindOf(op)!;

/** A whole, valid listing: what the listing shows of its request is judged only then. */
const whole = (e: ListingSeen): boolean => e.problem === undefined && !e.exchange.cut;

/** A 2xx read's record (valid against the schema), and the id the path asked for. */
function readRecord(e: ExchangeSeen): { kind: RecordKind; asked: string; record: Record<string, unknown> } | undefined {
  const kind = kindOf(e.request.op.id);
  const asked = kind && e.request.params[kind.idField];
  if (!kind || asked === undefined || !is2xx(e.status) || e.schemaProblem !== undefined || !isJsonObject(e.json))
    return undefined;
  return { kind, asked, record: e.json };
}

/** Where a record belongs against the path's entity and project. */
function belongs(kind: RecordKind, record: Readonly<Record<string, unknown>>, e: ExchangeSeen): Verdict {
  const { entity, project } = e.request.params;
  if (!recordScopeShown(kind, record) || entity === undefined || project === undefined) return undefined;
  const breach = recordScopeBreach(kind, record, entity, project);
  return breach ? { expected: `a ${kind.uriField} URI naming ${entity}/${project}`, actual: breach } : 'held';
}

const RECORDS_BELONG: RuleIdentity = {
  side: 'server',
  id: '{kind}.records-belong-to-project',
  level: 'SHOULD',
  convention: RECORD_URI_CONVENTION,
  requirement: (op) =>
    `Every ${kindAt(op).title} listed under /v2/{entity}/{project} belongs there: its ${kindAt(op).uriField} URI names that entity and project.`,
  needs: 'a 2xx listing or read of records that carry their model or scorer URI',
};

/** The identities of the checks a rule of one exchange shares with a pair rule (pair-rules.ts). */
export const READ_BACK: RuleIdentity = {
  side: 'server',
  id: '{kind}.listed-records-read-back',
  on: 'read',
  level: 'MUST',
  requirement: (op) => {
    const k = kindAt(op);
    return `Reading a listed ${k.title} by its ${k.idField} answers a 2xx with that same record: the same id, and the same value for every field both carry (${k.readSection}).`;
  },
  needs:
    'a 2xx read by id (its id against the path’s), or a record listed, then read by its id in the same entity and project (the pair; split between proxies, the merge judges it)',
};

export const FILTER_BY_RUN: RuleIdentity = {
  side: 'server',
  id: '{kind}.filter-by-evaluation-run',
  level: 'MUST',
  requirement: (op) =>
    `Listing ${kindAt(op).name} filtered by an evaluation run id returns only records with that evaluation_run_id, and every such record of the unfiltered listing (${kindAt(op).listSection}: "filter by evaluation run ID").`,
  needs:
    'a listing asked with evaluation_run_id (its records), or a full listing, the filtered one, then the same full listing again (every record of the run)',
};

export const JOB_READ: RuleIdentity = {
  side: 'server',
  id: 'training-jobs.get-returns-same-id',
  checkOp: 'training-jobs.get',
  section: '§4.3',
  level: 'MUST',
  requirement:
    'Getting a training job by the id its creation returned answers that job: an object with the same UUID `id` (§4.2, §4.3, §2.3).',
  needs:
    'a 2xx read of a job (its id against the path’s), or a job created, then fetched by the id returned (the pair)',
};

const UNKNOWN_ID =
  (what: (e: ExchangeSeen) => string | undefined) =>
  (e: ExchangeSeen): Verdict => {
    const asked = what(e);
    if (asked === undefined || !unknownIdShown(e.status)) return undefined;
    const breach = unknownIdBreach(e.status);
    return breach
      ? { expected: `HTTP 404 when the ${asked} names nothing`, actual: `${breach}: ${excerpt(e.text ?? '', 120)}` }
      : 'held';
  };

/** The importance sampling levels in use (conventions): another is refused. */
const LEVELS_IN_USE: readonly unknown[] = ['token', 'sequence', 'average', 'geometric_average'];

export const RECORD_RULES = serverRules({
  unknownImportanceLevel: {
    id: 'training-jobs.rejects-unknown-importance-sampling-level',
    ops: ['training-jobs.create'],
    section: '§4.2',
    level: 'SHOULD',
    convention:
      'FastAPI training service: importance_sampling_level is one of token, sequence, average, geometric_average',
    requirement:
      'A create body whose `experimental_config.importance_sampling_level` is outside the values in use (token, sequence, average, geometric_average) is rejected with a 4xx.',
    needs: 'a training job created with an importance_sampling_level string outside the values in use',
    slot: 'exchange',
    judge: (e) => {
      const body = e.request.body;
      const config =
        isJsonObject(body) && isJsonObject(body.experimental_config) ? body.experimental_config : undefined;
      const level = config?.importance_sampling_level;
      if (typeof level !== 'string' || LEVELS_IN_USE.includes(level)) return undefined;
      return refusalVerdict(e.status, `a 4xx to importance_sampling_level ${JSON.stringify(level)}`, answerSaid(e));
    },
  },
  listIsJsonl: {
    id: '{kind}.list-is-jsonl-of-records',
    ops: LISTS,
    level: 'MUST',
    requirement: (op) => {
      const k = kindAt(op);
      return `Listing ${k.name} answers a 2xx whose body is JSONL: every line a JSON ${k.title} object (${k.fieldsSection}) valid against the record schema; a truncated last line, a non-JSON line or an error object after the 2xx is a failure (${k.listSection}).`;
    },
    needs: 'a 2xx listing',
    slot: 'listing',
    judge: (e) => {
      const k = e.kind;
      if (e.problem)
        return { expected: `JSONL of ${k.title} records (${k.listSection}, ${k.fieldsSection})`, actual: e.problem };
      return e.exchange.cut
        ? {
            expected: `a complete JSONL listing (${k.listSection})`,
            actual: `the body broke off after ${e.lines} line(s)`,
          }
        : 'held';
    },
  },
  limitBoundsCount: {
    id: '{kind}.limit-bounds-count',
    ops: LISTS,
    level: 'MUST',
    requirement: (op) =>
      `Listing ${kindAt(op).name} with the limit parameter ("maximum number of ${kindAt(op).name} to return") answers at most that many records (${kindAt(op).listSection}).`,
    needs: 'a whole listing asked with limit',
    slot: 'listing',
    judge: (e) => {
      const { limit } = e.exchange.request.asked;
      if (limit === undefined || !whole(e)) return undefined;
      const over = limitBreach(limit, e.records);
      const name = e.exchange.request.settings.listParams.limit;
      return over ? { expected: `at most ${limit} record(s) for ${name}=${limit}`, actual: over } : 'held';
    },
  },
  svcUserId: {
    id: '{kind}.svc-user-id-server-filled',
    ops: LISTS,
    section: (op) => kindAt(op).fieldsSection,
    level: 'SHOULD',
    convention: (op) =>
      `${kindAt(op).fieldsSection}: svc_user_id is "filled in by the server" (required-ness not shown); the evaluation-record service sends it on every record`,
    requirement: (op) =>
      `Every listed ${kindAt(op).title} carries svc_user_id, a non-empty string filled in by the server.`,
    needs: 'a 2xx listing',
    slot: 'record',
    judge: (e: RecordSeen) => {
      const breach = svcUserIdBreach(e.record);
      return breach
        ? { expected: 'svc_user_id, a non-empty string, on every record', actual: `line ${e.line}: ${breach}` }
        : 'held';
    },
  },
  filterOnlyRun: {
    ...FILTER_BY_RUN,
    ops: LISTS,
    slot: 'record',
    judge: (e: RecordSeen) => {
      const run = e.exchange.request.asked.evaluationRunId;
      if (run === undefined) return undefined;
      const breach = filterBreach(run, e.record);
      return breach
        ? {
            expected: `only records with evaluation_run_id ${JSON.stringify(run)}`,
            actual: `line ${e.line}: ${breach}`,
          }
        : 'held';
    },
  },
  recordsBelongListed: {
    ...RECORDS_BELONG,
    ops: LISTS,
    slot: 'record',
    judge: (e: RecordSeen) => belongs(e.kind, e.record, e.exchange),
  },
  recordsBelongRead: {
    ...RECORDS_BELONG,
    ops: READS,
    slot: 'exchange',
    judge: (e) => {
      const read = readRecord(e);
      return read && belongs(read.kind, read.record, e);
    },
  },
  readIdAsked: {
    ...READ_BACK,
    ops: READS,
    slot: 'exchange',
    judge: (e) => {
      const read = readRecord(e);
      if (!read) return undefined;
      const other = readIdBreach(read.kind.idField, read.asked, read.record);
      return other
        ? { expected: `${read.kind.idField} ${JSON.stringify(read.asked)}, the id the path names`, actual: other }
        : 'held';
    },
  },
  unknownRecordId: {
    id: '{kind}.unknown-id-is-404',
    on: 'read',
    ops: READS,
    level: 'SHOULD',
    convention: (op) =>
      `evaluation-record service: an unknown id is 404 with {"reason": "${kindAt(op).title} <id> not found"}`,
    requirement: (op) => `Reading a ${kindAt(op).title} by an id that names no record answers 404.`,
    needs: 'a read by id refused with a 4xx that is about the id',
    slot: 'exchange',
    judge: UNKNOWN_ID((e) => {
      const kind = kindOf(e.request.op.id)!;
      const asked = e.request.params[kind.idField];
      return asked === undefined ? undefined : `${kind.idField} ${asked}`;
    }),
  },
  unknownJobId: {
    id: 'training-jobs.unknown-id-is-404',
    ops: JOB_READ_OPS,
    section: '§4.3',
    level: 'SHOULD',
    convention: 'FastAPI training service: an unknown job id is 404',
    requirement: 'Getting a training job with a well-formed UUID that names no job answers 404.',
    needs:
      'a training job read by a UUID refused with a 4xx that is about the id, or read by the nil or the max UUID (RFC 9562: they name nothing)',
    slot: 'exchange',
    judge: (e) => {
      const asked = e.request.params.training_job_id;
      if (asked === undefined || !isUuid(asked)) return undefined;
      // The nil and max UUIDs are never an entity's id (RFC 9562 §5.9, §5.10): served, they name a job that is not.
      if (/^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(asked) && is2xx(e.status))
        return { expected: `HTTP 404 for ${asked}, a UUID that names nothing (RFC 9562)`, actual: `HTTP ${e.status}` };
      return UNKNOWN_ID(() => `training job ${asked}`)(e);
    },
  },
  malformedJobId: {
    id: 'training-jobs.malformed-id-is-4xx',
    ops: JOB_READ_OPS,
    section: '§4.3',
    level: 'SHOULD',
    convention:
      'RFC 9110 §15.5 (an id that can identify nothing is a client error); FastAPI answers 422 to a UUID path parameter that is not one, 404 to an id that names nothing',
    requirement:
      'Getting a training job with a malformed id (not a UUID, so it can identify no job) answers a 4xx, never a 2xx or a 5xx (§4.3, §2.3).',
    needs: 'a training job asked for by an id that is not a UUID',
    slot: 'exchange',
    judge: (e) => {
      const asked = e.request.params.training_job_id;
      if (asked === undefined || isUuid(asked)) return undefined;
      const breach = malformedJobIdBreach(e.status);
      return breach ? { expected: `a 4xx for the job id "${asked}", which is not a UUID`, actual: breach } : 'held';
    },
  },
  jobReadIdAsked: {
    ...JOB_READ,
    ops: JOB_READ_OPS,
    slot: 'exchange',
    judge: (e) => {
      const asked = e.request.params.training_job_id;
      if (
        asked === undefined ||
        !isUuid(asked) ||
        !is2xx(e.status) ||
        e.schemaProblem !== undefined ||
        !isJsonObject(e.json)
      )
        return undefined;
      const other = jobIdBreach(asked, e.json);
      return other ? { expected: `id ${asked}, the id the path names`, actual: other } : 'held';
    },
  },
});
