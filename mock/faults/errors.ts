/**
 * @module Planted faults for the errors checks: validation switched off (invalid bodies served),
 * crashes on invalid input, non-JSON bodies accepted, error bodies in no known shape, list
 * parameters of the wrong type ignored or answered in another shape.
 */
import { DEFAULT_LIST_PARAMS, DEFAULT_MODEL, DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { registry, type SchemaName } from '../../src/schemas/registry.js';
import { internalError, jsonResponse, openaiError, validationError } from '../errors.js';
import { familyOf } from '../http/family.js';
import type { MockRequest, MockResponse } from '../types.js';
import { defineFault, type Fault } from './types.js';

type BodyRoute = 'chat-create' | 'training-jobs-create' | 'trajectories-log';

/** The request-bearing routes, their spec request schema and a body the mock accepts. */
const ROUTES: readonly { slug: BodyRoute; path: RegExp; schema: SchemaName; valid: () => unknown }[] = [
  {
    slug: 'chat-create',
    path: /^\/v1\/chat\/completions\/?$/,
    schema: 'chat/chat-completion-request',
    valid: () => ({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'Hello' }], max_completion_tokens: 4 }),
  },
  {
    slug: 'training-jobs-create',
    path: /^\/v1\/preview\/training-jobs$/,
    schema: 'training/training-job-create-request',
    valid: () => ({ model_id: DEFAULT_MODEL_ID, trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'Hi' }], reward: 1 }] }] }),
  },
  {
    slug: 'trajectories-log',
    path: /^\/v1\/preview\/models\/[^/]+\/log$/,
    schema: 'training/log-trajectories-request',
    valid: () => ({ split: 'train', trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'Hi' }], reward: 1 }] }] }),
  },
];

const ids = (rule: string, slugs: readonly string[] = ROUTES.map((r) => r.slug)): string[] => slugs.map((s) => `errors.${rule}.${s}`);

function routeOf(req: MockRequest) {
  return req.method === 'POST' ? ROUTES.find((r) => r.path.test(req.path)) : undefined;
}

type Parsed = { kind: 'unparseable' } | { kind: 'non-object'; value: unknown } | { kind: 'object'; value: Record<string, unknown> };

function parse(req: MockRequest): Parsed {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(req.body ?? new Uint8Array()));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { kind: 'object', value: value as Record<string, unknown> } : { kind: 'non-object', value };
  } catch {
    return { kind: 'unparseable' };
  }
}

/** The request with a valid JSON body in place of its own. */
function withBody(req: MockRequest, body: unknown): MockRequest {
  return { ...req, headers: { ...req.headers, 'content-type': 'application/json' }, body: new TextEncoder().encode(JSON.stringify(body)) };
}

/** A JSON object body that breaks the route's spec request schema. */
function invalidObject(req: MockRequest): boolean {
  const route = routeOf(req);
  if (!route) return false;
  const p = parse(req);
  return p.kind === 'object' && !registry().validate(route.schema, p.value).ok;
}

const isListPath = (path: string): boolean => /^\/v2\/[^/]+\/[^/]+\/(predictions|scores)$/.test(path);
const LIST_SLUGS = ['predictions-list', 'scores-list'];

const bodyAndQueryFaults: readonly Fault[] = [
  defineFault({
    id: 'errors.skips-body-validation',
    description: 'Request bodies are not validated: a JSON object that breaks the request schema is served as if it were valid.',
    breaks: ids('rejects-invalid-body'),
    before: (req) => (invalidObject(req) ? withBody(req, routeOf(req)!.valid()) : req),
  }),
  defineFault({
    id: 'errors.crashes-on-invalid-bodies',
    description: 'A JSON object that breaks the request schema crashes the handler (HTTP 500).',
    breaks: [...ids('rejects-invalid-body'), ...ids('lenient-inputs')],
    before: (req): MockRequest | MockResponse => (invalidObject(req) ? internalError(familyOf(req.path)) : req),
  }),
  defineFault({
    id: 'errors.accepts-malformed-json',
    description: 'A body that is not JSON (or is empty) is served as if a valid body had been sent.',
    breaks: ids('rejects-malformed-json'),
    before: (req) => {
      const route = routeOf(req);
      return route && parse(req).kind === 'unparseable' ? withBody(req, route.valid()) : req;
    },
  }),
  defineFault({
    id: 'errors.accepts-non-object-json',
    description: 'A JSON body that is not an object (array, string, null, number) is served as if a valid body had been sent.',
    breaks: ids('rejects-non-object-json'),
    before: (req) => {
      const route = routeOf(req);
      return route && parse(req).kind === 'non-object' ? withBody(req, route.valid()) : req;
    },
  }),
  defineFault({
    id: 'errors.plain-text-error-bodies',
    description: 'Rejections of request bodies answer a plain-text body instead of JSON.',
    breaks: ids('error-body-shape'),
    after: (req, res): MockResponse =>
      routeOf(req) && res.status >= 400 && res.status < 500 ? { status: res.status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Bad Request' } : res,
  }),
  defineFault({
    id: 'errors.loc-as-dotted-string',
    description: 'Validation errors of the FastAPI routes give `loc` as a dotted string instead of an array (breaks the §7 shape).',
    breaks: ids('error-body-shape', ['training-jobs-create', 'trajectories-log']),
    after: (req, res) => {
      const detail = (res.json as { detail?: unknown } | undefined)?.detail;
      if (!routeOf(req) || res.status !== 422 || !Array.isArray(detail)) return res;
      return { ...res, json: { detail: detail.map((d: { loc?: unknown }) => ({ ...d, loc: Array.isArray(d.loc) ? d.loc.join('.') : d.loc })) } };
    },
  }),
  defineFault({
    id: 'errors.ignores-bad-list-params',
    description: 'List query parameters that are not integers (limit, offset) are silently dropped.',
    breaks: [...ids('rejects-wrong-type-query', LIST_SLUGS), ...ids('query-error-shape', LIST_SLUGS)],
    before: (req) => {
      if (req.method !== 'GET' || !isListPath(req.path)) return req;
      const query = new URLSearchParams(req.query);
      for (const name of [DEFAULT_LIST_PARAMS.limit, DEFAULT_LIST_PARAMS.offset]) {
        if (query.getAll(name).some((v) => !/^\s*[-+]?\d+\s*$/.test(v))) query.delete(name);
      }
      return { ...req, query };
    },
  }),
  defineFault({
    id: 'errors.list-param-error-as-400-reason',
    description: 'A list query parameter of the wrong type is answered 400 `{reason}` instead of 422 `detail[]`.',
    breaks: ids('query-error-shape', LIST_SLUGS),
    after: (req, res) => (req.method === 'GET' && isListPath(req.path) && res.status === 422 ? jsonResponse(400, { reason: 'Invalid query parameter' }) : res),
  }),
];

// ---------------------------------------------------------------------------------------------
// Acceptance faults (suites/acceptance). They live here because mock/faults has no acceptance file
// and this suite's owner owns only auth.ts and errors.ts; move them to faults/acceptance.ts if one is added.

const acceptanceId = (rule: string, slug: string): string => `acceptance.${rule}.${slug}`;
const isChat = (req: MockRequest): boolean => req.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(req.path);
const isJobCreate = (req: MockRequest): boolean => req.method === 'POST' && req.path === '/v1/preview/training-jobs';
const isJobGet = (req: MockRequest): boolean => req.method === 'GET' && /^\/v1\/preview\/training-jobs\/[^/]+$/.test(req.path);
const isLog = (req: MockRequest): boolean => req.method === 'POST' && /^\/v1\/preview\/models\/[^/]+\/log$/.test(req.path);
const recordPath = (kind: 'predictions' | 'scores', read: boolean): RegExp => new RegExp(`^/v2/[^/]+/[^/]+/${kind}${read ? '/[^/]+' : ''}$`);
const ok2xx = (res: MockResponse): boolean => res.status >= 200 && res.status < 300;

/** Rewrites every JSONL line of a streamed body (lines may span chunks). */
async function* mapJsonl(stream: AsyncIterable<string>, fn: (record: Record<string, unknown>) => unknown): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    if (lines.length) yield lines.map((l) => (l.trim() ? JSON.stringify(fn(JSON.parse(l) as Record<string, unknown>)) : l)).join('\n') + '\n';
  }
  if (buffer.trim()) yield JSON.stringify(fn(JSON.parse(buffer) as Record<string, unknown>));
}

/** Optional §4.1 fields a realistic request often carries. */
const SAMPLING_FIELDS = ['temperature', 'top_p', 'top_k', 'seed', 'stop', 'n', 'presence_penalty', 'frequency_penalty'];

const acceptanceFaults: readonly Fault[] = [
  defineFault({
    id: 'acceptance.chat-rejects-sampling-fields',
    description: 'Chat requests carrying documented optional sampling fields (temperature, top_p, seed, stop, n, …) are refused with 400.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create')],
    before: (req): MockRequest | MockResponse => {
      if (!isChat(req)) return req;
      const p = parse(req);
      const field = p.kind === 'object' ? SAMPLING_FIELDS.find((f) => f in p.value) : undefined;
      return field ? openaiError(400, `Unsupported parameter: '${field}'`, field) : req;
    },
  }),
  defineFault({
    id: 'acceptance.chat-response-without-usage',
    description: 'Chat completions are answered without the required `usage` object.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create'), 'chat-completions.trailing-slash-path'],
    after: (req, res) => {
      if (!isChat(req) || !ok2xx(res) || res.json === undefined) return res;
      const { usage: _usage, ...rest } = res.json as Record<string, unknown>;
      return { ...res, json: rest };
    },
  }),
  defineFault({
    id: 'acceptance.training-create-id-not-uuid',
    description: 'A created training job is answered with an `id` that is not a UUID.',
    breaks: [acceptanceId('valid-request-succeeds', 'training-jobs-create')],
    after: (req, res) => (isJobCreate(req) && ok2xx(res) && res.json ? { ...res, json: { ...(res.json as object), id: 'job-1' } } : res),
  }),
  defineFault({
    id: 'acceptance.training-get-without-id',
    description: 'A training job read by id is answered without its `id`.',
    breaks: [acceptanceId('valid-request-succeeds', 'training-jobs-get')],
    after: (req, res) => {
      if (!isJobGet(req) || !ok2xx(res) || !res.json) return res;
      const { id: _id, ...rest } = res.json as Record<string, unknown>;
      return { ...res, json: rest };
    },
  }),
  defineFault({
    id: 'acceptance.log-rejects-val-split',
    description: 'Logging refuses the `val` split (the spec allows any split) with a 422.',
    breaks: [acceptanceId('valid-request-succeeds', 'trajectories-log')],
    before: (req): MockRequest | MockResponse => {
      if (!isLog(req)) return req;
      const p = parse(req);
      return p.kind === 'object' && p.value.split === 'val' ? validationError([{ loc: ['body', 'split'], msg: "Input should be 'train'", type: 'literal_error' }]) : req;
    },
  }),
  defineFault({
    id: 'acceptance.prediction-list-inputs-not-object',
    description: 'Listed predictions carry `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-list')],
    after: (req, res) => (req.method === 'GET' && recordPath('predictions', false).test(req.path) && ok2xx(res) && res.stream ? { ...res, stream: mapJsonl(res.stream, (r) => ({ ...r, inputs: 'not an object' })) } : res),
  }),
  defineFault({
    id: 'acceptance.score-list-value-not-number',
    description: 'Listed scores carry `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-list')],
    after: (req, res) => (req.method === 'GET' && recordPath('scores', false).test(req.path) && ok2xx(res) && res.stream ? { ...res, stream: mapJsonl(res.stream, (r) => ({ ...r, value: 'high' })) } : res),
  }),
  defineFault({
    id: 'acceptance.prediction-read-inputs-not-object',
    description: 'A prediction read by id carries `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-read')],
    after: (req, res) => (req.method === 'GET' && recordPath('predictions', true).test(req.path) && ok2xx(res) && res.json ? { ...res, json: { ...(res.json as object), inputs: 'not an object' } } : res),
  }),
  defineFault({
    id: 'acceptance.score-read-value-not-number',
    description: 'A score read by id carries `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-read')],
    after: (req, res) => (req.method === 'GET' && recordPath('scores', true).test(req.path) && ok2xx(res) && res.json ? { ...res, json: { ...(res.json as object), value: 'high' } } : res),
  }),
  defineFault({
    id: 'acceptance.json-labelled-text-plain',
    description: 'Successful JSON answers are labelled `text/plain`.',
    breaks: ['chat-create', 'training-jobs-create', 'training-jobs-get', 'trajectories-log', 'predictions-read', 'scores-read'].map((s) => acceptanceId('json-content-type', s)),
    after: (_req, res) => (ok2xx(res) && res.json !== undefined ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } } : res),
  }),
  defineFault({
    id: 'acceptance.jsonl-labelled-json',
    description: 'JSONL listings are labelled `application/json` instead of a JSONL media type.',
    breaks: ['predictions-list', 'scores-list'].map((s) => acceptanceId('jsonl-content-type', s)),
    after: (req, res) => (req.method === 'GET' && isListPath(req.path) && ok2xx(res) ? { ...res, headers: { ...res.headers, 'content-type': 'application/json' } } : res),
  }),
];

export const errorFaults: readonly Fault[] = [...bodyAndQueryFaults, ...acceptanceFaults];
