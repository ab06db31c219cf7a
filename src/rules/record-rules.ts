/**
 * @module The evaluation records and training jobs, as rules (src/rules/rule.ts): listings that are
 * JSONL of records, bounded, filtered, paged and ordered as §4.5/§4.7 and the service's conventions
 * say; reads that answer the id asked, the record listed, the job created; records that belong to
 * the project and share one URI scheme; ids that name nothing answered 404. The judging functions
 * are in records.ts.
 */
import { RECORD_KINDS } from '../core/record-kinds.js';
import { JSONL_CONVENTION } from './media-types.js';
import {
  ONE_SCHEME_CONVENTION,
  RECORD_URI_CONVENTION,
  recordFieldsSection,
  STABLE_ORDER_CONVENTION,
} from './records.js';
import type { Rule } from './rule.js';

/** The ids of records checks, as suites/records makes them: each name for each record kind, kind by kind. */
const perKind = (...names: string[]): string[] => RECORD_KINDS.flatMap((k) => names.map((n) => `${k.name}.${n}`));

export const RECORD_RULES = {
  jsonlRecords: {
    side: 'server',
    name: 'jsonl-records',
    level: 'MUST',
    requirement:
      'A 2xx listing is JSONL: every line a JSON object valid against the record schema (§2.1/§2.2), none an error object, the last one complete.',
    alsoJudgedBy: perKind('list-is-jsonl-of-records'),
    needs: 'a 2xx listing',
  },
  jsonlContentType: {
    side: 'server',
    name: 'jsonl-content-type',
    level: 'SHOULD',
    convention: JSONL_CONVENTION,
    requirement: 'A 2xx listing is labelled with a JSON Lines media type.',
    alsoJudgedBy: [...perKind('list-content-type-jsonl'), 'acceptance.jsonl-content-type.{op}'],
    needs: 'a 2xx listing',
  },
  listLimit: {
    side: 'server',
    name: 'list-limit',
    level: 'MUST',
    requirement:
      'A listing asked for with `limit` (the parameter named as the evaluation-record service names it) holds at most that many records (§4.5, §4.7: "maximum number to return").',
    alsoJudgedBy: perKind('limit-bounds-count'),
    needs: 'a whole listing asked with limit',
  },
  listFilter: {
    side: 'server',
    name: 'list-filter',
    level: 'MUST',
    requirement:
      'A listing filtered by `evaluation_run_id` holds only records of that evaluation run (§4.5, §4.7: "filter by evaluation run ID").',
    alsoJudgedBy: perKind('filter-by-evaluation-run'),
    needs: 'a whole listing asked with evaluation_run_id',
  },
  stableOrder: {
    side: 'server',
    name: 'stable-order',
    level: 'SHOULD',
    convention: STABLE_ORDER_CONVENTION,
    requirement:
      'Two full listings of a project holding the same records list them in the same order (pages taken with offset are consistent only then).',
    alsoJudgedBy: perKind('stable-order'),
    needs: 'two full listings of a project (no limit, offset or filter) holding the same records (with ids)',
  },
  pageMatchesListing: {
    side: 'server',
    name: 'page-matches-listing',
    level: 'MUST',
    requirement:
      'A page asked with offset k and limit m holds the records at positions k…k+m-1 of the full listing (§4.5, §4.7: "number to skip", "maximum number to return"); judged when the full listing read before and after the page is the same, record for record.',
    alsoJudgedBy: perKind('offset-skips', 'paging-yields-each-record-once'),
    needs:
      'a full listing (no limit, offset or filter), pages of the same project, then the same full listing again (records with ids)',
  },
  filterComplete: {
    side: 'server',
    name: 'filter-complete',
    level: 'MUST',
    requirement:
      'A listing filtered by `evaluation_run_id` holds every record of that run the full listing holds (§4.5, §4.7: "filter by evaluation run ID"); judged when the full listing read before and after it is the same, record for record.',
    alsoJudgedBy: perKind('filter-by-evaluation-run'),
    needs:
      'a full listing, a listing filtered by evaluation_run_id of the same project, then the same full listing again (records with ids)',
  },
  readsIdAsked: {
    side: 'server',
    name: 'reads-id-asked',
    level: 'MUST',
    requirement:
      'A 2xx read by id answers the record, or the training job, whose id the path names (§4.3, §4.6, §4.8).',
    alsoJudgedBy: [...perKind('listed-records-read-back'), 'training-jobs.get-returns-same-id'],
    needs: 'a 2xx read by id',
  },
  readsListedRecord: {
    side: 'server',
    name: 'reads-listed-record',
    level: 'MUST',
    requirement:
      'A record listed earlier in the traffic, read by its id, is answered 2xx with the same record: the same value for every field both carry (§4.6, §4.8).',
    alsoJudgedBy: perKind('listed-records-read-back'),
    needs: 'a record listed, then read by its id (the pair; split between proxies, the merge judges it)',
  },
  getsCreatedJob: {
    side: 'server',
    name: 'gets-created-job',
    section: '§4.3',
    level: 'MUST',
    requirement:
      'Getting a training job by the id its creation returned answers that job: an object with the same UUID `id` (§4.2, §4.3, §2.3).',
    checks: ['training-jobs.get-returns-same-id'],
    needs: 'a training job created, then fetched by the id returned (the pair)',
  },
  svcUserId: {
    side: 'server',
    name: 'svc-user-id',
    section: recordFieldsSection,
    level: 'SHOULD',
    convention:
      'svc_user_id is "filled in by the server" (§2.1, §2.2; required-ness not shown); the evaluation-record service sends it on every record',
    requirement: 'Every listed record carries svc_user_id, a non-empty string filled in by the server.',
    alsoJudgedBy: perKind('svc-user-id-server-filled'),
    needs: 'a 2xx listing',
  },
  recordsBelong: {
    side: 'server',
    name: 'records-belong-to-project',
    level: 'SHOULD',
    convention: RECORD_URI_CONVENTION,
    requirement:
      'Every record listed or read under /v2/{entity}/{project} belongs there: its model (prediction) or scorer (score) URI names that entity and project.',
    alsoJudgedBy: perKind('records-belong-to-project'),
    needs: 'a 2xx listing or read of records that carry their model or scorer URI',
  },
  oneUriScheme: {
    side: 'server',
    name: 'one-uri-scheme',
    section: recordFieldsSection,
    level: 'SHOULD',
    convention: ONE_SCHEME_CONVENTION,
    requirement:
      "Every record's model or scorer URI in the traffic uses one scheme, the service's own (§2.1, §2.2): the first one seen of its kind.",
    alsoJudgedBy: perKind('uri-fields-share-one-scheme'),
    needs: 'records of one kind with model or scorer URIs, over the session (listings and reads)',
  },
  unknownId404: {
    side: 'server',
    name: 'unknown-id-404',
    level: 'SHOULD',
    convention: 'evaluation-record service and FastAPI training service: an id that names nothing is answered 404',
    requirement:
      'A read by a well-formed id refused for the id itself (a 4xx other than for credentials, negotiation, framing or rate) is refused with 404.',
    alsoJudgedBy: [...perKind('unknown-id-is-404'), 'training-jobs.unknown-id-is-404'],
    needs: 'a read by id refused with a 4xx that is about the id (for a training job: a UUID)',
  },
  malformedJobId: {
    side: 'server',
    name: 'malformed-id-refused',
    section: '§4.3',
    level: 'MUST',
    requirement:
      'Getting a training job with a malformed id (not a UUID, so it can identify no job) answers a 4xx, never a 2xx or a 5xx (§4.3, §2.3).',
    checks: ['training-jobs.malformed-id-is-4xx'],
    needs: 'a training job asked for by an id that is not a UUID',
  },
} as const satisfies Record<string, Rule>;
