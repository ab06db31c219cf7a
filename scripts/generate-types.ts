/** @module Generates `src/generated/types.ts` from the bundled schemas: a type is declared once however many schemas reference it. */
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { packageRoot } from '../src/core/package-root.js';
import type { GeneratedFile } from './generators.js';
import { bundleSchemas, loadSchemaFiles, type JsonObject } from './schema-bundle.js';

const TYPES_PATH = 'src/generated/types.ts';

const BANNER = `/* eslint-disable */
/**
 * GENERATED FILE, DO NOT EDIT. Source: schemas/**.json (the single source of truth).
 * Regenerate with \`npm run generate\`; \`npm run check:generated\` fails when this file drifts.
 * Generator: scripts/generate-types.ts (json-schema-to-typescript).
 */`;

/** The name json-schema-to-typescript gives the (otherwise empty) root of the bundle; removed after. */
const ROOT = '__SchemaBundleRoot';

/** Keywords that make a schema say something about the value's type; a schema with none is "any JSON value". */
const TYPE_KEYWORDS = [
  'type',
  'properties',
  'items',
  'prefixItems',
  'additionalProperties',
  '$ref',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'not',
  'if',
];

/**
 * Prepares one bundled schema for json-schema-to-typescript: `x-spec-section`, `x-convention` and
 * `default` folded into the JSDoc; a `$ref`'s siblings dropped (they would make a numbered copy of the
 * type); a schema with no type keyword typed `unknown` (not an object with an index signature).
 */
function prepare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prepare);
  if (typeof value !== 'object' || value === null) return value;
  const schema = value as JsonObject;
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'x-spec-section' || key === 'x-convention') continue;
    out[key] =
      key === 'properties' || key === '$defs'
        ? mapValues(child)
        : key === 'default' || key === 'examples' || key === 'const' || key === 'enum'
          ? child
          : prepare(child);
  }
  const notes: string[] = [];
  if (typeof schema['x-spec-section'] === 'string') notes.push(`Interface: ${schema['x-spec-section']}.`);
  if (typeof schema['x-convention'] === 'string') notes.push(`Convention (SHOULD level): ${schema['x-convention']}.`);
  if ('default' in schema) notes.push(`Default: \`${JSON.stringify(schema.default)}\`.`);
  if (notes.length > 0) {
    out.description = [typeof schema.description === 'string' ? schema.description : undefined, notes.join(' ')]
      .filter(Boolean)
      .join('\n\n');
  }
  if (!TYPE_KEYWORDS.some((k) => k in schema)) out.tsType = 'unknown';
  return out;
}

function mapValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, prepare(v)]));
}

/** Builds the content of `src/generated/types.ts` from the schemas under `dir`. */
async function generateTypes(dir: string = join(packageRoot(), 'schemas')): Promise<string> {
  const { components } = bundleSchemas(loadSchemaFiles(dir), (component) => `#/$defs/${component}`);
  const defs: JsonObject = {};
  for (const [name, schema] of Object.entries(components)) defs[name] = prepare({ ...schema, title: name });
  const root = { title: ROOT, type: 'object', additionalProperties: false, $defs: defs };
  const ts = await compile(root as Parameters<typeof compile>[0], ROOT, {
    bannerComment: BANNER,
    unreachableDefinitions: true,
    additionalProperties: true,
    strictIndexSignatures: false,
    unknownAny: true,
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
    declareExternallyReferenced: true,
    $refOptions: { resolve: { external: false } },
  });
  // Only the schemas' own types: the empty root and the "referenced by the root" notes are dropped.
  const withoutRoot = ts
    .replace(new RegExp(`export interface ${ROOT} \\{\\}\\n\\n?`), '')
    .replace(
      new RegExp(
        `\\n \\*(\\n \\*)? This interface was referenced by \`${ROOT}\`'s JSON-Schema\\n \\* via the \`definition\` "\\w+"\\.`,
        'g',
      ),
      '',
    )
    .replace(/^\/\*\*\n \*\/\n/gm, '');
  if (withoutRoot.includes(ROOT)) throw new Error('generate-types: the bundle root leaked into the output');
  return withoutRoot;
}

export async function typesGenerator(): Promise<GeneratedFile[]> {
  return [{ path: TYPES_PATH, content: await generateTypes() }];
}
