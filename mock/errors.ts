/** @module Every error the mock answers, each family in its server's shape (OpenAI envelope, `detail`, `reason`). */
import type { Family } from './http/family.js';
import type { MockResponse } from './types.js';

/** One FastAPI validation-error item (§7). `loc` elements are strings, as §7 states. */
export interface DetailItem {
  loc: string[];
  msg: string;
  type: string;
}

/** JSON's content type and the given headers (Object.assign: a spread of two objects costs ~20× on node 20). */
function jsonHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.assign({ 'content-type': 'application/json' }, headers);
}

export function jsonResponse(status: number, json: unknown, headers: Record<string, string> = {}): MockResponse {
  return { status, headers: jsonHeaders(headers), json };
}

/** A JSON answer whose text the route wrote itself; `json` is parsed on first read (faults, tests). */
class WrittenJson implements MockResponse {
  #value: unknown;
  constructor(
    public status: number,
    public headers: Record<string, string>,
    public body: string,
  ) {}

  get json(): unknown {
    return (this.#value ??= JSON.parse(this.body));
  }
}

export function serializedJson(status: number, text: string, headers: Record<string, string> = {}): MockResponse {
  return new WrittenJson(status, jsonHeaders(headers), text);
}

export function jsonBodyText(res: MockResponse): string | undefined {
  if (res instanceof WrittenJson) return res.body;
  return res.json !== undefined ? JSON.stringify(res.json) : undefined;
}

const OPENAI_TYPES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  413: 'RequestEntityTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
};

/** vLLM's error envelope: `{error: {message, type, param, code}}` with the HTTP status as `code`. */
export function openaiError(
  status: number,
  message: string,
  param: string | null = null,
  headers: Record<string, string> = {},
): MockResponse {
  return jsonResponse(
    status,
    { error: { message, type: OPENAI_TYPES[status] ?? 'Error', param, code: status } },
    headers,
  );
}

export function familyError(
  family: Family,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): MockResponse {
  if (family === 'openai') return openaiError(status, message, null, headers);
  if (family === 'records') return jsonResponse(status, { reason: message }, headers);
  return jsonResponse(status, { detail: message }, headers);
}

export function validationError(detail: DetailItem[]): MockResponse {
  return jsonResponse(422, { detail });
}

export function routeNotFound(): MockResponse {
  return jsonResponse(404, { detail: 'Not Found' });
}

export function methodNotAllowed(allow: readonly string[]): MockResponse {
  return jsonResponse(405, { detail: 'Method Not Allowed' }, { allow: allow.join(', ') });
}

/** §5: 401 with a JSON body, no data, and the scheme to use in `WWW-Authenticate`. */
export function unauthorized(family: Family, scheme: 'bearer' | 'basic', presented: boolean): MockResponse {
  const challenge =
    scheme === 'bearer'
      ? presented
        ? 'Bearer realm="conformance-mock", error="invalid_token"'
        : 'Bearer realm="conformance-mock"'
      : 'Basic realm="conformance-mock", charset="UTF-8"';
  // docs/conventions.md: hosted deployments answer "Authentication failed".
  return familyError(family, 401, 'Authentication failed', { 'www-authenticate': challenge });
}

export function bodyTooLarge(family: Family, limit: number): MockResponse {
  return familyError(family, 413, `Request body larger than ${limit} bytes`, { connection: 'close' });
}

/** vLLM checks the media type of chat requests (its `validate_json_request`). */
export function unsupportedMediaType(): MockResponse {
  return openaiError(415, "Unsupported Media Type: Only 'application/json' is allowed");
}

export function jobNotFound(id: string): MockResponse {
  return jsonResponse(404, { detail: `Training job ${id} not found` });
}

/** §4.6/§4.8: docs/conventions.md's `{reason: "Prediction <id> not found"}`. */
export function recordNotFound(kind: 'Prediction' | 'Score', id: string): MockResponse {
  return jsonResponse(404, { reason: `${kind} ${id} not found` });
}

export function internalError(family: Family): MockResponse {
  return familyError(family, 500, 'Internal Server Error');
}

/** A planted crash: the server exits and is started again `restartAfterMs` later (a 500 where no socket can be dropped). */
export function serverExit(family: Family, restartAfterMs: number): MockResponse {
  return { ...internalError(family), exit: { restartAfterMs } };
}

/** Chaos: docs/conventions.md's 429 of hosted deployments, with a hint when to retry. */
export function rateLimited(family: Family, retryAfterSeconds = 1): MockResponse {
  return familyError(family, 429, 'Concurrency limit reached for requests', {
    'retry-after': String(retryAfterSeconds),
  });
}

export function overloaded(family: Family): MockResponse {
  return familyError(family, 503, 'The server is overloaded, please retry later', { 'retry-after': '1' });
}
