/**
 * @module Malformed request bodies, derived from a valid one by a seeded generator: broken JSON,
 * wrong types, deep nesting, invalid UTF-8, lone surrogates, numbers JSON forbids, huge but within
 * the body limit.
 */
import { pick } from './seeded.js';

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
export function malformedBody(r: () => number, valid: unknown): { label: string; body: Buffer } {
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

/** A chat body whose message carries an extra field nested `depth` objects deep. */
export function deepMessageBody(depth: number): Buffer {
  return Buffer.from(`{"messages":[{"role":"user","content":"x","extra":${nested(depth, '{"a":', '}')}}]}`);
}
