/** @module The places where a single constraint can be broken (not inside `anyOf` branches). @internal */
import { flatten, flattenAll, type FlatSchema, type JsonType } from './flat-schema.js';
import { escapePointerToken } from './describe.js';
import { patternRegExp } from './matches.js';
import type { Schema } from './schema-store.js';

/** One step from a container to a child: an object key or array index 0. */
export interface PathStep {
  readonly key: string | number;
  readonly parent: FlatSchema;
  /** The raw schemas of the child (a conjunction). */
  readonly child: readonly Schema[];
}

export interface MutationSite {
  readonly path: readonly PathStep[];
  readonly pointer: string;
  readonly node: FlatSchema;
  /** The property may be absent (so `null` there reads as "unset" to lenient servers). */
  readonly optional: boolean;
  /** The key does not exist in the schema's properties (a map entry of `additionalProperties`). */
  readonly extraKey: boolean;
}

/** Key used for one entry of a map-typed object (`additionalProperties` schema, no properties). */
const EXTRA_KEY = 'x_conformance_extra';

export function mayBe(node: FlatSchema, type: JsonType): boolean {
  return !node.types || node.types.has(type);
}

function childSchemas(node: FlatSchema, key: string): Schema[] {
  const out: Schema[] = [...(node.properties.get(key) ?? [])];
  for (const [pattern, schemas] of node.patternProperties) if (patternRegExp(pattern).test(key)) out.push(...schemas);
  if (out.length === 0 && node.additionalProperties) out.push(...node.additionalProperties);
  return out.length > 0 ? out : [true];
}

/** Every mutation site of the root schema, root first, depth-first, up to `maxDepth` steps deep. */
export function mutationSites(root: Schema, maxDepth: number): MutationSite[] {
  const out: MutationSite[] = [];
  const visit = (node: FlatSchema, path: PathStep[], pointer: string, optional: boolean, extraKey: boolean): void => {
    out.push({ path, pointer, node, optional, extraKey });
    if (path.length >= maxDepth || node.anyOf.length > 0 || node.oneOf.length > 0 || !node.satisfiable) return;
    const into = (key: string | number, child: readonly Schema[], optional: boolean, extraKey = false): void =>
      visit(
        flattenAll(child),
        [...path, { key, parent: node, child }],
        `${pointer}/${escapePointerToken(key)}`,
        optional,
        extraKey,
      );
    if (mayBe(node, 'object')) {
      const keys = new Set([...node.properties.keys(), ...node.required]);
      for (const key of keys) into(key, childSchemas(node, key), !node.required.has(key));
      const extra = node.additionalProperties;
      if (extra && node.properties.size === 0 && !extra.includes(false)) into(EXTRA_KEY, extra, true, true);
    }
    if (mayBe(node, 'array') && node.items && (node.maxItems ?? 1) >= 1 && node.prefixItems.length === 0)
      into(0, node.items, false);
  };
  visit(flatten(root), [], '', false, false);
  return out;
}
