/** @module The documents `$ref`s resolve against, stored with absolute `$ref`s. @internal */
import { registry } from '../../schemas/registry.js';

export type Schema = Record<string, unknown> | boolean;

const documents = new Map<string, Record<string, unknown>>();
const byOriginal = new WeakMap<object, Record<string, unknown>>();
let registryLoaded = false;
let adhocCounter = 0;

function absoluteRef(ref: string, base: string): string {
  if (ref.startsWith('#')) return base + ref;
  if (!URL.canParse(ref, base))
    throw new Error(`generation: cannot resolve $ref ${JSON.stringify(ref)} against ${base}`);
  return new URL(ref, base).href;
}

function absolutize(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((x) => absolutize(x, base));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // `const`, `enum`, `default` and `examples` hold data, not schemas: copy them untouched.
    if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value;
    else if (key === '$ref' && typeof value === 'string') out[key] = absoluteRef(value, base);
    else out[key] = absolutize(value, base);
  }
  return out;
}

function addDocument(original: Record<string, unknown>, id: string): Record<string, unknown> {
  const copy = absolutize(original, id) as Record<string, unknown>;
  documents.set(id, copy);
  byOriginal.set(original, copy);
  byOriginal.set(copy, copy);
  return copy;
}

function loadRegistry(): void {
  if (registryLoaded) return;
  registryLoaded = true;
  const reg = registry();
  for (const name of reg.names) {
    const schema = reg.schema(name);
    addDocument(schema, String(schema.$id));
  }
}

let fingerprint: string | undefined;
/** The registry's schemas as one text (each `$id` and content, in the registry's order): what a root's `$ref`s can reach. */
export function documentsFingerprint(): string {
  const reg = registry();
  return (fingerprint ??= reg.names.map((name) => JSON.stringify(reg.schema(name))).join('\n'));
}

/** The stored (ref-absolutized) copy of a root schema: a registry name or schema, or an ad-hoc one. */
export function rootSchema(schema: object | string): Schema {
  loadRegistry();
  if (typeof schema === 'string') {
    const doc = documents.get(registry().schema(schema).$id as string);
    if (!doc) throw new Error(`generation: unknown schema ${schema}`);
    return doc;
  }
  if (typeof schema === 'boolean') return schema;
  const known = byOriginal.get(schema);
  if (known) return known;
  return adhocDocument(schema as Record<string, unknown>);
}

/** Ad-hoc documents by content, oldest first; bounded because a server parses a new object per request. */
const adhoc = new Map<string, Record<string, unknown>>();
const ADHOC_LIMIT = 500;

function adhocDocument(s: Record<string, unknown>): Record<string, unknown> {
  const key = JSON.stringify(s);
  const known = adhoc.get(key);
  if (known) return known;
  if (typeof s.$id === 'string') {
    // A parsed copy of one of our files: the stored document serves.
    const existing = documents.get(s.$id);
    if (existing && JSON.stringify(existing) === JSON.stringify(absolutize(s, s.$id))) return existing;
  }
  // A client's `$id` never replaces one of our documents (or another client's).
  const id =
    typeof s.$id === 'string' && !documents.has(s.$id) ? s.$id : `urn:conformance-suite:adhoc:${++adhocCounter}`;
  const copy = addDocument(s, id);
  adhoc.set(key, copy);
  if (adhoc.size > ADHOC_LIMIT) {
    const [oldestKey, oldest] = adhoc.entries().next().value as [string, Record<string, unknown>];
    adhoc.delete(oldestKey);
    for (const [docId, doc] of documents) if (doc === oldest) documents.delete(docId);
  }
  return copy;
}

function unescapePointer(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Resolves an absolute `$ref` (document URL plus optional `#/json/pointer`). */
export function resolveRef(ref: string): Schema {
  loadRegistry();
  const hash = ref.indexOf('#');
  const url = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  const doc = documents.get(url);
  if (!doc) throw new Error(`generation: $ref to unknown document ${url}`);
  let node: unknown = doc;
  if (fragment !== '' && fragment !== '/') {
    if (!fragment.startsWith('/'))
      throw new Error(`generation: unsupported $ref fragment ${JSON.stringify(fragment)} (anchors are not supported)`);
    for (const token of fragment.slice(1).split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[unescapePointer(token)];
    }
  }
  if (node === undefined || (typeof node !== 'object' && typeof node !== 'boolean')) {
    throw new Error(`generation: $ref ${ref} points at nothing`);
  }
  return node as Schema;
}
