/** @module Which failed requests went out on a reused kept-alive connection (RFC 9112 §9.3.1). */
import { subscribe } from 'node:diagnostics_channel';

/** How many requests each socket has carried so far. */
const requestsOnSocket = new WeakMap<object, number>();
/** Marks a request written on a socket that had carried one before (a property: cheaper than a set). */
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
