/** @module Defaults several layers read, said once: the bundled mock's (test credentials) and a run's. */
export const DEFAULT_TOKEN = 'mock-token';
export const DEFAULT_BASIC_USER = 'api';
export const DEFAULT_BASIC_PASSWORD = 'mock-key';
export const DEFAULT_ENTITY = 'acme';
export const DEFAULT_PROJECT = 'evals';
/** Records seeded per kind (predictions, scores) in the default project. */
export const DEFAULT_RECORDS = 120;
/** The bundled mock's model, which a run against it names (against a real target, none unless given). */
export const DEFAULT_MODEL = 'mock-model';
/** A model UUID the mock knows; used for §4.2 model_id and the §4.4 path. */
export const DEFAULT_MODEL_ID = '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90';
/** §4.5/§4.7 query parameter names are not shown; these are the evaluation-record service's. */
export const DEFAULT_LIST_PARAMS = { evaluationRunId: 'evaluation_run_id', limit: 'limit', offset: 'offset' } as const;
/** Environment variables the secrets come from. */
export const ENV_TOKEN = 'CONFORMANCE_TOKEN';
export const ENV_BASIC = 'CONFORMANCE_BASIC';

/** The default of every run setting that has one, shaped as `RunSettings` (src/runner/settings.ts fills them). */
export const RUN_DEFAULTS = {
  /** `--level`: gate on MUST only. */
  level: 'must',
  /** `--runs`: cases per property. */
  runs: 25,
  /** `--timeout`: per-request deadline in ms. */
  timeoutMs: 10_000,
  /** `--concurrency`: checks in flight. */
  concurrency: 10,
  /** `--retries`: retries of 429/503 honouring Retry-After. */
  maxRetries: 2,
  /** The longest Retry-After a retry waits (no flag). */
  maxRetryWaitMs: 5_000,
  /** `--max-body-bytes`: most bytes read of one response. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** `--recover-timeout`: how long to wait for a target that went down (ms). */
  recoverTimeoutMs: 30_000,
  /** `--no-crash-replay` not given: the requests in flight when a target went down are sent again. */
  crashReplay: true,
  /** `--accept-encoding`: what the official openai SDK (fetch-based) sends. */
  acceptEncoding: 'gzip, deflate',
  target: {
    entity: DEFAULT_ENTITY,
    project: DEFAULT_PROJECT,
    modelId: DEFAULT_MODEL_ID,
    /** `--priority-scheduling` not given. */
    priorityScheduling: false,
    /** `--allow-writes` not given (always on against the bundled mock). */
    allowWrites: false,
    /** `--max-writes`: most requests with side effects a real target may answer 2xx (the bundled mock has no budget). */
    maxWrites: 10,
    listParams: DEFAULT_LIST_PARAMS,
    /** `--list-cap`: most records read from one listing. */
    listReadCap: 10_000,
    /** `--max-completion-tokens`: largest completion a chat case asks for. */
    maxCompletionTokens: 16,
    /** `--load-burst`: chat requests the load checks send at once. */
    loadBurst: 8,
  },
} as const;
