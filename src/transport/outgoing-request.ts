/** @module A request as it goes out: the URL, the headers (credentials as §5 says) and the body. */
import { type ConfiguredCredentials, derivedAuthorization } from '../core/credentials.js';
import { authSchemeForPath } from '../core/operations.js';
import type { Wire } from './wire.js';
import type { AuthMode, HttpRequestSpec, RecordedRequest } from './types.js';

function authorizationFor(auth: AuthMode, path: string, creds: ConfiguredCredentials): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return 'header' in auth ? auth.header : derivedAuthorization(auth.derived, creds);
  if (authSchemeForPath(path) === 'basic') {
    return creds.basic === undefined ? undefined : `Basic ${Buffer.from(creds.basic).toString('base64')}`;
  }
  return creds.token === undefined ? undefined : `Bearer ${creds.token}`;
}

function buildUrl(baseUrl: string, spec: HttpRequestSpec): string {
  const base = baseUrl.replace(/\/+$/, '');
  const url = new URL(base + spec.path);
  for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
  return url.toString();
}

/** The request as recorded (what a report shows), and the body as sent. */
export interface OutgoingRequest {
  readonly recorded: RecordedRequest;
  readonly body: string | Uint8Array | undefined;
}

export function outgoingRequest({ opts, connection }: Wire, spec: HttpRequestSpec): OutgoingRequest {
  const headers: Record<string, string> = {
    'user-agent': opts.userAgent,
    ...(opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {}),
    ...connection.headers,
  };
  let body: string | Uint8Array | undefined = spec.body;
  if (spec.json !== undefined && body === undefined) {
    body = JSON.stringify(spec.json);
    headers['content-type'] = 'application/json';
  }
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k.toLowerCase()] = v;
  const authorization = authorizationFor(spec.auth ?? 'default', spec.path, opts);
  if (authorization !== undefined && !('authorization' in headers)) headers.authorization = authorization;
  const recorded: RecordedRequest = {
    method: spec.method,
    url: buildUrl(opts.baseUrl, spec),
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : Buffer.from(body).toString('utf8') }),
  };
  return { recorded, body };
}
