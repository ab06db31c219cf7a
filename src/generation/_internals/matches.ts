/** @module A small validator over flattened schemas, formats as the registry's ajv reads them. @internal */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { flatten, flattenAll, type FlatSchema, type JsonType } from './flat-schema.js';
import type { Schema } from './schema-store.js';
import { memo } from '../../core/values.js';

/** The JSON type of a value, with integers reported as `integer`. */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : Number.isFinite(value) ? 'number' : undefined;
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/** Deep equality of JSON values (key order ignored), as JSON Schema's `const`/`enum` compare. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

const regexCache = new Map<string, RegExp>();
/** The pattern as ajv compiles it (unicode flag), cached. */
export function patternRegExp(pattern: string): RegExp {
  return memo(regexCache, pattern, () => new RegExp(pattern, 'u'));
}

/** Whether a string satisfies an ajv-formats format (unknown formats pass, as annotations). */
export function formatHolds(format: string, value: string): boolean {
  const def = (fullFormats as Record<string, unknown>)[format];
  const check = typeof def === 'object' && def !== null && 'validate' in def ? def.validate : def;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean((check as (s: string) => boolean)(value));
  return true;
}

function typeHolds(types: Set<JsonType>, actual: JsonType): boolean {
  return types.has(actual) || (actual === 'integer' && types.has('number'));
}

/** The code-point length JSON Schema uses for strings. */
function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function matches(schema: Schema, value: unknown): boolean {
  return matchesFlat(flatten(schema), value);
}

export function matchesAll(schemas: readonly Schema[], value: unknown): boolean {
  return matchesFlat(flattenAll(schemas), value);
}

export function matchesFlat(f: FlatSchema, value: unknown): boolean {
  if (!f.satisfiable) return false;
  const t = jsonTypeOf(value);
  if (t === undefined) return false;
  if (f.types && !typeHolds(f.types, t)) return false;
  if (f.const && !jsonEqual(f.const.value, value)) return false;
  if (f.enum && !f.enum.some((e) => jsonEqual(e, value))) return false;
  if (t === 'integer' || t === 'number') {
    const n = value as number;
    if (f.minimum && (f.minimum.exclusive ? n <= f.minimum.value : n < f.minimum.value)) return false;
    if (f.maximum && (f.maximum.exclusive ? n >= f.maximum.value : n > f.maximum.value)) return false;
    if (f.multipleOf !== undefined && !Number.isInteger(n / f.multipleOf)) return false;
  }
  if (t === 'string') {
    const s = value as string;
    const len = codePointLength(s);
    if (f.minLength !== undefined && len < f.minLength) return false;
    if (f.maxLength !== undefined && len > f.maxLength) return false;
    if (!f.patterns.every((p) => patternRegExp(p).test(s))) return false;
    if (f.format && !formatHolds(f.format, s)) return false;
  }
  if (t === 'array' && !arrayHolds(f, value as unknown[])) return false;
  if (t === 'object' && !objectHolds(f, value as Record<string, unknown>)) return false;
  if (!f.anyOf.every((branches) => branches.some((b) => matches(b, value)))) return false;
  if (!f.oneOf.every((branches) => branches.filter((b) => matches(b, value)).length === 1)) return false;
  if (f.not.some((n) => matches(n, value))) return false;
  return true;
}

function arrayHolds(f: FlatSchema, a: unknown[]): boolean {
  if (f.minItems !== undefined && a.length < f.minItems) return false;
  if (f.maxItems !== undefined && a.length > f.maxItems) return false;
  for (let i = 0; i < a.length; i++) {
    const prefix = f.prefixItems[i];
    if (prefix) {
      if (!matchesAll(prefix, a[i])) return false;
    } else if (f.items && !matchesAll(f.items, a[i])) return false;
  }
  if (f.uniqueItems) {
    for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) if (jsonEqual(a[i], a[j])) return false;
  }
  return true;
}

function objectHolds(f: FlatSchema, o: Record<string, unknown>): boolean {
  const keys = Object.keys(o);
  if (f.minProperties !== undefined && keys.length < f.minProperties) return false;
  if (f.maxProperties !== undefined && keys.length > f.maxProperties) return false;
  for (const r of f.required) if (!Object.hasOwn(o, r)) return false;
  for (const key of keys) {
    let evaluated = false;
    const props = f.properties.get(key);
    if (props) {
      evaluated = true;
      if (!matchesAll(props, o[key])) return false;
    }
    for (const [pattern, schemas] of f.patternProperties) {
      if (patternRegExp(pattern).test(key)) {
        evaluated = true;
        if (!matchesAll(schemas, o[key])) return false;
      }
    }
    if (!evaluated && f.additionalProperties && !matchesAll(f.additionalProperties, o[key])) return false;
  }
  return true;
}
