/**
 * @module Defaults shared by the bundled mock and the suite, so that `conformance mock` and
 * `conformance run` work together with no configuration. These are test credentials, documented in
 * the README; they are redacted from reports like any other secret.
 */
export const DEFAULT_TOKEN = 'mock-token';
export const DEFAULT_BASIC_USER = 'api';
export const DEFAULT_BASIC_PASSWORD = 'mock-key';
export const DEFAULT_ENTITY = 'acme';
export const DEFAULT_PROJECT = 'evals';
/** Records seeded per kind (predictions, scores) in the default project. */
export const DEFAULT_RECORDS = 120;
export const DEFAULT_MODEL = 'mock-model';
/** A model UUID the mock knows; used for §4.2 model_id and the §4.4 path. */
export const DEFAULT_MODEL_ID = '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90';
/** §4.5/§4.7 query parameter names are not shown; these are the evaluation-record service's. */
export const DEFAULT_LIST_PARAMS = { evaluationRunId: 'evaluation_run_id', limit: 'limit', offset: 'offset' } as const;
/** Environment variables the secrets come from. */
export const ENV_TOKEN = 'CONFORMANCE_TOKEN';
export const ENV_BASIC = 'CONFORMANCE_BASIC';
