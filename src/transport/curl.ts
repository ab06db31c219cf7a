/** @module A copy-paste curl line for a recorded request, without secrets. */
import { ENV_BASIC, ENV_TOKEN } from '../core/defaults.js';
import { isSecretHeaderName, type Redactor } from '../core/redact.js';
import {
  CONVENTIONAL_BASIC_USER,
  type DerivedPresentation,
  derivedAuthorization,
  WRONG_PASSWORD,
  TOKEN_SUFFIX,
} from '../core/credentials.js';
import { type ConnectionSettings, proxyFor, proxyOrigin } from './connection.js';
import type { RecordedRequest } from './types.js';

/** POSIX single-quoting. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A word of a command line: as it is when the shell reads it so, else single-quoted. */
export function shellWord(value: string): string {
  return /^[\w./:=@-]+$/.test(value) ? value : shellQuote(value);
}

export interface CurlOptions {
  readonly token?: string | undefined;
  readonly basic?: string | undefined;
  readonly redact: Redactor;
  /** Headers, proxy and TLS the request was sent with: the line carries `-H`, `-x`, `--cacert`, `--cert`, `-k`. */
  readonly connection?: ConnectionSettings | undefined;
  /** The curl arguments for an Authorization header not built from `token`/`basic` (else it is redacted). */
  readonly otherAuthorization?: ((value: string) => readonly string[]) | undefined;
}

/** The environment variable a secret header's value is read from: `X-Api-Key` → `CONFORMANCE_HEADER_X_API_KEY`. */
export function headerVariable(name: string): string {
  return `CONFORMANCE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The curl arguments that reach the target as the run did: proxy, TLS. */
function connectionArgs(url: string, connection: ConnectionSettings): string[] {
  const out: string[] = [];
  const proxy = proxyFor(url, connection);
  if (proxy) {
    // A proxy URL with credentials is read back from where it came from; the flag's from CONFORMANCE_PROXY.
    const hasCredentials = /\/\/[^/@]*@/.test(proxy.url);
    const variable = proxy.from.startsWith('-') || proxy.from === 'proxy' ? 'CONFORMANCE_PROXY' : proxy.from;
    out.push('-x', hasCredentials ? `"$${variable}"` : shellQuote(proxyOrigin(proxy.url)));
  }
  const tls = connection.tls;
  if (tls.ca) out.push('--cacert', shellWord(tls.ca.file));
  if (tls.client) out.push('--cert', shellWord(tls.client.certFile), '--key', shellWord(tls.client.keyFile));
  if (tls.insecure) out.push('-k');
  return out;
}

/** The curl arguments of each derived presentation, built by the shell from the environment variables. */
const DERIVED_CURL: Readonly<Record<DerivedPresentation, string[]>> = {
  'v1-token-as-bearer': ['-H', `"Authorization: Bearer $${ENV_TOKEN}"`],
  'v1-token-as-basic': ['-u', `"${CONVENTIONAL_BASIC_USER}:$${ENV_TOKEN}"`],
  'right-user-wrong-password': ['-u', `"\${${ENV_BASIC}%%:*}:${WRONG_PASSWORD}"`],
  'v2-basic-on-v1': ['-u', `"$${ENV_BASIC}"`],
  'token-with-suffix': ['-H', `"Authorization: Bearer $${ENV_TOKEN}${TOKEN_SUFFIX}"`],
  'token-truncated': ['-H', `"Authorization: Bearer \${${ENV_TOKEN}%?}"`],
};

/** The curl arguments for an Authorization value built from the configured secrets, if it is one. */
function authorizationArgs(value: string, opts: CurlOptions): string[] | undefined {
  if (opts.token !== undefined && value === `Bearer ${opts.token}`)
    return ['-H', `"Authorization: Bearer $${ENV_TOKEN}"`];
  if (opts.basic !== undefined && value === `Basic ${Buffer.from(opts.basic).toString('base64')}`)
    return ['-u', `"$${ENV_BASIC}"`];
  for (const [presentation, args] of Object.entries(DERIVED_CURL) as [DerivedPresentation, string[]][]) {
    try {
      if (derivedAuthorization(presentation, opts) === value) return args;
    } catch {
      // Not buildable from the configured credentials: not this presentation.
    }
  }
  return undefined;
}

/** Headers curl sets itself, or that belong to one connection. */
const SKIP_HEADERS = new Set(['content-length', 'host', 'connection']);

/** SDK telemetry headers: no answer depends on them, and the line reads better without them. */
const TELEMETRY_HEADERS: ReadonlySet<string> = new Set(['user-agent', 'x-goog-api-client', 'x-amz-user-agent']);
const TELEMETRY_PREFIXES: readonly string[] = ['x-stainless-', 'x-fern-'];

function isTelemetryHeader(name: string): boolean {
  return TELEMETRY_HEADERS.has(name) || TELEMETRY_PREFIXES.some((p) => name.startsWith(p));
}

/** Whether an Accept-Encoding asks for compression: curl's `--compressed` asks and decodes, as the run did. */
function asksCompression(value: string): boolean {
  return value.split(',').some((c) => !/^\s*(identity|\*;\s*q=0)?\s*$/i.test(c));
}

export function buildCurl(req: RecordedRequest, opts: CurlOptions): string {
  const parts = ['curl', '-sS', '-i'];
  if (req.method !== 'GET' || req.body !== undefined) parts.push('-X', req.method);
  parts.push(shellQuote(req.url));
  if (opts.connection) parts.push(...connectionArgs(req.url, opts.connection));
  for (const [header, value] of Object.entries(req.headers)) {
    const name = header.toLowerCase();
    if (SKIP_HEADERS.has(name) || isTelemetryHeader(name)) continue;
    const args =
      name === 'authorization' ? (authorizationArgs(value, opts) ?? opts.otherAuthorization?.(value)) : undefined;
    if (name === 'accept-encoding' && asksCompression(value)) parts.push('--compressed');
    else if (args) parts.push(...args);
    // A secret header of the run's own (`--header 'X-Api-Key: …'`) is read back from its variable.
    else if (name !== 'authorization' && isSecretHeaderName(name) && opts.connection?.headers[header] === value)
      parts.push('-H', `"${header}: $${headerVariable(header)}"`);
    else parts.push('-H', shellQuote(`${header}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', shellQuote(req.body));
  return opts.redact(parts.join(' '));
}
