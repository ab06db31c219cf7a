/**
 * @module Chat load against server children, as the scenarios that load `POST /v1/chat/completions`
 * share it: the path and headers, the autocannon spec (32 connections, the server's CPU sampled
 * around the measured window), and the events of a streamed answer.
 */
import type { LoadSpec } from './load.js';
import { BEARER, JSON_HEADERS } from './requests.js';
import type { ServerChild } from './spawn.js';

export const CHAT_PATH = '/v1/chat/completions';
export const CHAT_HEADERS: Record<string, string> = { ...BEARER, ...JSON_HEADERS };

/** A server child's CPU time so far, µs: a load spec's `serverCpuUs`. */
export const cpuOf = (s: ServerChild) => async () => (await s.stats()).cpuUs;

/** `body` POSTed to `base`'s chat path by 32 connections for `seconds`, the server's CPU read by `cpuUs`. */
export function chatLoad(base: string, body: string, seconds: number, cpuUs: () => Promise<number>): LoadSpec {
  return {
    url: base + CHAT_PATH,
    method: 'POST',
    headers: CHAT_HEADERS,
    body,
    connections: 32,
    seconds,
    serverCpuUs: cpuUs,
  };
}

/** How many `data:` events an event-stream body holds. */
export const dataEvents = (sse: string) => sse.split('\n\n').filter((e) => e.startsWith('data: ')).length;
