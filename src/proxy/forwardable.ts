/** @module Which headers the proxy passes on: all but connection-specific ones (RFC 9110 §7.6.1), Host and Expect. */
import type { IncomingMessage } from 'node:http';
import type { Dispatcher } from 'undici';

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), plus Host and Expect. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'expect',
  'http2-settings',
]);

/** The headers of a request or an answer as they are passed on. */
export function forwardable(
  headers: IncomingMessage['headers'] | Dispatcher.ResponseData['headers'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // for…in rather than Object.entries: no [name, value] pair per header (this runs twice per exchange).
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  }
  return out;
}
