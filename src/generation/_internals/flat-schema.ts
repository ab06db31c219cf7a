/** @module Flattening: `$ref`s followed and `allOf` merged into one node. @internal */
import { resolveRef, type Schema } from './schema-store.js';

export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** A numeric bound; `exclusive` for exclusiveMinimum/exclusiveMaximum. */
interface Bound {
  value: number;
  exclusive: boolean;
}

/** One node with every keyword that holds for it, merged. Conjunctions of sub-schemas are lists. */
export interface FlatSchema {
  /** False for the `false` schema (or a contradiction found while merging). */
  satisfiable: boolean;
  /** Allowed types; undefined means any. `number` includes integers. */
  types?: Set<JsonType>;
  const?: { value: unknown };
  enum?: unknown[];
  minimum?: Bound;
  maximum?: Bound;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  patterns: string[];
  format?: string;
  properties: Map<string, Schema[]>;
  patternProperties: Map<string, Schema[]>;
  required: Set<string>;
  /** Undefined: open. An empty list never happens; `false` is a list containing `false`. */
  additionalProperties?: Schema[];
  minProperties?: number;
  maxProperties?: number;
  prefixItems: Schema[][];
  items?: Schema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  /** Each inner list is one `anyOf` (at least one holds); all lists hold. */
  anyOf: Schema[][];
  /** Each inner list is one `oneOf` (exactly one holds). */
  oneOf: Schema[][];
  not: Schema[];
  default?: { value: unknown };
  /** Annotations kept for descriptions: `x-spec-section`, `deprecated`. */
  section?: string;
}

function emptyFlat(): FlatSchema {
  return {
    satisfiable: true,
    patterns: [],
    properties: new Map(),
    patternProperties: new Map(),
    required: new Set(),
    prefixItems: [],
    uniqueItems: false,
    anyOf: [],
    oneOf: [],
    not: [],
  };
}

const cache = new WeakMap<object, FlatSchema>();
const TRUE_FLAT = emptyFlat();
const FALSE_FLAT: FlatSchema = { ...emptyFlat(), satisfiable: false };

/** Flattens a raw (ref-absolutized) schema. Results are cached per schema object. */
export function flatten(schema: Schema): FlatSchema {
  if (schema === true) return TRUE_FLAT;
  if (schema === false) return FALSE_FLAT;
  const hit = cache.get(schema);
  if (hit) return hit;
  const out = emptyFlat();
  cache.set(schema, out); // a placeholder for self-reference through allOf/$ref cycles
  mergeInto(out, schema, new Set());
  return out;
}

/** Flattens the conjunction of several raw schemas (a property seen in two `allOf` members). */
export function flattenAll(schemas: readonly Schema[]): FlatSchema {
  if (schemas.length === 1) return flatten(schemas[0]!);
  const out = emptyFlat();
  for (const s of schemas) mergeInto(out, s, new Set());
  return out;
}

function appendTo<K>(map: Map<K, Schema[]>, key: K, schema: Schema): void {
  const list = map.get(key);
  if (list) list.push(schema);
  else map.set(key, [schema]);
}

/** The tighter of two lower (`side` 1) or upper (`side` -1) bounds. */
function tighter(a: Bound | undefined, b: Bound, side: 1 | -1): Bound {
  return !a || side * b.value > side * a.value || (b.value === a.value && b.exclusive) ? b : a;
}

function intersectTypes(current: Set<JsonType> | undefined, next: Set<JsonType>): Set<JsonType> {
  if (!current) return next;
  const out = new Set<JsonType>();
  for (const t of current) {
    if (next.has(t)) out.add(t);
    else if (t === 'integer' && next.has('number')) out.add('integer');
  }
  if (current.has('number') && next.has('integer')) out.add('integer');
  return out;
}

/** Count bounds a conjunction keeps the tightest of: the largest lower bound, the smallest upper one. */
const LOWER_COUNTS = ['minLength', 'minProperties', 'minItems'] as const;
const UPPER_COUNTS = ['maxLength', 'maxProperties', 'maxItems'] as const;

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function mergeInto(out: FlatSchema, schema: Schema, seenRefs: Set<string>): void {
  if (schema === true) return;
  if (schema === false) {
    out.satisfiable = false;
    return;
  }
  const s = schema;
  if (typeof s.$ref === 'string') {
    // A cycle of pure $ref/allOf adds no constraint the first visit did not already add.
    if (!seenRefs.has(s.$ref)) {
      seenRefs.add(s.$ref);
      mergeInto(out, resolveRef(s.$ref), seenRefs);
    }
  }
  if (Array.isArray(s.allOf)) for (const member of s.allOf as Schema[]) mergeInto(out, member, seenRefs);
  if (s.type !== undefined) {
    const list = (Array.isArray(s.type) ? s.type : [s.type]) as JsonType[];
    out.types = intersectTypes(out.types, new Set(list));
  }
  if ('const' in s) {
    if (out.const && !sameJson(out.const.value, s.const)) out.satisfiable = false;
    out.const = { value: s.const };
  }
  if (Array.isArray(s.enum)) {
    out.enum = out.enum
      ? out.enum.filter((a) => (s.enum as unknown[]).some((b) => sameJson(a, b)))
      : [...(s.enum as unknown[])];
  }
  if (typeof s.minimum === 'number') out.minimum = tighter(out.minimum, { value: s.minimum, exclusive: false }, 1);
  if (typeof s.exclusiveMinimum === 'number')
    out.minimum = tighter(out.minimum, { value: s.exclusiveMinimum, exclusive: true }, 1);
  if (typeof s.maximum === 'number') out.maximum = tighter(out.maximum, { value: s.maximum, exclusive: false }, -1);
  if (typeof s.exclusiveMaximum === 'number')
    out.maximum = tighter(out.maximum, { value: s.exclusiveMaximum, exclusive: true }, -1);
  if (typeof s.multipleOf === 'number')
    out.multipleOf = out.multipleOf === undefined ? s.multipleOf : out.multipleOf * s.multipleOf;
  if (typeof s.pattern === 'string') out.patterns.push(s.pattern);
  if (typeof s.format === 'string') out.format ??= s.format;
  if (s.properties && typeof s.properties === 'object') {
    for (const [key, sub] of Object.entries(s.properties as Record<string, Schema>)) appendTo(out.properties, key, sub);
  }
  if (s.patternProperties && typeof s.patternProperties === 'object') {
    for (const [key, sub] of Object.entries(s.patternProperties as Record<string, Schema>))
      appendTo(out.patternProperties, key, sub);
  }
  if (Array.isArray(s.required)) for (const key of s.required as string[]) out.required.add(key);
  if (s.additionalProperties !== undefined) (out.additionalProperties ??= []).push(s.additionalProperties as Schema);
  if (Array.isArray(s.prefixItems)) {
    for (const [i, sub] of (s.prefixItems as Schema[]).entries()) (out.prefixItems[i] ??= []).push(sub);
  }
  if (s.items !== undefined) (out.items ??= []).push(s.items as Schema);
  for (const k of LOWER_COUNTS) if (typeof s[k] === 'number') out[k] = Math.max(out[k] ?? s[k], s[k]);
  for (const k of UPPER_COUNTS) if (typeof s[k] === 'number') out[k] = Math.min(out[k] ?? s[k], s[k]);
  if (s.uniqueItems === true) out.uniqueItems = true;
  if (Array.isArray(s.anyOf)) out.anyOf.push(s.anyOf as Schema[]);
  if (Array.isArray(s.oneOf)) out.oneOf.push(s.oneOf as Schema[]);
  if (s.not !== undefined) out.not.push(s.not as Schema);
  if ('default' in s) out.default ??= { value: s.default };
  if (typeof s['x-spec-section'] === 'string') out.section ??= s['x-spec-section'];
  if (out.types && out.types.size === 0) out.satisfiable = false;
  if (out.enum && out.enum.length === 0) out.satisfiable = false;
}

/** The flat node as a raw schema again (without its disjunctions), for distributing into branches. */
export function withoutDisjunctions(flat: FlatSchema, drop: 'anyOf' | 'oneOf', index: number): FlatSchema {
  const copy: FlatSchema = { ...flat, anyOf: [...flat.anyOf], oneOf: [...flat.oneOf] };
  copy[drop] = copy[drop].filter((_, i) => i !== index);
  return copy;
}

/** Conjunction of a flat node and one more raw schema (an `anyOf` branch). */
export function conjoin(flat: FlatSchema, branch: Schema): FlatSchema {
  const out: FlatSchema = {
    ...flat,
    patterns: [...flat.patterns],
    properties: new Map([...flat.properties].map(([k, v]) => [k, [...v]])),
    patternProperties: new Map([...flat.patternProperties].map(([k, v]) => [k, [...v]])),
    required: new Set(flat.required),
    prefixItems: flat.prefixItems.map((l) => [...l]),
    anyOf: [...flat.anyOf],
    oneOf: [...flat.oneOf],
    not: [...flat.not],
  };
  if (flat.types) out.types = new Set(flat.types);
  if (flat.enum) out.enum = [...flat.enum];
  if (flat.additionalProperties) out.additionalProperties = [...flat.additionalProperties];
  if (flat.items) out.items = [...flat.items];
  mergeInto(out, branch, new Set());
  return out;
}
