/** @module A convenience for calling the core directly: builds a plain `MockRequest`. */
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../src/core/defaults.js';
import type { MockRequest } from './types.js';

export interface BuildRequestInit {
  /** Serialised as the JSON body (with `content-type: application/json`). */
  json?: unknown;
  /** A raw body (no content type added). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Adds the default credentials of the path's family (§5): bearer on /v1, basic on /v2. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Builds a plain request for `mock.handle`: `buildRequest('POST', '/v1/chat/completions', { json })`. */
export function buildRequest(method: string, pathWithQuery: string, init: BuildRequestInit = {}): MockRequest {
  const q = pathWithQuery.indexOf('?');
  const path = q < 0 ? pathWithQuery : pathWithQuery.slice(0, q);
  const headers: Record<string, string> = {};
  if (init.auth !== false) {
    headers.authorization = path.startsWith('/v2/')
      ? `Basic ${Buffer.from(`${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`).toString('base64')}`
      : `Bearer ${DEFAULT_TOKEN}`;
  }
  let body: Uint8Array | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = new TextEncoder().encode(JSON.stringify(init.json));
  } else if (init.body !== undefined) {
    body = typeof init.body === 'string' ? new TextEncoder().encode(init.body) : init.body;
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  return {
    method,
    path,
    query: new URLSearchParams(q < 0 ? '' : pathWithQuery.slice(q + 1)),
    headers,
    body,
    signal: init.signal,
  };
}

export async function readStream(stream: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}
