/**
 * @module Which failed requests went out on a kept-alive connection that had already carried an
 * answer. A server or a forward proxy may close an idle connection at the moment a request is
 * written on it (tinyproxy closes every one after its answer without saying `Connection: close`);
 * the request then fails before any byte of an answer, through no fault of the target. RFC 9112
 * §9.3.1 lets a client retry such a request on a new connection, and clients do (Go's net/http
 * retries a request that failed on a reused connection, Chromium too). The HTTP client replays it
 * once this module says the connection was reused; a failure on a fresh connection stays a failure.
 *
 * undici does not say which socket a request went out on, so this listens on its diagnostics
 * channels: `undici:client:sendHeaders` (a request and its socket) and `undici:request:error` (a
 * request and the error it failed with, the same object the caller's promise rejects with).
 */
import { subscribe } from 'node:diagnostics_channel';

/** How many requests each socket has carried so far. */
const requestsOnSocket = new WeakMap<object, number>();
/**
 * Marks a request written on a socket that had carried one before: a property of undici's request
 * rather than a weak set entry per request (nearly every request is one; the proxy sends thousands a second).
 */
const REUSED = Symbol('conformance.reused-connection');
/** The errors of those requests. */
const reusedFailures = new WeakSet<object>();

/** Most times one request is sent again after its kept-alive connection was closed under it. */
export const MAX_REPLAYS = 2;

let listening = false;

/** Starts listening (once per process); cheap, and only records what undici publishes. */
export function watchConnectionReuse(): void {
  if (listening) return;
  listening = true;
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request?: object; socket?: object };
    if (!request || !socket) return;
    const before = requestsOnSocket.get(socket) ?? 0;
    requestsOnSocket.set(socket, before + 1);
    if (before > 0) (request as Record<symbol, unknown>)[REUSED] = true;
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request?: object; error?: unknown };
    if (request && (request as Record<symbol, unknown>)[REUSED] === true && typeof error === 'object' && error !== null)
      reusedFailures.add(error);
  });
}

/** Whether `err` ended a request sent on a connection that had already carried an answer. */
export function failedOnReusedConnection(err: unknown): boolean {
  return typeof err === 'object' && err !== null && reusedFailures.has(err);
}
