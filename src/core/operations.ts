/** @module The eight operations of the interface (§4.1–§4.8), each defined once. */
import type { ConformanceRunReportOperation } from '../generated/types.js';
import type { SchemaName } from '../schemas/registry.js';

/** The operation ids, as the report schema (`schemas/report`) enumerates them: one list, generated from it. */
export type OperationId = ConformanceRunReportOperation;

/** §5: bearer on `/v1/...`, basic on `/v2/...`. */
export type AuthScheme = 'bearer' | 'basic';

/** One entry per operation: a table that forgets one, or names one that is not, does not compile. */
export type OperationTable<T> = { readonly [K in OperationId]: T };

/** For a switch over `OperationId` that must name every operation: its `default` does not compile otherwise. */
export function exhaustive(value: never): never {
  throw new Error(`not an operation: ${String(value)}`);
}

/** The shared error responses of the OpenAPI document (scripts/generate-openapi.ts). */
export type SharedErrorResponse = 'ValidationError' | 'OpenAIError' | 'NotFound';

/**
 * What the OpenAPI document says of an operation beyond its method, path and schemas (its
 * operationId is its id in camel case; its 200 body the response schema, a `-list` one for JSONL).
 */
interface OperationDocs {
  readonly tag: 'Chat' | 'Training (preview)' | 'Evaluation records';
  readonly description: string;
  readonly successDescription: string;
  readonly errors: Readonly<Partial<Record<'400' | '404' | '422', SharedErrorResponse>>>;
  /** The schema of its query parameters. */
  readonly query?: string;
}

export interface Operation {
  readonly id: OperationId;
  readonly method: 'GET' | 'POST';
  /** Path template relative to {base_url}, with `{param}` placeholders. */
  readonly path: string;
  readonly section: string;
  readonly title: string;
  readonly auth: AuthScheme;
  /** Has side effects on the target: runs only with --allow-writes against a non-mock target. */
  readonly writes: boolean;
  readonly requestSchema?: SchemaName;
  readonly responseSchema?: SchemaName;
  /** The list operations answer JSONL (§4.5, §4.7). */
  readonly jsonl?: boolean;
  /** §4.1: "a variant with a trailing slash, `/v1/chat/completions/`, appears in one request example". */
  readonly trailingSlashVariant?: boolean;
  readonly docs: OperationDocs;
}

const TABLE: OperationTable<Omit<Operation, 'id'>> = {
  'chat.create': {
    method: 'POST',
    path: '/v1/chat/completions',
    section: '§4.1',
    title: 'Create a chat completion',
    auth: 'bearer',
    writes: false,
    requestSchema: 'chat/chat-completion-request',
    responseSchema: 'chat/chat-completion-response',
    trailingSlashVariant: true,
    docs: {
      tag: 'Chat',
      description:
        'Given a list of messages and optionally a model name, returns one or more generated completions (choices) and token usage. With `stream: true` the body is a stream of chunks (shape not shown in §4.1; the OpenAI `chat.completion.chunk` convention is described by the `ChatCompletionChunk` schema).',
      successDescription: '§4.1: described as a successful response.',
      errors: { '400': 'OpenAIError', '422': 'ValidationError' },
    },
  },
  'training-jobs.create': {
    method: 'POST',
    path: '/v1/preview/training-jobs',
    section: '§4.2',
    title: 'Create a training job (preview)',
    auth: 'bearer',
    writes: true,
    requestSchema: 'training/training-job-create-request',
    responseSchema: 'training/training-job',
    docs: {
      tag: 'Training (preview)',
      description:
        "Creates a reinforcement-learning training job from groups of trajectories with rewards and an optional experimental configuration; returns the new job's identifier.",
      successDescription: '§4.2: object with `id` (UUID) of the new job.',
      errors: { '422': 'ValidationError' },
    },
  },
  'training-jobs.get': {
    method: 'GET',
    path: '/v1/preview/training-jobs/{training_job_id}',
    section: '§4.3',
    title: 'Get a training job (preview)',
    auth: 'bearer',
    writes: false,
    responseSchema: 'training/training-job',
    docs: {
      tag: 'Training (preview)',
      description: 'Fetches a training job by identifier.',
      successDescription: '§4.3: object with `id` (UUID).',
      errors: { '404': 'NotFound', '422': 'ValidationError' },
    },
  },
  'trajectories.log': {
    method: 'POST',
    path: '/v1/preview/models/{model_id}/log',
    section: '§4.4',
    title: 'Log trajectories (preview)',
    auth: 'bearer',
    writes: true,
    requestSchema: 'training/log-trajectories-request',
    responseSchema: 'training/log-trajectories-response',
    docs: {
      tag: 'Training (preview)',
      description: 'Logs groups of trajectories against a model and a data split; the service calculates metrics.',
      successDescription: '§4.4: described as a successful response; body not shown (any JSON value).',
      errors: { '422': 'ValidationError' },
    },
  },
  'predictions.list': {
    method: 'GET',
    path: '/v2/{entity}/{project}/predictions',
    section: '§4.5',
    title: 'List predictions',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/prediction',
    jsonl: true,
    docs: {
      tag: 'Evaluation records',
      description: 'Lists the predictions of a project. Ordering of results: not shown.',
      successDescription:
        '§4.5: a stream of data in JSONL format whose records are Prediction objects (§2.1), one per line. OpenAPI 3.1 cannot describe a line stream, so the schema is the illustrative body of §4.5, an array of Prediction objects.',
      errors: { '422': 'ValidationError' },
      query: 'params/list-query',
    },
  },
  'predictions.read': {
    method: 'GET',
    path: '/v2/{entity}/{project}/predictions/{prediction_id}',
    section: '§4.6',
    title: 'Read a prediction',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/prediction',
    docs: {
      tag: 'Evaluation records',
      description: 'Reads one prediction.',
      successDescription: '§4.6: one Prediction object (§2.1).',
      errors: { '404': 'NotFound' },
    },
  },
  'scores.list': {
    method: 'GET',
    path: '/v2/{entity}/{project}/scores',
    section: '§4.7',
    title: 'List scores',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/score',
    jsonl: true,
    docs: {
      tag: 'Evaluation records',
      description: 'Lists the scores of a project. Ordering of results: not shown.',
      successDescription:
        '§4.7: a stream of data in JSONL format whose records are Score objects (§2.2), one per line. OpenAPI 3.1 cannot describe a line stream, so the schema is the illustrative body of §4.7, an array of Score objects.',
      errors: { '422': 'ValidationError' },
      query: 'params/list-query',
    },
  },
  'scores.read': {
    method: 'GET',
    path: '/v2/{entity}/{project}/scores/{score_id}',
    section: '§4.8',
    title: 'Read a score',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/score',
    docs: {
      tag: 'Evaluation records',
      description: 'Reads one score.',
      successDescription: '§4.8: one Score object (§2.2).',
      errors: { '404': 'NotFound' },
    },
  },
};

/** The operations in the interface's order (§4.1–§4.8). */
export const OPERATIONS: readonly Operation[] = (Object.keys(TABLE) as OperationId[]).map((id) => ({
  id,
  ...TABLE[id],
}));

const byId = new Map(OPERATIONS.map((op) => [op.id, op]));

export function operation(id: OperationId): Operation {
  const op = byId.get(id);
  if (!op) throw new Error(`unknown operation: ${id}`);
  return op;
}

/** `POST /v1/chat/completions`: how reports name an operation. */
export function operationLabel(id: OperationId): string {
  const op = operation(id);
  return `${op.method} ${op.path}`;
}

/** Fills `{param}` placeholders, percent-encoding each value. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

interface Route {
  readonly op: Operation;
  readonly pattern: RegExp;
  readonly params: readonly string[];
}

const ROUTES: readonly Route[] = OPERATIONS.map((op) => {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)');
  return { op, params, pattern: new RegExp(`^${source}/?$`) };
});

/**
 * The operation a request is: its method and its path relative to {base_url} (a trailing slash
 * accepted, §4.1), with the path parameters decoded; undefined for anything else.
 */
export function matchOperation(
  method: string,
  path: string,
): { op: Operation; params: Record<string, string> } | undefined {
  for (const r of ROUTES) {
    if (r.op.method !== method) continue;
    const m = r.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      for (const [i, name] of r.params.entries()) params[name] = decodeURIComponent(m[i + 1]!);
    } catch {
      return undefined;
    }
    return { op: r.op, params };
  }
  return undefined;
}

/** §5: the scheme a path's family uses. */
export function authSchemeForPath(path: string): AuthScheme {
  return path.startsWith('/v2/') ? 'basic' : 'bearer';
}
