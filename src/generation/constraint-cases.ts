/** @module One request per documented constraint of a request schema, as JSON text (§8 bounds are exact). */
import { schemaFields } from '../schemas/fields.js';
import type { SchemaName, SchemaRegistry } from '../schemas/registry.js';

export interface ConstraintCase {
  /** The field path (`tools[].type`). */
  readonly path: string;
  /** What the body does, for a person: `seed -18446744073709551616, below its minimum`. */
  readonly label: string;
  readonly text: string;
  /** `rejected`: the constraint broken; `accepted`: a value at a bound. */
  readonly expect: 'rejected' | 'accepted';
}

const MARKER = '__conformance_literal__';
const DELETE = Symbol('delete');

/** Sets (or deletes) the value at a field path in a copy of `body`, through first elements of arrays. */
function setAt(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> | undefined {
  const copy = structuredClone(body);
  let holder: unknown = copy;
  const steps = path.split('.');
  for (const [i, step] of steps.entries()) {
    const key = step.replace(/(\[\])+$/, '');
    const arrays = (step.length - key.length) / 2;
    if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) return undefined;
    const obj = holder as Record<string, unknown>;
    if (i === steps.length - 1 && arrays === 0) {
      if (value === DELETE) {
        if (!(key in obj)) return undefined;
        delete obj[key];
      } else obj[key] = value;
      return copy;
    }
    holder = obj[key];
    for (let a = 0; a < arrays; a++) holder = Array.isArray(holder) ? holder[0] : undefined;
  }
  return undefined;
}

/** A number as JSON text: the signed 64-bit limit for a bound beyond 2^53 (§8 prints those limits rounded). */
function literal(n: number, side: 'at' | 'beyond', which: 'minimum' | 'maximum'): string {
  const huge = Math.abs(n) > Number.MAX_SAFE_INTEGER;
  if (side === 'at') return huge ? (n > 0 ? '9223372036854775807' : '-9223372036854775808') : String(n);
  if (huge) return n > 0 ? '18446744073709551616' : '-18446744073709551616';
  return String(which === 'minimum' ? n - 1 : n + 1);
}

/** The constraint cases of `schema`, each built on `valid` (which should carry every field). */
export function constraintCases(
  schemas: SchemaRegistry,
  schema: SchemaName,
  valid: Record<string, unknown>,
): ConstraintCase[] {
  const out: ConstraintCase[] = [];
  const add = (path: string, label: string, value: unknown, expect: ConstraintCase['expect'], raw?: string): void => {
    const body = setAt(valid, path, raw === undefined ? value : MARKER);
    if (!body) return;
    const text = raw === undefined ? JSON.stringify(body) : JSON.stringify(body).replace(`"${MARKER}"`, raw);
    out.push({ path, label, text, expect });
  };
  for (const f of schemaFields(schemas, schema)) {
    if (f.required) add(f.path, `${f.path} left out (required)`, DELETE, 'rejected');
    if (f.enumerated)
      add(
        f.path,
        `${f.path} "conformance-unlisted-value", outside its values ${JSON.stringify(f.values)}`,
        'conformance-unlisted-value',
        'rejected',
      );
    if (f.format)
      add(
        f.path,
        `${f.path} "conformance-not-${f.format}", not of its format ${f.format}`,
        `conformance-not-${f.format}`,
        'rejected',
      );
    for (const which of ['minimum', 'maximum'] as const) {
      const limit = f[which];
      if (limit === undefined) continue;
      const beyond = literal(limit, 'beyond', which);
      const at = literal(limit, 'at', which);
      add(
        f.path,
        `${f.path} ${beyond}, ${which === 'minimum' ? 'below' : 'above'} its ${which} ${limit}`,
        undefined,
        'rejected',
        beyond,
      );
      add(f.path, `${f.path} ${at}, at its ${which} ${limit}`, undefined, 'accepted', at);
    }
  }
  return out;
}
