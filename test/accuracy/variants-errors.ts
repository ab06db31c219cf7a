/**
 * @module Conformant variants of the mock that answer errors and statuses otherwise: other error
 * envelopes (FastAPI's two, the OpenAI envelope, vLLM's flat object), refusals of credentials as
 * real fronts write them, 201 and 204 for successes, redirects and 404/422 where the mock differs.
 */
import { DEFAULT_ENTITY, DEFAULT_PROJECT } from '../../src/core/defaults.js';
import { errorMessageOf } from '../../src/rules/error-shape.js';
import { isUuid } from '../../src/rules/records.js';
import { isOperation, operationOf, recordPathOf } from '../../mock/faults/rewrite.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import type { Variant, VariantHandler } from '../helpers/variant-server.js';
import type { ConformantVariant, MustOnlyVariant } from './variant-model.js';
import { editBodies, type Json, jsonAnswer, jsonOf } from './variant-rewrites.js';

const OPENAI_TYPES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  422: 'UnprocessableEntityError',
};

/** The `param` an error names: the envelope's, or the last element of a FastAPI `loc`. */
function paramOf(body: Json): string | null {
  const error = body.error as Json | undefined;
  if (error && typeof error.param === 'string') return error.param;
  if (typeof body.param === 'string') return body.param;
  const first = Array.isArray(body.detail) ? (body.detail[0] as Json | undefined) : undefined;
  const loc = Array.isArray(first?.loc) ? (first.loc as unknown[]) : [];
  const last = loc[loc.length - 1];
  return typeof last === 'string' && last !== 'body' ? last : null;
}

const v1 = (req: MockRequest): boolean => req.path.startsWith('/v1/');
const isLog = (req: MockRequest): boolean => isOperation(req, 'trajectories.log');

/** Drops one header of an answer. */
function without(res: MockResponse, header: string): Record<string, string> {
  const { [header]: _dropped, ...rest } = res.headers;
  return rest;
}

const fastapiDetailString: Variant = {
  after: editBodies({
    error: (body, req, res) =>
      v1(req) && res.status !== 400 && res.status !== 422 ? { detail: errorMessageOf(body) || 'Error' } : body,
  }),
};

const fastapiDetailArray: Variant = {
  after: editBodies({
    error: (body, req, res) => {
      if (!isOperation(req, 'chat.create') || res.status !== 400) return body;
      const param = paramOf(body);
      return jsonAnswer(422, {
        detail: [
          {
            type: 'value_error',
            loc: param ? ['body', param] : ['body'],
            msg: `Value error, ${errorMessageOf(body)}`,
            input: null,
            ctx: { error: {} },
            url: 'https://errors.pydantic.dev/2.9/v/value_error',
          },
        ],
      });
    },
  }),
};

const openaiEnvelope: Variant = {
  after: editBodies({
    error: (body, req, res) => {
      if (!v1(req) || (isLog(req) && res.status === 422) || 'error' in body) return body;
      const status = res.status === 422 ? 400 : res.status;
      const error = {
        message: errorMessageOf(body),
        type: OPENAI_TYPES[status] ?? 'Error',
        param: paramOf(body),
        code: status,
      };
      return { status, headers: res.headers, json: { error } };
    },
  }),
};

const vllmFlat: Variant = {
  after: editBodies({
    error: (body, req) => {
      const error = body.error as Json | undefined;
      if (!isOperation(req, 'chat.create') || !error) return body;
      return {
        object: 'error',
        message: error.message,
        type: error.type,
        param: error.param ?? null,
        code: error.code,
      };
    },
  }),
};

const forbiddenForWrongCredentials: Variant = {
  after: (req, res) =>
    res.status === 401 && req.headers.authorization
      ? { ...res, status: 403, headers: without(res, 'www-authenticate') }
      : res,
};

const forbiddenAlways: Variant = { after: (_req, res) => (res.status === 401 ? { ...res, status: 403 } : res) };

const NGINX_401 =
  '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n';

const nginxBasicAuth: Variant = {
  after: (req, res) =>
    res.status === 401 && req.path.startsWith('/v2/')
      ? {
          status: 401,
          headers: {
            'content-type': 'text/html',
            server: 'nginx/1.24.0',
            'www-authenticate': 'Basic realm="Restricted"',
          },
          body: NGINX_401,
        }
      : res,
};

const vllmApiKey: Variant = {
  after: (req, res) => (res.status === 401 && v1(req) ? jsonAnswer(401, { error: 'Unauthorized' }) : res),
};

const created201: Variant = {
  after: (req, res) => {
    const job = jsonOf(res) as Json | undefined;
    if (res.status !== 200 || typeof job?.id !== 'string') return res;
    if (isOperation(req, 'training-jobs.get'))
      return jsonAnswer(200, { id: job.id, status: 'running', created_at: '2025-01-01T00:00:00Z', progress: 0.25 });
    if (!isOperation(req, 'training-jobs.create')) return res;
    return jsonAnswer(
      201,
      { id: job.id, status: 'queued', created_at: '2025-01-01T00:00:00Z', model_id: null },
      { location: `/v1/preview/training-jobs/${job.id}` },
    );
  },
};

const log204: Variant = {
  after: (req, res) => (isLog(req) && res.status === 200 ? { status: 204, headers: {} } : res),
};

const redirectSlashes: Variant = {
  before: (req) => {
    if (req.path.length < 2 || !req.path.endsWith('/') || operationOf(req) === undefined) return req;
    const query = req.query.toString();
    const location = `http://${req.headers.host ?? '127.0.0.1'}${req.path.slice(0, -1)}${query ? `?${query}` : ''}`;
    return { status: 307, headers: { location, 'content-length': '0' }, body: '' };
  },
};

const unknownProjectFirst: VariantHandler = async (req, handle) => {
  const where = recordPathOf(req);
  if (where?.list && (where.entity !== DEFAULT_ENTITY || where.project !== DEFAULT_PROJECT))
    return jsonAnswer(404, { reason: `Project ${where.entity}/${where.project} not found` });
  return handle(req);
};

const uuidPathParameter: VariantHandler = async (req, handle) => {
  const id = isOperation(req, 'training-jobs.get') ? req.path.split('/').pop() : undefined;
  if (id === undefined || isUuid(decodeURIComponent(id))) return handle(req);
  return jsonAnswer(422, {
    detail: [
      {
        type: 'uuid_parsing',
        loc: ['path', 'training_job_id'],
        msg: 'Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `x` at 1',
        input: decodeURIComponent(id),
        ctx: { error: 'invalid character' },
        url: 'https://errors.pydantic.dev/2.9/v/uuid_parsing',
      },
    ],
  });
};

const integerLoc: Variant = {
  after: editBodies({
    error: (body, _req, res) => {
      if (res.status !== 422 || !Array.isArray(body.detail)) return body;
      return {
        detail: (body.detail as Json[]).map((d) => ({
          ...d,
          loc: Array.isArray(d.loc)
            ? d.loc.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p))
            : d.loc,
          input: null,
          ctx: { reason: 'see msg' },
          url: `https://errors.pydantic.dev/2.9/v/${String(d.type)}`,
        })),
      };
    },
  }),
};

/** A record read without valid credentials is 404, existing or not (the record's existence is not disclosed). */
const hiddenRecords: VariantHandler = async (req, handle) => {
  const res = await handle(req);
  if (res.status !== 401 || recordPathOf(req)?.id === undefined) return res;
  return jsonAnswer(404, { reason: 'Not found' });
};

export const ERROR_VARIANTS: readonly ConformantVariant[] = [
  {
    id: 'fastapi-integer-loc',
    description:
      "Validation errors (422 `detail[]`) give array indices in `loc` as integers and add pydantic 2's `input`, `ctx` and `url` keys, as FastAPI on pydantic 2 answers.",
    variant: integerLoc,
  },
  {
    id: 'fastapi-detail-string',
    description:
      'Every /v1 error other than a body rejection (401, 404, 405, 413, 415, …) is FastAPI\'s HTTPException body `{detail: "…"}`, as a FastAPI gateway in front of vLLM answers.',
    variant: fastapiDetailString,
  },
  {
    id: 'fastapi-detail-array',
    description:
      'Chat body rejections are 422 with a pydantic 2 `detail` array (loc, "Value error, …" msg, input, ctx, url), as a FastAPI front validating the request model answers.',
    variant: fastapiDetailArray,
  },
  {
    id: 'openai-envelope-everywhere',
    description:
      "Every /v1 error but trajectory logging's §7 validation errors is the OpenAI envelope `{error: {message, type, param, code}}`, training-job body rejections as 400, as an OpenAI-compatible gateway answers.",
    variant: openaiEnvelope,
  },
  {
    id: 'vllm-flat-error',
    description:
      'Chat errors are the flat `{object: "error", message, type, param, code}` of vLLM releases before 0.6.',
    variant: vllmFlat,
  },
  {
    id: 'nginx-basic-auth-401',
    description:
      '/v2 credentials refusals come from nginx\'s auth_basic: a text/html 401 page with `WWW-Authenticate: Basic realm="Restricted"`.',
    variant: nginxBasicAuth,
  },
  {
    id: 'vllm-api-key-401',
    description:
      '/v1 credentials refusals are vLLM\'s --api-key middleware answer: 401 `{"error": "Unauthorized"}` with no WWW-Authenticate header.',
    variant: vllmApiKey,
  },
  {
    id: 'training-create-201',
    description:
      'Creating a training job answers 201 Created with a Location header, and create and get add job fields (status, created_at, progress, a null model_id), as a REST-style FastAPI service does.',
    variant: created201,
  },
  {
    id: 'trajectory-log-204',
    description:
      'Logging trajectories answers 204 No Content with no body (§4.4 shows no success body), as a FastAPI route with status_code=204 does.',
    variant: log204,
  },
  {
    id: 'trailing-slash-redirect-307',
    description:
      "A path with a trailing slash is answered 307 to the path without it (FastAPI/Starlette's redirect_slashes), the method and body kept.",
    variant: redirectSlashes,
  },
  {
    id: 'records-unknown-project-404',
    description:
      'Listing the records of a project the service does not know is 404 `{reason: "Project … not found"}` rather than an empty listing.',
    variant: unknownProjectFirst,
  },
  {
    id: 'training-job-id-path-422',
    description:
      'A training job id that is not a UUID is refused 422 with `detail[]` (uuid_parsing) before any lookup, as FastAPI does for a `UUID` path parameter.',
    variant: uuidPathParameter,
  },
];

/** Conformant at level must; each departs from the SHOULD convention it names (variant-model.ts). */
export const MUST_ONLY_VARIANTS: readonly MustOnlyVariant[] = [
  {
    id: 'forbidden-403-wrong-credentials',
    description:
      'Wrong credentials are refused with 403 without WWW-Authenticate (missing ones still 401), as API gateways such as Kong or AWS API Gateway do.',
    variant: forbiddenForWrongCredentials,
    departsFrom: 'auth.answers-401.',
    why: 'RFC 9110 §15.5.2 and RFC 6750 §3.1 ask 401 for invalid credentials; 403 is allowed by RFC 9110 §15.5.4 only as "credentials insufficient", so the SHOULD check flags it by design.',
  },
  {
    id: 'forbidden-403-always',
    description:
      'Every credentials refusal is 403 instead of 401, as AWS API Gateway answers a missing or wrong API key.',
    variant: forbiddenAlways,
    departsFrom: 'auth.answers-401.',
    why: 'RFC 9110 §15.5.2 asks 401 when credentials are missing or invalid; a 403 without any credentials departs from it, and the SHOULD check flags it by design.',
  },
  {
    id: 'records-404-without-credentials',
    description:
      'A record read without valid credentials is 404 whether the record exists or not, so its existence is not disclosed, as GitHub answers for private resources.',
    variant: hiddenRecords,
    departsFrom: 'auth.answers-401.',
    why: 'RFC 9110 §15.5.2 asks 401 for missing or invalid credentials; a 404 that hides existence departs from it, and the SHOULD check flags it by design.',
  },
];
