/** @module The schema registry: every JSON Schema under `schemas/`, loaded and compiled once (ajv, strict). */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { packageRoot } from '../core/package-root.js';

// ajv is loaded only when a schema is compiled at run time: loading it is 40 ms of start-up.
const requireHere = createRequire(import.meta.url);

/** Base of every schema `$id`: `$id` = base + path under `schemas/`. */
export const SCHEMA_BASE = 'https://conformance-suite.local/schemas/';

/** Annotation keywords our schemas carry (allowed in OpenAPI 3.1 as specification extensions). */
export const ANNOTATION_KEYWORDS = ['x-spec-section', 'x-convention'] as const;

/** Names of every schema, as its path under `schemas/` without `.json`. */
export type SchemaName =
  | 'chat/chat-message'
  | 'chat/chat-completion-request'
  | 'chat/chat-completion-response'
  | 'chat/chat-completion-chunk'
  | 'training/tool'
  | 'training/trajectory'
  | 'training/trajectory-group'
  | 'training/experimental-config'
  | 'training/training-job-create-request'
  | 'training/training-job'
  | 'training/log-trajectories-request'
  | 'training/log-trajectories-response'
  | 'records/prediction'
  | 'records/score'
  | 'records/prediction-list'
  | 'records/score-list'
  | 'errors/validation-error'
  | 'errors/openai-error'
  | 'errors/not-found-error'
  | 'params/list-query'
  | 'params/path-params'
  | 'conventions/chat-completion-request'
  | 'conventions/training-job-create-request'
  | 'conventions/log-trajectories-request'
  | 'conventions/list-query'
  | (string & {});

export type JsonSchema = Record<string, unknown>;

/** The outcome of validating a value: ajv's own error objects, kept as they are. */
type ValidationResult = { ok: true } | { ok: false; errors: ErrorObject[] };

export interface SchemaRegistry {
  /** Every schema name, sorted. */
  readonly names: readonly string[];
  /** The raw schema object (do not mutate). */
  schema(name: SchemaName): JsonSchema;
  validator(name: SchemaName): ValidateFunction;
  validate(name: SchemaName, value: unknown): ValidationResult;
  /** The ajv instance (for compiling ad-hoc schemas that $ref ours, e.g. a structured-output schema). */
  readonly ajv: Ajv2020;
}

/** Creates an ajv instance configured the way every schema of ours is compiled (`source`: keep the code, for standalone output). */
export function createAjv(options: { source?: boolean } = {}): Ajv2020 {
  const { Ajv2020: AjvClass } = requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = requireHere('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = new AjvClass({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    validateFormats: true,
    ...(options.source ? { code: { source: true } } : {}),
  });
  addFormats(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}

/** The export name of a schema's validator in the standalone module: `chat/chat-message` → `chat__chat_message`. */
export function standaloneName(name: string): string {
  return name.replace(/\//g, '__').replace(/-/g, '_');
}

/** File name of the validators compiled at build time (see build-standalone.ts), beside this module in dist/. */
export const STANDALONE_FILE = 'validators.standalone.cjs';

/** The validators compiled at build time, when this module runs from dist/ and the build wrote them. */
function standaloneValidators(): Record<string, ValidateFunction> | undefined {
  try {
    return requireHere(`./${STANDALONE_FILE}`) as Record<string, ValidateFunction>;
  } catch {
    return undefined;
  }
}

/** Every schema under `dir`, read on first need; validators from the build's standalone module if any, else compiled on use. */
export function loadRegistry(
  dir: string = join(packageRoot(), 'schemas'),
  options: { standalone?: boolean; source?: boolean } = {},
): SchemaRegistry {
  let loaded: Map<string, JsonSchema> | undefined;
  const schemas = (): Map<string, JsonSchema> => {
    if (loaded) return loaded;
    const out = new Map<string, JsonSchema>();
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.json')) continue;
      const name = file
        .split(sep)
        .join('/')
        .replace(/\.json$/, '');
      const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema;
      const expectedId = SCHEMA_BASE + name + '.json';
      if (schema.$id !== expectedId) {
        throw new Error(`schema ${name}: $id must be ${expectedId}, found ${String(schema.$id)}`);
      }
      out.set(name, schema);
    }
    return (loaded = out);
  };
  let names: readonly string[] | undefined;
  // The ajv instance holding every schema, built only when something needs it.
  let instance: Ajv2020 | undefined;
  const ajvOf = (): Ajv2020 => {
    if (!instance) {
      instance = createAjv({ source: options.source ?? false });
      for (const schema of schemas().values()) instance.addSchema(schema);
    }
    return instance;
  };
  // The build's validators (a 460 kB module) are loaded with the first validator asked for.
  let prebuilt: Record<string, ValidateFunction> | undefined | null = options.standalone === false ? null : undefined;
  const compiled = new Map<string, ValidateFunction>();
  const validator = (name: SchemaName): ValidateFunction => {
    let fn = compiled.get(name);
    if (!fn) {
      if (prebuilt === undefined) prebuilt = standaloneValidators() ?? null;
      fn = prebuilt?.[standaloneName(name)] ?? ajvOf().getSchema(SCHEMA_BASE + name + '.json');
      if (!fn) throw new Error(`unknown schema: ${name}`);
      compiled.set(name, fn);
    }
    return fn;
  };
  return {
    get names() {
      return (names ??= [...schemas().keys()].sort());
    },
    get ajv() {
      return ajvOf();
    },
    schema(name) {
      const s = schemas().get(name);
      if (!s) throw new Error(`unknown schema: ${name}`);
      return s;
    },
    validator,
    validate(name, value) {
      const fn = validator(name);
      return fn(value) ? { ok: true } : { ok: false, errors: [...(fn.errors ?? [])] };
    },
  };
}

let shared: SchemaRegistry | undefined;

/** The process-wide registry, loaded on first use. */
export function registry(): SchemaRegistry {
  return (shared ??= loadRegistry());
}
