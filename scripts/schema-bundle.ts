/** @module Bundles every schema under `schemas/` into named components, each `$ref` rewritten, for the generated types and OpenAPI. */
import { loadRegistry, SCHEMA_BASE } from '../src/schemas/registry.js';
import { isJsonObject } from '../src/core/values.js';

export type JsonObject = { [key: string]: unknown };

/** One schema file: its registry name (path under `schemas/` without `.json`). */
export interface SchemaFile {
  readonly name: string;
  readonly schema: JsonObject;
}

export interface SchemaBundle {
  /** Component name → schema copy with `$id`, `$schema` and `$defs` removed and `$ref`s rewritten. */
  readonly components: Readonly<Record<string, JsonObject>>;
  /** Registry name (`chat/chat-completion-request`) → component name (`ChatCompletionRequest`). */
  readonly componentOf: ReadonlyMap<string, string>;
}

/** Reads every `*.json` under `dir`, sorted by registry name (deterministic output). */
export function loadSchemaFiles(dir: string): SchemaFile[] {
  const registry = loadRegistry(dir, { standalone: false });
  return registry.names.map((name) => ({ name, schema: registry.schema(name) }));
}

/** A schema's `title` when it is an identifier, else the PascalCase of `fallback` (`report/run-report` → `ReportRunReport`). */
function componentName(title: unknown, fallback: string): string {
  if (typeof title === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(title)) return title;
  return fallback
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** Keywords the bundler does not take below a schema's root. */
const NESTED_UNSUPPORTED = new Set(['$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$defs']);

/** Keywords whose value maps names (property names, definition names) to subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/**
 * Deep copy of a schema, calling `onRef` for every `$ref` (its return value replaces it). Keys of
 * `properties` and the like are names, not keywords, so a property called `$ref` or `$id` is kept.
 */
function rewriteRefs(value: unknown, onRef: (ref: string) => string, where: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, onRef, where));
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') out[key] = onRef(child);
    else if (NESTED_UNSUPPORTED.has(key)) {
      throw new Error(`${where}: nested ${key} is not supported by the bundler`);
    } else if (SCHEMA_MAPS.has(key) && isJsonObject(child)) {
      out[key] = Object.fromEntries(
        Object.entries(child).map(([name, sub]) => [name, rewriteRefs(sub, onRef, `${where}/${key}/${name}`)]),
      );
    } else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = child;
    else out[key] = rewriteRefs(child, onRef, where);
  }
  return out;
}

/** Bundles `files`; `refTo(component)` gives the `$ref` to a component (`#/$defs/X`, `#/components/schemas/X`). */
export function bundleSchemas(files: readonly SchemaFile[], refTo: (component: string) => string): SchemaBundle {
  // 1. Name every file and every hoisted $defs entry, by absolute URL.
  const nameOfUrl = new Map<string, string>();
  const componentOf = new Map<string, string>();
  const taken = new Set<string>();
  const claim = (component: string, url: string): void => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(component))
      throw new Error(`${url}: component name ${JSON.stringify(component)} is not an identifier (set a title)`);
    if (taken.has(component))
      throw new Error(`${url}: component name ${component} is used twice (titles must be unique)`);
    taken.add(component);
    nameOfUrl.set(url, component);
  };
  for (const { name, schema } of files) {
    const url = SCHEMA_BASE + name + '.json';
    if (schema.$id !== url) throw new Error(`schema ${name}: $id must be ${url}`);
    const fileComponent = componentName(schema.title, name);
    claim(fileComponent, url);
    componentOf.set(name, fileComponent);
    const defs = schema.$defs;
    if (isJsonObject(defs)) {
      for (const [key, def] of Object.entries(defs))
        claim(
          componentName(isJsonObject(def) ? def.title : undefined, fileComponent + '/' + key),
          `${url}#/$defs/${key}`,
        );
    }
  }

  // 2. Copy each schema, rewriting refs against the file's own $id.
  const components: Record<string, JsonObject> = {};
  for (const { name, schema } of files) {
    const base = SCHEMA_BASE + name + '.json';
    const onRef = (ref: string): string => {
      const target = new URL(ref, base).href;
      const component = nameOfUrl.get(target.endsWith('#') ? target.slice(0, -1) : target);
      if (!component)
        throw new Error(`schema ${name}: $ref ${ref} (${target}) is neither a schema file nor one of its $defs`);
      return refTo(component);
    };
    const { $id: _id, $schema: _dialect, $defs: defs, ...rest } = schema;
    components[componentOf.get(name) as string] = rewriteRefs(rest, onRef, name) as JsonObject;
    if (isJsonObject(defs)) {
      for (const [key, def] of Object.entries(defs)) {
        const component = nameOfUrl.get(`${base}#/$defs/${key}`) as string;
        components[component] = rewriteRefs(def, onRef, `${name}#/$defs/${key}`) as JsonObject;
      }
    }
  }
  const sorted: Record<string, JsonObject> = {};
  for (const key of Object.keys(components).sort()) sorted[key] = components[key] as JsonObject;
  return { components: sorted, componentOf };
}
