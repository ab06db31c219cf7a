/**
 * @module Malformed requests, generated from a seed (the same seed gives the same requests): bodies
 * that are broken JSON, wrong types, deeply nested, invalid UTF-8 or huge; wrong methods and paths;
 * odd media types and credentials. Raw-socket cases cover what no HTTP client would send.
 */
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { BASIC, BEARER, LIST_PATH } from './harness.js';

/** mulberry32: small, seedable, good enough to pick mutations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

const WEIRD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 63,
  -(2 ** 64),
  1e308,
  '',
  'x'.repeat(5000),
  '\u0000',
  '\ud83d',
  [],
  {},
  [[[]]],
  { a: { b: { c: {} } } },
  ['user'],
  [{ role: 42 }],
  [{ role: 'user' }],
  [{ role: 'user', content: null }],
  [{ role: 'user', content: [{ type: 'image_url' }] }],
  'none',
  'NaN',
  -0,
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

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function mutateValue(r: () => number, value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 3 || r() < 0.3) return pick(r, WEIRD_VALUES);
  if (Array.isArray(value))
    return value.length ? value.map((v) => (r() < 0.5 ? mutateValue(r, v, depth + 1) : v)) : [pick(r, WEIRD_VALUES)];
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(out);
  const k = keys.length ? pick(r, keys) : 'x';
  switch (Math.floor(r() * 4)) {
    case 0:
      delete out[k];
      break;
    case 1:
      out[k] = mutateValue(r, out[k], depth + 1);
      break;
    case 2: {
      const key = pick(r, [
        'stream',
        'n',
        'max_tokens',
        'logprobs',
        'top_logprobs',
        'seed',
        'response_format',
        'tools',
        'stop',
        'structured_outputs',
        'priority',
        '__proto__',
        'constructor',
      ]);
      // A huge `n` makes the mock generate that many choices (a known bug, see HUGE_N in
      // mock-fuzz.test.ts): the fuzz sends only small or ill-typed ones.
      out[key] = key === 'n' ? pick(r, [null, 0, -1, 1.5, '2', 3, [], {}]) : pick(r, WEIRD_VALUES);
      break;
    }
    default:
      out[k] = pick(r, WEIRD_VALUES);
  }
  return out;
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** A malformed body derived from a valid one. */
function malformedBody(r: () => number, valid: unknown): { label: string; body: Buffer } {
  const json = JSON.stringify(valid ?? { messages: [] });
  switch (Math.floor(r() * 12)) {
    case 0:
      return { label: 'truncated JSON', body: Buffer.from(json.slice(0, Math.floor(r() * json.length))) };
    case 1: {
      const at = Math.floor(r() * json.length);
      return {
        label: 'random byte',
        body: Buffer.concat([
          Buffer.from(json.slice(0, at)),
          Buffer.from([Math.floor(r() * 256)]),
          Buffer.from(json.slice(at)),
        ]),
      };
    }
    case 2:
      return { label: 'wrong types', body: Buffer.from(JSON.stringify(mutateValue(r, valid))) };
    case 3:
      return {
        label: 'top-level non-object',
        body: Buffer.from(pick(r, ['[]', '"messages"', '42', 'null', 'true', '[{"messages":[]}]', '{}', ' '])),
      };
    case 4: {
      // Deeply nested, under the 64 KiB limit (parsed, not 413). Deeper messages break the mock's
      // JSON.stringify (see DEEP_MESSAGE in mock-fuzz.test.ts, a known bug), so the fuzz stays at 4 096.
      const depth = pick(r, [64, 512, 4_096]);
      return {
        label: `nested ${depth}`,
        body: Buffer.from(
          r() < 0.5
            ? `{"messages":${nested(depth * 2, '[', ']')}}`
            : `{"messages":[{"role":"user","content":"x","extra":${nested(depth, '{"a":', '}')}}]}`,
        ),
      };
    }
    case 5: {
      const bad = pick(r, [
        [0xc3, 0x28],
        [0xff],
        [0xed, 0xa0, 0x80],
        [0xc0, 0xaf],
        [0xf4, 0x90, 0x80, 0x80],
        [0xe2, 0x82],
      ]);
      const s = json.indexOf('"', json.indexOf(':') + 1) + 1 || 1;
      return {
        label: 'invalid UTF-8',
        body: Buffer.concat([Buffer.from(json.slice(0, s)), Buffer.from(bad), Buffer.from(json.slice(s))]),
      };
    }
    case 6:
      return {
        label: 'lone surrogate escape',
        body: Buffer.from(json.replace('"hi"', '"\\ud800\\udc00\\ud800"').replace('[]', '["\\udfff"]')),
      };
    case 7:
      return {
        label: 'duplicate keys and junk',
        body: Buffer.from(json.replace(/^\{/, '{"messages":1,').replace(/\}$/, ',}')),
      };
    case 8:
      return {
        label: 'numbers JSON forbids',
        body: Buffer.from(
          json.replace(/:(\d+)/, `:${pick(r, ['NaN', 'Infinity', '-Infinity', '0x10', '1e99999', '01', '.5', '+1'])}`),
        ),
      };
    case 9:
      return {
        label: 'large within the limit',
        body: Buffer.from(
          JSON.stringify({ messages: [{ role: 'user', content: 'word '.repeat(6_000 + Math.floor(r() * 4_000)) }] }),
        ),
      };
    case 10:
      return {
        label: 'many messages',
        body: Buffer.from(
          JSON.stringify({
            messages: Array.from({ length: 2_000 }, (_, i) => ({
              role: i % 2 ? 'assistant' : 'user',
              content: `m${i}`,
            })),
          }),
        ),
      };
    default:
      return {
        label: 'BOM and whitespace',
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`\n\t ${json} \u00a0`)]),
      };
  }
}

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

/** Requests no HTTP client sends: broken framing and header bytes. Each asks for `connection: close`. */
export function rawMalformed(r: () => number): { label: string; bytes: Buffer } {
  const valid = '{"messages":[{"role":"user","content":"hi"}]}';
  const head = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  const cases: (() => { label: string; bytes: Buffer })[] = [
    () => ({
      label: 'content-length not a number',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Content-Length: abc',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'two content-lengths',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          'Content-Length: 5',
          'Content-Length: 9',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'content-length and chunked',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          'Content-Length: 4',
          'Transfer-Encoding: chunked',
          'Connection: close',
        ]),
        Buffer.from('4\r\n{}{}\r\n0\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'bad chunk size',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          'Connection: close',
        ]),
        Buffer.from('zz\r\n{}\r\n0\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'header without colon',
      bytes: head(['GET /v2/acme/evals/predictions HTTP/1.1', 'Host: x', 'this is not a header', 'Connection: close']),
    }),
    () => ({
      label: 'header with control bytes',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/acme/evals/predictions HTTP/1.1\r\nHost: x\r\nX-Bad: a'),
        Buffer.from([0x00, 0x07, 0x7f]),
        Buffer.from('b\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'invalid UTF-8 in authorization',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/acme/evals/predictions HTTP/1.1\r\nHost: x\r\nAuthorization: Basic '),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'invalid UTF-8 in path',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('/evals/predictions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'huge header',
      bytes: head([
        'GET /v2/acme/evals/predictions HTTP/1.1',
        'Host: x',
        `X-Big: ${'a'.repeat(20_000 + Math.floor(r() * 50_000))}`,
        'Connection: close',
      ]),
    }),
    () => ({
      label: 'many headers',
      bytes: head([
        'GET /v2/acme/evals/predictions HTTP/1.1',
        'Host: x',
        ...Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v`),
        'Connection: close',
      ]),
    }),
    () => ({
      label: 'unknown method token',
      bytes: head([
        `${pick(r, ['BREW', 'TRACE', 'PROPFIND', 'G E T', 'get'])} /v1/chat/completions HTTP/1.1`,
        'Host: x',
        'Connection: close',
      ]),
    }),
    () => ({ label: 'HTTP/0.9 style', bytes: Buffer.from('GET /v2/acme/evals/predictions\r\n\r\n') }),
    () => ({ label: 'HTTP/2 preface', bytes: Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n') }),
    () => ({
      label: 'random bytes',
      bytes: Buffer.from(Array.from({ length: 64 + Math.floor(r() * 512) }, () => Math.floor(r() * 256))),
    }),
    () => ({
      label: 'body shorter than content-length then close',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Content-Length: 500',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'absolute-form target',
      bytes: head([
        `GET http://evil.example${LIST_PATH} HTTP/1.1`,
        'Host: x',
        `Authorization: ${BASIC}`,
        'Connection: close',
      ]),
    }),
  ];
  return pick(r, cases)();
}

/** A chat body whose message carries an extra field nested `depth` objects deep. */
export function deepMessageBody(depth: number): Buffer {
  return Buffer.from(`{"messages":[{"role":"user","content":"x","extra":${nested(depth, '{"a":', '}')}}]}`);
}
