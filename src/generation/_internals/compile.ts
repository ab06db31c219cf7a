/** @module The schema → arbitrary compiler, on flattened nodes. @internal */
import fc from 'fast-check';
import { conjoin, flattenAll, withoutDisjunctions, type FlatSchema, type JsonType } from './flat-schema.js';
import { matches, matchesFlat, patternRegExp } from './matches.js';
import { integerArbitrary, numberArbitrary } from './numeric-arbitrary.js';
import type { Schema } from './schema-store.js';
import { stringArbitrary } from './string-arbitrary.js';
import { canonicalJson } from '../../core/values.js';

export interface CompileContext {
  unsafeIntegers: boolean;
  maxArrayLength: number;
  maxDepth: number;
  useDefaults: boolean;
}

/** Beyond this nesting a schema that still requires more nesting cannot be generated. */
const HARD_DEPTH_LIMIT = 64;
/** Keys of map-typed objects, built on first use (a `fc.stringMatching` costs a few ms to build). */
let mapKeyArb: fc.Arbitrary<string> | undefined;
const mapKey = (): fc.Arbitrary<string> => (mapKeyArb ??= fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/));

/** Compiles a conjunction of raw schemas; undefined when no value can satisfy it. */
export function compileSchemas(
  schemas: readonly Schema[],
  ctx: CompileContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  return compileFlat(flattenAll(schemas), ctx, depth);
}

/** Compiles one flattened node; undefined when no value can satisfy it. */
export function compileFlat(flat: FlatSchema, ctx: CompileContext, depth: number): fc.Arbitrary<unknown> | undefined {
  if (!flat.satisfiable) return undefined;
  if (depth > HARD_DEPTH_LIMIT) throw new Error('generation: the schema requires unbounded nesting');
  if (flat.anyOf.length > 0) return compileDisjunction(flat, 'anyOf', ctx, depth);
  if (flat.oneOf.length > 0) return compileDisjunction(flat, 'oneOf', ctx, depth);
  const arb = compileConjunctive(flat, ctx, depth);
  if (!arb || flat.not.length === 0) return arb;
  return arb.filter((v) => !flat.not.some((n) => matches(n, v)));
}

function compileDisjunction(
  flat: FlatSchema,
  kind: 'anyOf' | 'oneOf',
  ctx: CompileContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  const branches = flat[kind][0]!;
  const rest = withoutDisjunctions(flat, kind, 0);
  const arbs: fc.Arbitrary<unknown>[] = [];
  branches.forEach((branch, i) => {
    let arb = compileFlat(conjoin(rest, branch), ctx, depth);
    if (!arb) return;
    if (kind === 'oneOf') {
      const others = branches.filter((_, j) => j !== i);
      const exclusive = (v: unknown): boolean => !others.some((o) => matches(o, v));
      // A branch whose values always satisfy another branch too can never be "exactly one".
      if (!fc.sample(arb, { seed: 42, numRuns: 20 }).some(exclusive)) return;
      arb = arb.filter(exclusive);
    }
    arbs.push(arb);
  });
  if (arbs.length === 0) return undefined;
  return arbs.length === 1 ? arbs[0] : fc.oneof(...arbs);
}

function inferTypes(flat: FlatSchema): JsonType[] | 'any' {
  if (flat.types) {
    const list = [...flat.types];
    // `number` already yields integers; keep `integer` only when `number` is absent.
    return list.includes('number') ? list.filter((t) => t !== 'integer') : list;
  }
  const inferred: JsonType[] = [];
  if (
    flat.properties.size > 0 ||
    flat.required.size > 0 ||
    flat.additionalProperties ||
    flat.patternProperties.size > 0
  )
    inferred.push('object');
  if (flat.items || flat.prefixItems.length > 0 || flat.minItems !== undefined) inferred.push('array');
  if (flat.minLength !== undefined || flat.maxLength !== undefined || flat.patterns.length > 0 || flat.format)
    inferred.push('string');
  if (flat.minimum || flat.maximum || flat.multipleOf !== undefined) inferred.push('number');
  return inferred.length > 0 ? inferred : 'any';
}

function compileConjunctive(flat: FlatSchema, ctx: CompileContext, depth: number): fc.Arbitrary<unknown> | undefined {
  if (flat.const) return matchesFlat(flat, flat.const.value) ? fc.constant(flat.const.value) : undefined;
  if (flat.enum) {
    const values = flat.enum.filter((v) => matchesFlat(flat, v));
    return values.length > 0 ? fc.constantFrom(...values) : undefined;
  }
  const weighted: fc.WeightedArbitrary<unknown>[] = [];
  const types = inferTypes(flat);
  if (types === 'any') return anyValue(ctx, depth);
  for (const type of types) {
    const arb = compileType(type, flat, ctx, depth);
    // null is one value; give it a smaller share than whole value spaces.
    if (arb) weighted.push({ arbitrary: arb, weight: type === 'null' ? 1 : 4 });
  }
  if (ctx.useDefaults && flat.default && matchesFlat(flat, flat.default.value)) {
    weighted.push({ arbitrary: fc.constant(flat.default.value), weight: 1 });
  }
  if (weighted.length === 0) return undefined;
  return weighted.length === 1 ? weighted[0]!.arbitrary : fc.oneof(...weighted);
}

function compileType(
  type: JsonType,
  flat: FlatSchema,
  ctx: CompileContext,
  depth: number,
): fc.Arbitrary<unknown> | undefined {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(flat, ctx.unsafeIntegers);
    case 'number':
      return numberArbitrary(flat);
    case 'string':
      return stringArbitrary(flat);
    case 'array':
      return arrayArbitrary(flat, ctx, depth);
    case 'object':
      return objectArbitrary(flat, ctx, depth);
  }
}

function arrayArbitrary(flat: FlatSchema, ctx: CompileContext, depth: number): fc.Arbitrary<unknown[]> | undefined {
  const minLength = flat.minItems ?? 0;
  const cap = depth >= ctx.maxDepth ? minLength : Math.max(minLength, ctx.maxArrayLength);
  const maxLength = Math.min(flat.maxItems ?? Infinity, cap);
  if (minLength > maxLength) return undefined;
  const prefix: fc.Arbitrary<unknown>[] = [];
  for (const schemas of flat.prefixItems) {
    if (prefix.length >= maxLength) break;
    const arb = compileSchemas(schemas, ctx, depth + 1);
    if (!arb) break;
    prefix.push(arb);
  }
  if (prefix.length < Math.min(minLength, flat.prefixItems.length)) return undefined;
  const item = flat.items ? compileSchemas(flat.items, ctx, depth + 1) : anyValue(ctx, depth + 1);
  const restMin = Math.max(0, minLength - prefix.length);
  const restMax = Math.max(0, maxLength - prefix.length);
  let rest: fc.Arbitrary<unknown[]>;
  if (!item) {
    if (restMin > 0) return undefined;
    rest = fc.constant([]);
  } else if (flat.uniqueItems) {
    rest = fc.uniqueArray(item, { minLength: restMin, maxLength: restMax, selector: (v) => canonicalJson(v) });
  } else {
    rest = fc.array(item, { minLength: restMin, maxLength: restMax });
  }
  const arb = prefix.length === 0 ? rest : fc.tuple(fc.tuple(...prefix), rest).map(([p, r]) => [...p, ...r]);
  return flat.uniqueItems && prefix.length > 0 ? arb.filter((a) => matchesFlat(flat, a)) : arb;
}

function schemasForKey(flat: FlatSchema, key: string): Schema[] {
  const out: Schema[] = [...(flat.properties.get(key) ?? [])];
  let evaluated = out.length > 0;
  for (const [pattern, schemas] of flat.patternProperties) {
    if (patternRegExp(pattern).test(key)) {
      out.push(...schemas);
      evaluated = true;
    }
  }
  if (!evaluated && flat.additionalProperties) out.push(...flat.additionalProperties);
  return out.length > 0 ? out : [true];
}

function objectArbitrary(
  flat: FlatSchema,
  ctx: CompileContext,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> | undefined {
  const keys = new Set([...flat.properties.keys(), ...flat.required]);
  const shallow = depth >= ctx.maxDepth;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  const forceAll = (flat.minProperties ?? 0) > flat.required.size;
  for (const key of keys) {
    if (key === '__proto__') continue;
    const required = flat.required.has(key);
    if (shallow && !required && !forceAll) continue;
    const arb = compileSchemas(schemasForKey(flat, key), ctx, depth + 1);
    if (!arb) {
      if (required) return undefined;
      continue;
    }
    model[key] = arb;
    if (required || forceAll) requiredKeys.push(key);
  }
  let arb: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys });
  const extra = flat.additionalProperties ? compileSchemas(flat.additionalProperties, ctx, depth + 1) : undefined;
  // A map type (only additionalProperties, e.g. §4.1 engine_xargs) gets a few entries.
  if (extra && flat.properties.size === 0 && !shallow) {
    const dict = fc.dictionary(
      mapKey().filter((k) => !keys.has(k) && ![...flat.patternProperties.keys()].some((p) => patternRegExp(p).test(k))),
      extra,
      { minKeys: 0, maxKeys: Math.min(3, flat.maxProperties ?? 3) },
    );
    arb = fc.tuple(arb, dict).map(([r, d]) => ({ ...d, ...r }));
  }
  return flat.minProperties !== undefined || flat.maxProperties !== undefined
    ? arb.filter((o) => matchesFlat(flat, o))
    : arb;
}

function anyValue(ctx: CompileContext, depth: number): fc.Arbitrary<unknown> {
  const maxDepth = Math.max(0, Math.min(2, ctx.maxDepth - depth));
  return fc.jsonValue({ maxDepth }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
}
