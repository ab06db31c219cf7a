/** @module A JSON value valid against a schema, from the suite's generator (a small fallback where it refuses). */
import type fc from 'fast-check';
import { createRng, type Rng } from '../util/prng.js';

type Sampler = (schema: object, seed: number) => unknown;
type FastCheck = typeof fc;

let fastCheck: Promise<FastCheck> | undefined;

/** fast-check, loaded on first use (up front it cost ~15 ms of every start-up). */
export function loadFastCheck(): Promise<FastCheck> {
  return (fastCheck ??= import('fast-check').then((mod) => mod.default));
}

let loaded: Promise<Sampler> | undefined;

/** `sampleValid` of src/generation/sample.ts, imported on first use (a plain specifier, for the checkers). */
function loadSampler(): Promise<Sampler> {
  return (loaded ??= import('../../src/generation/sample.js').then((mod) => mod.sampleValid));
}

export async function sampleJson(schema: Record<string, unknown>, seed: number): Promise<unknown> {
  const sampler = await loadSampler();
  try {
    return sampler(schema, seed);
  } catch {
    // A schema the generator rejects still gets a best-effort value.
  }
  return fallbackSample(schema, createRng(seed), 0, await loadFastCheck());
}

type Schema = Record<string, unknown>;

function fallbackSample(schema: Schema, rng: Rng, depth: number, fc: FastCheck): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[rng.int(schema.enum.length)];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return fallbackSample(options[0] as Schema, rng, depth, fc);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return fallbackSample(Object.assign({}, ...(schema.allOf as Schema[])) as Schema, rng, depth, fc);
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const type =
    types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : schema.items ? 'array' : (types[0] ?? 'object'));
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.next() < 0.5;
    case 'integer': {
      const min = isNum(schema.minimum)
        ? Math.ceil(schema.minimum)
        : Math.floor(num(schema.exclusiveMinimum) ?? -1) + 1;
      const max = isNum(schema.maximum)
        ? Math.floor(schema.maximum)
        : Math.ceil(num(schema.exclusiveMaximum) ?? min + 101) - 1;
      return min + rng.int(Math.max(1, max - min + 1));
    }
    case 'number': {
      const lo = num(schema.minimum) ?? num(schema.exclusiveMinimum) ?? 0;
      const hi = num(schema.maximum) ?? num(schema.exclusiveMaximum) ?? lo + 100;
      // The midpoint of the range's inner half stays clear of exclusive bounds.
      return lo + (hi - lo) * (0.25 + rng.next() / 2);
    }
    case 'string':
      return sampleString(schema, rng, fc);
    case 'array': {
      const count = Math.max(num(schema.minItems) ?? 0, depth > 3 ? 0 : 1);
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: count }, () => fallbackSample(items, rng, depth + 1, fc));
    }
    default: {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(props))
        if (depth < 4 || (schema.required as string[] | undefined)?.includes(name))
          out[name] = fallbackSample(sub, rng, depth + 1, fc);
      return out;
    }
  }
}

function isNum(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
const num = (value: unknown): number | undefined => (isNum(value) ? value : undefined);

function sampleString(schema: Schema, rng: Rng, fc: FastCheck): string {
  if (typeof schema.pattern === 'string') {
    try {
      return (
        fc.sample(fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'small' }), {
          seed: rng.int(2 ** 31),
          numRuns: 1,
        })[0] ?? ''
      );
    } catch {
      // an unsupported pattern: fall back to plain text
    }
  }
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.UTC(2025, 0, 1) + rng.int(365 * 86_400) * 1000).toISOString();
    case 'date':
      return '2025-01-01';
    case 'uuid':
      return '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90';
    case 'email':
      return 'someone@example.com';
    case 'uri':
      return 'https://example.com/';
  }
  const min = num(schema.minLength) ?? 0;
  let s = 'value';
  while (s.length < min) s += ' value';
  return typeof schema.maxLength === 'number' ? s.slice(0, Math.max(min, schema.maxLength)) : s;
}
