/** @module Planted faults for the errors checks: bad bodies served or crashing, error bodies in no known shape. */
import { DEFAULT_LIST_PARAMS, DEFAULT_MODEL, DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { registry, type SchemaName } from '../../src/schemas/registry.js';
import { is4xx } from '../../src/core/values.js';
import { internalError, jsonResponse } from '../errors.js';
import { familyOf } from '../http/family.js';
import type { OperationId } from '../../src/core/operations.js';
import type { MockRequest, MockResponse } from '../types.js';
import { isOperation, operationOf, type ParsedBody, parseJsonBody, rewriteDetail, withJson } from './rewrite.js';
import { faultTable, type Fault } from './types.js';

const groups = () => [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'Hi' }], reward: 1 }] }];

/** The request-bearing routes, their spec request schema and a body the mock accepts. */
const ROUTES: readonly { operation: OperationId; schema: SchemaName; valid: () => unknown }[] = [
  {
    operation: 'chat.create',
    schema: 'chat/chat-completion-request',
    valid: () => ({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'Hello' }], max_completion_tokens: 4 }),
  },
  {
    operation: 'training-jobs.create',
    schema: 'training/training-job-create-request',
    valid: () => ({ model_id: DEFAULT_MODEL_ID, trajectory_groups: groups() }),
  },
  {
    operation: 'trajectories.log',
    schema: 'training/log-trajectories-request',
    valid: () => ({ split: 'train', trajectory_groups: groups() }),
  },
];

/** The check ids of `rule` for each route, by its slug (`chat-create`). */
const ids = (rule: string, slugs = ROUTES.map((r) => r.operation.replace(/\./g, '-'))): string[] =>
  slugs.map((s) => `errors.${rule}.${s}`);

function routeOf(req: MockRequest) {
  const op = operationOf(req);
  return ROUTES.find((r) => r.operation === op);
}

const withBody = (req: MockRequest, body: unknown): MockRequest =>
  withJson({ ...req, headers: { ...req.headers, 'content-type': 'application/json' } }, body);

/** A JSON object body that breaks the route's spec request schema. */
function invalidObject(req: MockRequest): boolean {
  const route = routeOf(req);
  if (!route) return false;
  const p = parseJsonBody(req);
  return p.kind === 'object' && !registry().validate(route.schema, p.value).ok;
}

/** A `before` that serves the route's valid body in place of a body read as `kind`. */
const validInsteadOf =
  (kind: ParsedBody['kind']) =>
  (req: MockRequest): MockRequest => {
    const route = routeOf(req);
    return route && parseJsonBody(req).kind === kind ? withBody(req, route.valid()) : req;
  };

const isList = (req: MockRequest): boolean => isOperation(req, 'predictions.list', 'scores.list');
const LIST_SLUGS = ['predictions-list', 'scores-list'];

export const errorFaults: readonly Fault[] = faultTable({
  'errors.skips-body-validation': {
    description:
      'Request bodies are not validated: a JSON object that breaks the request schema is served as if it were valid.',
    breaks: ids('rejects-invalid-body'),
    before: (req) => (invalidObject(req) ? withBody(req, routeOf(req)!.valid()) : req),
  },
  'errors.crashes-on-invalid-bodies': {
    description: 'A JSON object that breaks the request schema crashes the handler (HTTP 500).',
    breaks: [...ids('rejects-invalid-body'), ...ids('lenient-inputs')],
    before: (req): MockRequest | MockResponse => (invalidObject(req) ? internalError(familyOf(req.path)) : req),
  },
  'errors.drops-wrong-type-fields': {
    description:
      'A chat field whose value has the wrong type (`n: "2"`, `temperature: "hot"`, `stream: "yes"`) is dropped and the request served as if it were absent.',
    breaks: ['errors.rejects-invalid-body.chat-create'],
    before: (req) => {
      const p = parseJsonBody(req);
      if (routeOf(req)?.operation !== 'chat.create' || p.kind !== 'object') return req;
      const v = registry().validate('chat/chat-completion-request', p.value);
      const wrong = v.ok ? [] : v.errors.filter((e) => e.keyword === 'type' && /^\/[^/]+$/.test(e.instancePath));
      if (wrong.length === 0) return req;
      const body = { ...p.value };
      for (const e of wrong) delete body[e.instancePath.slice(1).replace(/~1/g, '/').replace(/~0/g, '~')];
      return withJson(req, body);
    },
  },
  'errors.accepts-malformed-json': {
    description: 'A body that is not JSON (or is empty) is served as if a valid body had been sent.',
    breaks: ids('rejects-malformed-json'),
    before: validInsteadOf('unparseable'),
  },
  'errors.accepts-non-object-json': {
    description:
      'A JSON body that is not an object (array, string, null, number) is served as if a valid body had been sent.',
    breaks: ids('rejects-non-object-json'),
    before: validInsteadOf('non-object'),
  },
  'errors.plain-text-error-bodies': {
    description: 'Rejections of request bodies answer a plain-text body instead of JSON.',
    breaks: ids('error-body-shape'),
    after: (req, res): MockResponse =>
      routeOf(req) && is4xx(res.status)
        ? { status: res.status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Bad Request' }
        : res,
  },
  'errors.loc-as-dotted-string': {
    description:
      'Validation errors of the FastAPI routes give `loc` as a dotted string instead of an array (breaks the §7 shape).',
    breaks: ids('error-body-shape', ['training-jobs-create', 'trajectories-log']),
    after: rewriteDetail(
      (req) => routeOf(req) !== undefined,
      (d) => ({ ...d, loc: Array.isArray(d.loc) ? d.loc.join('.') : d.loc }),
    ),
  },
  'errors.ignores-bad-list-params': {
    description: 'List query parameters that are not integers (limit, offset) are silently dropped.',
    breaks: [...ids('rejects-wrong-type-query', LIST_SLUGS), ...ids('query-error-shape', LIST_SLUGS)],
    before: (req) => {
      if (!isList(req)) return req;
      const query = new URLSearchParams(req.query);
      for (const name of [DEFAULT_LIST_PARAMS.limit, DEFAULT_LIST_PARAMS.offset]) {
        if (query.getAll(name).some((v) => !/^\s*[-+]?\d+\s*$/.test(v))) query.delete(name);
      }
      return { ...req, query };
    },
  },
  'errors.list-param-error-as-400-reason': {
    description: 'A list query parameter of the wrong type is answered 400 `{reason}` instead of 422 `detail[]`.',
    breaks: ids('query-error-shape', LIST_SLUGS),
    after: (req, res) =>
      isList(req) && res.status === 422 ? jsonResponse(400, { reason: 'Invalid query parameter' }) : res,
  },
});
