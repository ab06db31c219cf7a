/** @module A recorded exchange's request, rebuilt for another target. */
import { matchOperation } from '../core/operations.js';
import { isSecretHeaderName } from '../core/redact.js';
import { HOP_BY_HOP } from '../proxy/forwardable.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import { substituteCredentials } from './credentials.js';
import { NOT_RECORDED, type RecordedExchange } from './recording.js';
import type { Skip } from './skips.js';

export interface ReplayRequest {
  readonly method: string;
  /** Path and query relative to {base_url}, as the client sent them to the proxy. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** Headers not sent again: those of one connection (RFC 9110 §7.6.1), and those that carry a credential. */
const NOT_REPLAYED: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP,
  'content-length',
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
]);

/** The path relative to the recording target's base URL: the shortest tail that is the operation's path. */
function pathOfOperation(exchange: RecordedExchange): string | undefined {
  if (!URL.canParse(exchange.url)) return undefined;
  const url = new URL(exchange.url);
  const path = url.pathname;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) {
    const tail = path.slice(at);
    if (matchOperation(exchange.method, tail)?.op.id === exchange.op.id) return tail + url.search;
  }
  return undefined;
}

export function rebuildRequest(exchange: RecordedExchange, configured: ConfiguredCredentials): ReplayRequest | Skip {
  const path = pathOfOperation(exchange);
  if (path === undefined) return NOT_RECORDED;
  if (!exchange.bodyKept)
    return { skip: 'whose body the proxy did not record (over its --max-body-bytes, or cut short)' };
  const presented = exchange.credentials && { kind: exchange.credentials, scheme: exchange.op.auth };
  const credentials = substituteCredentials(
    exchange.headers.authorization,
    exchange.status,
    configured,
    presented || undefined,
  );
  if ('skip' in credentials) return credentials;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (NOT_REPLAYED.has(name)) continue;
    // A secret header the record holds redacted (a gateway key) comes from the run's --header instead.
    if (name !== 'authorization' && isSecretHeaderName(name) && value.includes('***')) continue;
    headers[name] = value;
  }
  if (credentials.authorization !== undefined) headers.authorization = credentials.authorization;
  return { method: exchange.method, path, headers, body: exchange.body };
}
