/** @module Shared helpers of the schema tests: fixture loading and schema traversal by property path. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { packageRoot } from '../../src/core/package-root.js';
import { SCHEMA_BASE, type JsonSchema, type SchemaRegistry } from '../../src/schemas/registry.js';

export const ROOT = packageRoot();

export interface JsonFile {
  /** Path relative to the package root, `/`-separated. */
  readonly file: string;
  readonly value: unknown;
}

/** Every `*.json` under `dir` (relative to the package root), sorted. */
export function readJsonFiles(dir: string): JsonFile[] {
  const out: JsonFile[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json'))
        out.push({
          file: relative(ROOT, full).split(sep).join('/'),
          value: JSON.parse(readFileSync(full, 'utf8')) as unknown,
        });
    }
  };
  walk(join(ROOT, dir));
  return out.sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** An invalid example: the schema it must fail, the ajv keyword it must fail with, and where. */
export interface InvalidCase {
  readonly schema: string;
  readonly keyword: string;
  readonly instancePath?: string;
  readonly value: unknown;
}

export function isInvalidCase(value: unknown): value is InvalidCase {
  const v = value as Partial<InvalidCase> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.schema === 'string' && typeof v.keyword === 'string' && 'value' in v
  );
}

type Schema = JsonSchema | boolean;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema together with the URL its relative `$ref`s resolve against. */
interface Located {
  readonly schema: Schema;
  readonly base: string;
}

/**
 * Walks schemas by property name, through `$ref`, `allOf`/`anyOf`/`oneOf` and (for arrays) `items`,
 * so a test can ask "which property names does the schema at `usage` allow?" however the schema is
 * factored.
 */
export class SchemaWalker {
  constructor(private readonly reg: SchemaRegistry) {}

  private deref(ref: string, base: string): Located {
    const url = new URL(ref, base);
    const doc = url.href.split('#')[0] as string;
    if (!doc.startsWith(SCHEMA_BASE)) throw new Error(`$ref outside the registry: ${url.href}`);
    let schema: unknown = this.reg.schema(doc.slice(SCHEMA_BASE.length).replace(/\.json$/, ''));
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    for (const part of pointer.split('/').slice(1))
      schema = (schema as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (schema === undefined) throw new Error(`dangling $ref ${url.href}`);
    return { schema: schema as Schema, base: doc };
  }

  /** The schema and every subschema it is made of (through $ref and the combinators). */
  private expand(located: Located): Located[] {
    const { schema, base } = located;
    if (!isObject(schema)) return [located];
    const out: Located[] = [located];
    if (typeof schema.$ref === 'string') out.push(...this.expand(this.deref(schema.$ref, base)));
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = schema[key];
      if (Array.isArray(list)) for (const sub of list) out.push(...this.expand({ schema: sub as Schema, base }));
    }
    return out;
  }

  /** Where arrays are met on the way, steps into `items`. */
  private elements(located: Located): Located[] {
    const out: Located[] = [];
    for (const l of this.expand(located)) {
      if (isObject(l.schema) && l.schema.items !== undefined)
        out.push(...this.expand({ schema: l.schema.items as Schema, base: l.base }));
      else out.push(l);
    }
    return out;
  }

  /** The property names allowed at `path` (dot-separated property names; arrays are stepped through). */
  propertyNames(name: string, path = ''): Set<string> {
    let current: Located[] = [{ schema: this.reg.schema(name), base: SCHEMA_BASE + name + '.json' }];
    for (const step of path.split('.').filter(Boolean)) {
      const next: Located[] = [];
      for (const l of current.flatMap((c) => this.elements(c))) {
        const props = isObject(l.schema) ? l.schema.properties : undefined;
        if (isObject(props) && props[step] !== undefined) next.push({ schema: props[step] as Schema, base: l.base });
      }
      if (next.length === 0) throw new Error(`${name}: no property ${step} on the way to ${path}`);
      current = next;
    }
    const names = new Set<string>();
    for (const l of current.flatMap((c) => this.elements(c))) {
      const props = isObject(l.schema) ? l.schema.properties : undefined;
      if (isObject(props)) for (const key of Object.keys(props)) names.add(key);
    }
    return names;
  }
}
