/** @module Recognising error bodies: the §7 shape and the conventions real servers of this interface use. */
import type { SchemaRegistry } from '../schemas/registry.js';

export type ErrorShape = 'validation-error' | 'openai-error' | 'not-found' | 'other-json' | 'not-json';

/** Which known shape an error body has (§7 `detail[]` first). */
export function errorShape(json: unknown, schemas: SchemaRegistry): ErrorShape {
  if (json === undefined) return 'not-json';
  if (schemas.validate('errors/validation-error', json).ok) return 'validation-error';
  if (schemas.validate('errors/openai-error', json).ok) return 'openai-error';
  if (schemas.validate('errors/not-found-error', json).ok) return 'not-found';
  return 'other-json';
}
