/** @module The eight operations of the interface (§4.1–§4.8) and their authentication scheme (§5). */
import type { ConformanceRunReportOperation } from '../generated/types.js';
import type { SchemaName } from '../schemas/registry.js';

/** The operation ids, as the report schema (`schemas/report`) enumerates them: one list, generated from it. */
export type OperationId = ConformanceRunReportOperation;

/** §5: bearer on `/v1/...`, basic on `/v2/...`. */
export type AuthScheme = 'bearer' | 'basic';

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
}

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'chat.create',
    method: 'POST',
    path: '/v1/chat/completions',
    section: '§4.1',
    title: 'Create a chat completion',
    auth: 'bearer',
    writes: false,
    requestSchema: 'chat/chat-completion-request',
    responseSchema: 'chat/chat-completion-response',
  },
  {
    id: 'training-jobs.create',
    method: 'POST',
    path: '/v1/preview/training-jobs',
    section: '§4.2',
    title: 'Create a training job (preview)',
    auth: 'bearer',
    writes: true,
    requestSchema: 'training/training-job-create-request',
    responseSchema: 'training/training-job',
  },
  {
    id: 'training-jobs.get',
    method: 'GET',
    path: '/v1/preview/training-jobs/{training_job_id}',
    section: '§4.3',
    title: 'Get a training job (preview)',
    auth: 'bearer',
    writes: false,
    responseSchema: 'training/training-job',
  },
  {
    id: 'trajectories.log',
    method: 'POST',
    path: '/v1/preview/models/{model_id}/log',
    section: '§4.4',
    title: 'Log trajectories (preview)',
    auth: 'bearer',
    writes: true,
    requestSchema: 'training/log-trajectories-request',
    responseSchema: 'training/log-trajectories-response',
  },
  {
    id: 'predictions.list',
    method: 'GET',
    path: '/v2/{entity}/{project}/predictions',
    section: '§4.5',
    title: 'List predictions',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/prediction',
    jsonl: true,
  },
  {
    id: 'predictions.read',
    method: 'GET',
    path: '/v2/{entity}/{project}/predictions/{prediction_id}',
    section: '§4.6',
    title: 'Read a prediction',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/prediction',
  },
  {
    id: 'scores.list',
    method: 'GET',
    path: '/v2/{entity}/{project}/scores',
    section: '§4.7',
    title: 'List scores',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/score',
    jsonl: true,
  },
  {
    id: 'scores.read',
    method: 'GET',
    path: '/v2/{entity}/{project}/scores/{score_id}',
    section: '§4.8',
    title: 'Read a score',
    auth: 'basic',
    writes: false,
    responseSchema: 'records/score',
  },
];

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
