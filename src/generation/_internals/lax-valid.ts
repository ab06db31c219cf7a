/** @module Whether a lax validator could accept a whole observed value (decisions/0004). @internal */
import { conjoin, flatten, flattenAll, type FlatSchema, withoutDisjunctions } from './flat-schema.js';
import { laxReadingOf } from './lax-readings.js';
import { jsonTypeOf, matchesFlat, patternRegExp } from './matches.js';
import { rootSchema, type Schema } from './schema-store.js';

/** The value as a lax validator reads it: `read` (its parts read), or undefined when it stays invalid. */
type Read = { readonly value: unknown } | undefined;

/** Depth past which a value is not read further (it stays as it is). */
const MAX_DEPTH = 32;

function readAt(f: FlatSchema, value: unknown, depth: number): Read {
  if (matchesFlat(f, value)) return { value };
  if (depth > MAX_DEPTH) return undefined;
  const reading = laxReadingOf({ node: f, optional: false }, value);
  if (reading) return { value: reading.read(value, f) };
  const t = jsonTypeOf(value);
  const parts =
    t === 'object'
      ? readObject(f, value as Record<string, unknown>, depth)
      : t === 'array'
        ? readArray(f, value as unknown[], depth)
        : { value };
  if (!parts) return undefined;
  const candidate = parts.value;
  if (matchesFlat(f, candidate)) return { value: candidate };
  // A disjunction: some branch, with its parts read, holds (for `oneOf`, exactly one).
  for (const kind of ['anyOf', 'oneOf'] as const)
    for (const [i, branches] of f[kind].entries())
      for (const branch of branches) {
        const read = readAt(conjoin(withoutDisjunctions(f, kind, i), branch), candidate, depth + 1);
        if (read && (kind === 'anyOf' || matchesFlat(f, read.value))) return read;
      }
  return undefined;
}

/** The schemas a property's value must satisfy: its own, the matching patterns', or the additional ones. */
function propertySchemas(f: FlatSchema, key: string): Schema[] {
  const own = [...(f.properties.get(key) ?? [])];
  for (const [pattern, schemas] of f.patternProperties) if (patternRegExp(pattern).test(key)) own.push(...schemas);
  if (own.length === 0 && !f.properties.has(key)) return [...(f.additionalProperties ?? [])];
  return own;
}

function readObject(f: FlatSchema, o: Record<string, unknown>, depth: number): Read {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(o)) {
    const schemas = propertySchemas(f, key);
    if (schemas.length === 0) {
      out[key] = v;
      continue;
    }
    const node = flattenAll(schemas);
    // `null` on an optional declared field is read as unset (pydantic 1); an undeclared key has no default.
    if (v === null && f.properties.has(key) && !f.required.has(key) && !matchesFlat(node, null)) {
      if (laxReadingOf({ node, optional: true }, null)) continue;
      return undefined;
    }
    const read = readAt(node, v, depth + 1);
    if (!read) return undefined;
    out[key] = read.value;
  }
  return { value: out };
}

function readArray(f: FlatSchema, a: unknown[], depth: number): Read {
  const out: unknown[] = [];
  for (const [i, v] of a.entries()) {
    const schemas = f.prefixItems[i] ?? f.items;
    if (!schemas) {
      out.push(v);
      continue;
    }
    const read = readAt(flattenAll(schemas), v, depth + 1);
    if (!read) return undefined;
    out.push(read.value);
  }
  return { value: out };
}

/** Whether some lax validator accepts `value` against `schema`, as it is or read as the table reads it. */
export function laxlyValid(schema: object | string, value: unknown): boolean {
  return readAt(flatten(rootSchema(schema)), value, 0) !== undefined;
}
