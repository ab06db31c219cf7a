/** @module Negative cases moved onto a realistic body, so no other field is refused for reasons of its own. */
import fc from 'fast-check';
import { negativeCases, type NegativeCase, type Strictness } from '../../src/generation/index.js';
import { negativePairs } from '../../src/generation/negative-cases.js';
import { enumerate, type EnumeratedCase } from '../../src/kit/property.js';
import type { SchemaName, SchemaRegistry } from '../../src/schemas/registry.js';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => v !== null && typeof v === 'object';

function tokensOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(c: Container, key: string): unknown {
  return Array.isArray(c) ? c[Number(key)] : c[key];
}

function setChild(c: Container, key: string, value: unknown): void {
  if (Array.isArray(c)) c[Number(key)] = value;
  else c[key] = value;
}

function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let cur = root;
  for (const t of tokens) {
    if (!isContainer(cur)) return undefined;
    cur = child(cur, t);
  }
  return cur;
}

/** The broken value; a lenient rewrite (numeric string, lone string) is re-derived from the base's own value. */
function adapt(broken: unknown, original: unknown, strictness: Strictness): unknown {
  if (strictness !== 'lenient' || typeof broken !== 'string') return broken;
  if (typeof original === 'number' && broken.trim() !== '' && !Number.isNaN(Number(broken))) return String(original);
  if (Array.isArray(original) && original.length > 0 && original.every((s) => typeof s === 'string'))
    return original[0];
  return broken;
}

/** `negative`'s mutation moved onto `base`; undefined when the result would not break the schema. */
export function transplant(
  negative: NegativeCase,
  base: Record<string, unknown>,
  schema: SchemaName,
  schemas: SchemaRegistry,
): NegativeCase | undefined {
  const tokens = tokensOf(negative.mutation.pointer);
  if (tokens.length === 0) return undefined;
  const out = structuredClone(base) as Record<string, unknown>;
  let cur: Container = out;
  const path: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let t = tokens[i]!;
    const last = i === tokens.length - 1;
    if (Array.isArray(cur)) {
      const n = Number(t);
      if (!Number.isInteger(n)) return undefined;
      if (cur.length > 0 && n >= cur.length) t = String(cur.length - 1);
    }
    path.push(t);
    const negPath = [...tokens.slice(0, i + 1)];
    if (last) {
      if (negative.mutation.kind === 'required') {
        if (Array.isArray(cur)) return undefined;
        delete cur[t];
      } else {
        setChild(cur, t, adapt(valueAt(negative.value, negPath), child(cur, t), negative.mutation.strictness));
      }
      break;
    }
    const next = child(cur, t);
    if (!isContainer(next) || (Array.isArray(next) && next.length === 0)) {
      setChild(cur, t, structuredClone(valueAt(negative.value, negPath)));
      break;
    }
    cur = next;
  }
  if (schemas.validate(schema, out).ok) return undefined;
  return { value: out, mutation: negative.mutation };
}

type Base = fc.Arbitrary<Record<string, unknown>>;

/** `cases` each moved onto a value of `base` when that still breaks `schema`. */
const onBase = (cases: fc.Arbitrary<NegativeCase>, base: Base, schema: SchemaName, schemas: SchemaRegistry) =>
  fc.tuple(cases, base).map(([neg, b]) => transplant(neg, b, schema, schemas) ?? neg);

/** Negative cases of `schema`, each moved onto a value of `base` when that still breaks the schema. */
export function negativesOnBase(
  schema: SchemaName,
  base: Base,
  strictness: Strictness,
  schemas: SchemaRegistry,
): fc.Arbitrary<NegativeCase> {
  return onBase(negativeCases(schema, { strictness }), base, schema, schemas);
}

/** One negative case of `schema` per (pointer, kind) pair of its catalogue, whatever the seed and `--runs`. */
export function enumeratedNegatives(
  schema: SchemaName,
  base: Base,
  strictness: Strictness,
  schemas: SchemaRegistry,
  seed: number,
): EnumeratedCase<NegativeCase>[] {
  const pairs = negativePairs(schema, { strictness }).map((pair) => onBase(pair.cases, base, schema, schemas));
  return enumerate(pairs, seed);
}
