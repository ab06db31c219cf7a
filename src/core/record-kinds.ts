/** @module The two kinds of evaluation record (§2.1 Prediction, §2.2 Score), as one table. */
import type { SchemaName } from '../schemas/registry.js';
import type { OperationId } from './operations.js';

export type RecordKindName = 'predictions' | 'scores';

/** One kind of evaluation record; every records check is written once for both kinds. */
export interface RecordKind {
  /** Area of the check ids (`predictions.limit-bounds-count`) and last path segment. */
  readonly name: RecordKindName;
  /** `Prediction` / `Score`, as §2.1/§2.2 name them. */
  readonly title: string;
  readonly listOp: OperationId;
  readonly readOp: OperationId;
  readonly listSection: string;
  readonly readSection: string;
  /** §2.1 / §2.2: the record's fields. */
  readonly fieldsSection: string;
  readonly schema: SchemaName;
  /** The record's id field, also the path parameter of the read operation. */
  readonly idField: 'prediction_id' | 'score_id';
  /** The field holding "a URI of the service's own scheme". */
  readonly uriField: 'model' | 'scorer';
  /** Every field §2.1/§2.2 lists. */
  readonly fields: readonly string[];
}

export const PREDICTIONS: RecordKind = {
  name: 'predictions',
  title: 'Prediction',
  listOp: 'predictions.list',
  readOp: 'predictions.read',
  listSection: '§4.5',
  readSection: '§4.6',
  fieldsSection: '§2.1',
  schema: 'records/prediction',
  idField: 'prediction_id',
  uriField: 'model',
  fields: ['prediction_id', 'model', 'inputs', 'output', 'evaluation_run_id', 'svc_user_id'],
};

export const SCORES: RecordKind = {
  name: 'scores',
  title: 'Score',
  listOp: 'scores.list',
  readOp: 'scores.read',
  listSection: '§4.7',
  readSection: '§4.8',
  fieldsSection: '§2.2',
  schema: 'records/score',
  idField: 'score_id',
  uriField: 'scorer',
  fields: ['score_id', 'scorer', 'value', 'evaluation_run_id', 'svc_user_id'],
};

export const RECORD_KINDS: readonly RecordKind[] = [PREDICTIONS, SCORES];

/** The table by kind name. */
export const RECORD_KIND: Readonly<Record<RecordKindName, RecordKind>> = { predictions: PREDICTIONS, scores: SCORES };

/** The scope of a `/v2/{entity}/{project}` path as `entity/project`, each part percent-encoded. */
export function recordScope(entity: string, project: string): string {
  return `${encodeURIComponent(entity)}/${encodeURIComponent(project)}`;
}
