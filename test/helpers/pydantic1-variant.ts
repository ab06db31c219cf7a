/**
 * @module Test fixture (not a check): a conformant variant of the mock whose request validation is
 * as lax as a FastAPI service on pydantic 1 (Debian's FastAPI 0.92 / pydantic 1.10). Before the
 * mock sees a JSON body, every value is coerced to its field's type the way pydantic 1's validators
 * do: `str` fields take numbers and booleans, `int` fields truncate floats and parse numeric strings,
 * `bool` fields take "yes"/"on"/1, datetime fields take Unix timestamps, and `null` on a field with
 * a default is dropped. What pydantic 1 then refuses, the mock refuses.
 *
 * Written from pydantic 1's behaviour, independently of the suite's table of lax readings
 * (src/generation/_internals/lax-readings.ts), so the seed-stability test checks that table
 * against a second model of the same server.
 */
import { OPERATIONS } from '../../src/core/operations.js';
import { flatten, flattenAll, type FlatSchema } from '../../src/generation/_internals/flat-schema.js';
import { rootSchema, type Schema } from '../../src/generation/_internals/schema-store.js';
import type { MockRequest } from '../../mock/types.js';
import type { Variant } from './variant-server.js';

const DROP: unique symbol = Symbol('drop');
const INT = /^\s*[-+]?\d+\s*$/;
const FLOAT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const TRUTHY = ['1', 'on', 't', 'true', 'y', 'yes'];
const FALSY = ['0', 'off', 'f', 'false', 'n', 'no'];

function only(node: FlatSchema, type: string): boolean {
  return node.types !== undefined && node.types.size === 1 && node.types.has(type as never);
}

/** pydantic 1's reading of `value` for a field of schema `node` (unchanged where it has none). */
function coerceScalar(value: unknown, node: FlatSchema): unknown {
  if (only(node, 'string')) {
    if (typeof value === 'number' && (node.format === 'date-time' || node.format === 'iso-date-time'))
      return new Date(value * 1000).toISOString();
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 'True' : 'False';
  }
  if (only(node, 'integer')) {
    if (typeof value === 'string' && INT.test(value)) return Number(value);
    if (typeof value === 'number' && !Number.isInteger(value)) return Math.trunc(value);
    if (typeof value === 'boolean') return value ? 1 : 0;
  }
  if (only(node, 'number')) {
    if (typeof value === 'string' && FLOAT.test(value)) return Number(value);
    if (typeof value === 'boolean') return value ? 1 : 0;
  }
  if (only(node, 'boolean')) {
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === 'string' && TRUTHY.includes(value.trim().toLowerCase())) return true;
    if (typeof value === 'string' && FALSY.includes(value.trim().toLowerCase())) return false;
  }
  return value;
}

function coerce(value: unknown, node: FlatSchema, optional: boolean): unknown {
  // A union is tried branch by branch by pydantic: left as sent.
  if (node.anyOf.length > 0 || node.oneOf.length > 0) return value;
  if (value === null) return optional && !node.types?.has('null') ? DROP : value;
  if (Array.isArray(value)) return node.items ? value.map((v) => coerce(v, flattenAll(node.items!), false)) : value;
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const child: Schema[] = node.properties.get(key) ?? node.additionalProperties ?? [];
      const read = child.length ? coerce(v, flattenAll(child), !node.required.has(key)) : v;
      if (read !== DROP) out[key] = read;
    }
    return out;
  }
  return coerceScalar(value, node);
}

/** The variant: JSON bodies of the operations with a request schema are read as pydantic 1 reads them. */
export function pydantic1Variant(): Variant {
  const bodies = OPERATIONS.filter((o) => o.requestSchema).map((o) => ({
    method: o.method,
    pattern: new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
    schema: flatten(rootSchema(o.requestSchema!)),
  }));
  return {
    before(req: MockRequest): MockRequest {
      const op = bodies.find((b) => b.method === req.method && b.pattern.test(req.path));
      if (!op || !req.body) return req;
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(req.body));
      } catch {
        return req;
      }
      const read = coerce(parsed, op.schema, false);
      return { ...req, body: new TextEncoder().encode(JSON.stringify(read)) };
    },
  };
}
