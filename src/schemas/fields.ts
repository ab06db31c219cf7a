/** @module Every field a schema names, by its path (`messages[].role`; `[]`: any element). */
import { SCHEMA_BASE, type JsonSchema, type SchemaName, type SchemaRegistry } from './registry.js';

export interface SchemaField {
  readonly path: string;
  /** Its parent object lists it in `required`. */
  readonly required: boolean;
  /** A constraint beyond its JSON type a request can break: enum, const, bounds, format, length, pattern, item counts. */
  readonly constrained: boolean;
  /** Values the schema names (`enum`, `const`, `examples`), nulls left out. */
  readonly values: readonly (string | number | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** The value must be one of a list (`enum`, `const`). */
  readonly enumerated: boolean;
  /** A `format` the value must have (`uuid`, `iso-date-time`). */
  readonly format?: string;
}

/** Keywords that constrain a value beyond its type. */
const CONSTRAINT_KEYWORDS = [
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

interface Located {
  readonly node: JsonSchema;
  /** The `$id` the node's relative `$ref`s resolve against. */
  readonly base: string;
}

/** The schema a `$ref` points to, across files of the registry. */
function resolveRef(ref: string, base: string, schemas: SchemaRegistry): Located {
  const url = new URL(ref, base);
  const fileId = url.href.replace(/#.*$/, '');
  const name = fileId.startsWith(SCHEMA_BASE) ? fileId.slice(SCHEMA_BASE.length).replace(/\.json$/, '') : fileId;
  let node: unknown = schemas.schema(name);
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  for (const part of pointer.split('/').filter(Boolean))
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (typeof node !== 'object' || node === null)
    throw new Error(`schema reference ${ref} (from ${base}) resolves to nothing`);
  return { node: node as JsonSchema, base: fileId };
}

/** The node and every node it is made of (`$ref` targets, union branches), flattened. */
function parts(at: Located, schemas: SchemaRegistry, seen: Set<JsonSchema> = new Set()): Located[] {
  if (seen.has(at.node)) return [];
  seen.add(at.node);
  const out: Located[] = [at];
  if (typeof at.node.$ref === 'string') out.push(...parts(resolveRef(at.node.$ref, at.base, schemas), schemas, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = at.node[key];
    if (Array.isArray(branches))
      for (const b of branches) out.push(...parts({ node: b as JsonSchema, base: at.base }, schemas, seen));
  }
  return out;
}

function describeField(path: string, nodes: readonly JsonSchema[], required: boolean): SchemaField {
  const values = new Set<string | number | boolean>();
  let minimum: number | undefined;
  let maximum: number | undefined;
  let format: string | undefined;
  for (const n of nodes) {
    if (typeof n.format === 'string') format = n.format;
    for (const v of [
      ...(Array.isArray(n.enum) ? n.enum : []),
      ...('const' in n ? [n.const] : []),
      ...(Array.isArray(n.examples) ? n.examples : []),
    ]) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.add(v);
    }
    if (typeof n.minimum === 'number') minimum = n.minimum;
    if (typeof n.maximum === 'number') maximum = n.maximum;
  }
  const constrained = required || nodes.some((n) => CONSTRAINT_KEYWORDS.some((k) => k in n));
  const enumerated = nodes.some((n) => 'enum' in n || 'const' in n);
  return {
    path,
    required,
    constrained,
    enumerated,
    values: [...values],
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
    ...(format !== undefined ? { format } : {}),
  };
}

/** Depth beyond which a self-referencing schema stops being unfolded. */
const MAX_DEPTH = 12;

/** Every field of a schema of the registry, in schema order, parents before children. */
export function schemaFields(schemas: SchemaRegistry, name: SchemaName): SchemaField[] {
  const fields = new Map<string, { nodes: JsonSchema[]; required: boolean }>();
  const walk = (at: Located, path: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const all = parts(at, schemas);
    const required = new Set(all.flatMap((p) => (Array.isArray(p.node.required) ? (p.node.required as string[]) : [])));
    for (const p of all) {
      const props = p.node.properties as Record<string, JsonSchema> | undefined;
      for (const [key, child] of Object.entries(props ?? {})) {
        const childPath = path ? `${path}.${key}` : key;
        const childParts = parts({ node: child, base: p.base }, schemas);
        const entry = fields.get(childPath) ?? { nodes: [], required: false };
        entry.nodes.push(...childParts.map((c) => c.node));
        entry.required ||= required.has(key);
        fields.set(childPath, entry);
        walk({ node: child, base: p.base }, childPath, depth + 1);
      }
      const items = p.node.items;
      if (items && typeof items === 'object' && !Array.isArray(items))
        walk({ node: items as JsonSchema, base: p.base }, `${path}[]`, depth + 1);
    }
  };
  const root = schemas.schema(name);
  walk({ node: root, base: String(root.$id) }, '', 0);
  return [...fields].map(([path, f]) => describeField(path, f.nodes, f.required));
}

/** Paths of every field present in a value (`null` counts as present: the target stated it), array elements as `[]`. */
export function presentPaths(value: unknown, into: Set<string> = new Set(), prefix = ''): Set<string> {
  if (Array.isArray(value)) {
    for (const el of value) presentPaths(el, into, `${prefix}[]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      const path = prefix ? `${prefix}.${k}` : k;
      into.add(path);
      presentPaths(v, into, path);
    }
  }
  return into;
}

/** The value at a field path (the first element where the path crosses arrays), or undefined. */
export function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const step of path.split('.')) {
    const arrays = step.match(/(\[\])+$/)?.[0] ?? '';
    const key = step.slice(0, step.length - arrays.length);
    current = current.flatMap((v) =>
      v !== null && typeof v === 'object' && !Array.isArray(v) && key in v ? [(v as Record<string, unknown>)[key]] : [],
    );
    for (let i = 0; i < arrays.length / 2; i++) current = current.flatMap((v) => (Array.isArray(v) ? v : []));
  }
  return current;
}

/** The segments of an ajv `instancePath` (`/messages/0/role`), and `missing` (a required property) after them. */
export function instanceSegments(instancePath: string, missing?: string): string[] {
  const segments =
    instancePath === ''
      ? []
      : instancePath
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return missing === undefined ? segments : [...segments, missing];
}

/** An ajv `instancePath` (`/messages/0/role`) as a field path (`messages[].role`); `missing` appends a required property. */
export function fieldPathOf(instancePath: string, missing?: string): string {
  let out = '';
  for (const s of instanceSegments(instancePath, missing)) out = /^\d+$/.test(s) ? `${out}[]` : out ? `${out}.${s}` : s;
  return out;
}
