/**
 * @module Malformed requests an HTTP client can send, generated from a seed (the same seed gives
 * the same requests): wrong methods and paths, odd credentials and media types, and the malformed
 * bodies of malformed-bodies.ts. What no client would send is raw-malformed.ts's.
 */
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { BASIC, BEARER, LIST_PATH } from './harness.js';
import { malformedBody } from './malformed-bodies.js';
import { pick } from './seeded.js';

export interface FuzzRequest {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

const ROUTES: readonly { method: string; path: string; body: () => unknown; auth: string }[] = [
  {
    method: 'POST',
    path: '/v1/chat/completions',
    auth: BEARER,
    body: () => ({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 }),
  },
  {
    method: 'POST',
    path: '/v1/chat/completions/',
    auth: BEARER,
    body: () => ({ messages: [{ role: 'user', content: 'hi' }], stream: true, max_completion_tokens: 3 }),
  },
  {
    method: 'POST',
    path: '/v1/preview/training-jobs',
    auth: BEARER,
    body: () => ({
      model_id: DEFAULT_MODEL_ID,
      trajectory_groups: [{ trajectories: [{ messages_and_choices: [], reward: 1 }] }],
      experimental_config: { learning_rate: 0.1 },
    }),
  },
  {
    method: 'POST',
    path: `/v1/preview/models/${DEFAULT_MODEL_ID}/log`,
    auth: BEARER,
    body: () => ({ split: 'train', trajectory_groups: [] }),
  },
  {
    method: 'GET',
    path: '/v1/preview/training-jobs/00000000-0000-4000-8000-000000000000',
    auth: BEARER,
    body: () => undefined,
  },
  { method: 'GET', path: LIST_PATH, auth: BASIC, body: () => undefined },
  { method: 'GET', path: LIST_PATH.replace('predictions', 'scores'), auth: BASIC, body: () => undefined },
  { method: 'GET', path: `${LIST_PATH}/p-1`, auth: BASIC, body: () => undefined },
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/vnd.api+json',
  'multipart/form-data; boundary=x',
  '',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** The n-th malformed request of a seeded sequence (sent with an HTTP client: headers are valid). */
export function malformedRequest(r: () => number): FuzzRequest {
  const route = pick(r, ROUTES);
  const roll = r();
  let method = route.method;
  let path = route.path;
  const headers: Record<string, string> = { authorization: route.auth };
  let body: Buffer | undefined;
  let label: string;
  if (roll < 0.12) {
    method = pick(
      r,
      METHODS.filter((m) => m !== route.method),
    );
    label = `wrong method ${method}`;
    if (method !== 'GET' && method !== 'HEAD' && r() < 0.5) body = Buffer.from(JSON.stringify(route.body() ?? {}));
  } else if (roll < 0.2) {
    path = pick(r, [
      `${route.path}?limit=-1&offset=abc&limit=2`,
      `${route.path}?limit=1e99&evaluation_run_id=%00%ff`,
      `${route.path}/%2e%2e/%2e%2e`,
      '/v1/chat/completions%00',
      `/${'a/'.repeat(400)}`,
      '/v2/acme/evals/predictions/%E0%A4%A',
      `/v2/${'x'.repeat(3000)}/evals/scores`,
      '/v1//chat/completions',
      '/V1/CHAT/COMPLETIONS',
      '/v2/acme/evals/predictions/..%2f..%2fetc',
      '/',
    ]);
    label = `odd path ${path.slice(0, 30)}`;
    if (method === 'POST') body = Buffer.from(JSON.stringify(route.body()));
  } else if (roll < 0.32) {
    headers.authorization = pick(r, [
      '',
      'Bearer',
      'Bearer ',
      'bearer mock-token',
      'Basic',
      'Basic !!!!',
      'Basic Og==',
      `Basic ${Buffer.from('api').toString('base64')}`,
      `Bearer ${'a'.repeat(8_000)}`,
      'Digest username="x"',
      `Bearer ${'mock-token'.slice(0, Math.floor(r() * 10))}`,
      'Bearer mock-token mock-token',
      `Basic ${Buffer.from('api:mock-key:').toString('base64')}`,
      BASIC,
      BEARER,
    ]);
    label = `odd credentials ${headers.authorization.slice(0, 20)}`;
    const b = route.body();
    if (b !== undefined) body = Buffer.from(JSON.stringify(b));
  } else {
    const m = malformedBody(r, route.body() ?? { messages: [{ role: 'user', content: 'hi' }] });
    label = m.label;
    body = m.body;
    if (route.method === 'GET') method = pick(r, ['GET', 'POST']);
  }
  if (body !== undefined) {
    const ct = r() < 0.8 ? 'application/json' : pick(r, CONTENT_TYPES);
    if (ct) headers['content-type'] = ct;
  }
  return { label, method, path, headers, ...(body !== undefined ? { body } : {}) };
}
