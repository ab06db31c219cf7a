/** @module Validation against the shared schemas, ajv's errors turned into FastAPI's `detail[]` (§7) or vLLM's message. */
import type { ErrorObject } from 'ajv';
import { instanceSegments } from '../../src/schemas/fields.js';
import { registry, type SchemaName } from '../../src/schemas/registry.js';
import type { DetailItem } from '../errors.js';
import { plural } from '../../src/core/words.js';

export function validateInOrder(names: readonly SchemaName[], value: unknown): ErrorObject[] | undefined {
  const reg = registry();
  for (const name of names) {
    const result = reg.validate(name, value);
    if (!result.ok) return usefulErrors(result.errors);
  }
  return undefined;
}

/** Validates against every schema and merges their errors, each place and keyword once, as FastAPI reports them. */
export function validateAll(names: readonly SchemaName[], value: unknown): ErrorObject[] | undefined {
  const reg = registry();
  const out = new Map<string, ErrorObject>();
  for (const name of names) {
    const result = reg.validate(name, value);
    if (result.ok) continue;
    for (const e of usefulErrors(result.errors)) {
      const key = `${pathOf(e).join('/')}|${e.keyword}`;
      if (!out.has(key)) out.set(key, e);
    }
  }
  return out.size ? [...out.values()] : undefined;
}

/** Drops the noise of `allErrors` over unions: the `anyOf` summary and the "is not null" branch. */
function usefulErrors(errors: ErrorObject[]): ErrorObject[] {
  const kept = errors.filter(
    (e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && !(e.keyword === 'type' && e.params.type === 'null'),
  );
  const seen = new Set<string>();
  return (kept.length > 0 ? kept : errors).filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${fieldOf(e) ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The JSON path of the offending value as segments (a missing property appended). */
function pathOf(e: ErrorObject): string[] {
  return instanceSegments(e.instancePath, fieldOf(e));
}

function fieldOf(e: ErrorObject): string | undefined {
  return e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
}

const PYDANTIC_TYPES: Record<string, [type: string, msg: string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['float_type', 'Input should be a valid number'],
  integer: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  array: ['list_type', 'Input should be a valid list'],
};

/** Pydantic's wording for an ajv error, so 422 bodies read like FastAPI's. */
function pydantic(e: ErrorObject): [type: string, msg: string] {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return ['missing', 'Field required'];
    case 'type': {
      const first =
        String(p.type)
          .split(',')
          .find((t) => t !== 'null') ?? 'string';
      return PYDANTIC_TYPES[first] ?? ['type_error', `Input should be ${String(p.type)}`];
    }
    case 'format':
      return p.format === 'uuid'
        ? ['uuid_parsing', 'Input should be a valid UUID']
        : ['value_error', `Input should be a valid ${String(p.format)}`];
    case 'enum':
    case 'const': {
      const allowed = (Array.isArray(p.allowedValues) ? p.allowedValues : [p.allowedValue]).filter((v) => v !== null);
      return ['literal_error', `Input should be ${allowed.map((v) => `'${String(v)}'`).join(' or ')}`];
    }
    case 'minimum':
      return ['greater_than_equal', `Input should be greater than or equal to ${String(p.limit)}`];
    case 'exclusiveMinimum':
      return ['greater_than', `Input should be greater than ${String(p.limit)}`];
    case 'maximum':
      return ['less_than_equal', `Input should be less than or equal to ${String(p.limit)}`];
    case 'exclusiveMaximum':
      return ['less_than', `Input should be less than ${String(p.limit)}`];
    case 'minLength':
      return ['string_too_short', `String should have at least ${plural(p.limit as number, 'character')}`];
    case 'minItems':
      return ['too_short', `List should have at least ${plural(p.limit as number, 'item')}`];
    default:
      return ['value_error', e.message ?? 'Invalid value'];
  }
}

/** §7 `detail[]` items; `loc` is all strings (array indices too), as §7 states `loc` is array of string. */
export function toDetail(errors: readonly ErrorObject[], where: 'body' | 'query' | 'path'): DetailItem[] {
  return errors.map((e) => {
    const [type, msg] = pydantic(e);
    return { loc: [where, ...pathOf(e)], msg, type };
  });
}

/** vLLM-style: one message naming each offending field, and `param` the first field's dotted path. */
export function toOpenAI(errors: readonly ErrorObject[]): { message: string; param: string | null } {
  const parts = errors.map((e) => `${pathOf(e).join('.') || 'body'}: ${pydantic(e)[1]}`);
  const first = errors[0];
  return {
    message: `${plural(errors.length, 'validation error')} for ChatCompletionRequest: ${parts.join('; ')}`,
    param: first ? pathOf(first).join('.') || null : null,
  };
}
