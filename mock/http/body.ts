/**
 * @module Reading a JSON request body the way each family's server does (conventions.md): vLLM
 * answers 415 for a non-JSON media type and 400 for an unreadable body; FastAPI answers 422 with
 * `detail[]` (it parses a body without a content type as JSON, as FastAPI does).
 */
import { openaiError, unsupportedMediaType, validationError } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { Family } from './family.js';

export type JsonObject = Record<string, unknown>;
export type BodyResult = { ok: true; value: JsonObject } | { ok: false; response: MockResponse };

const decoder = new TextDecoder('utf-8', { fatal: true });

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Parses the body as a JSON object, or answers the family's error. */
export function readJsonObject(req: MockRequest, family: Family): BodyResult {
  const type = mediaType(req.headers['content-type']);
  const fail = (openai: MockResponse, detail: Parameters<typeof validationError>[0]): BodyResult => ({
    ok: false,
    response: family === 'openai' ? openai : validationError(detail),
  });
  if (family === 'openai' ? !isJsonMediaType(type) : type !== '' && !isJsonMediaType(type)) {
    return fail(unsupportedMediaType(), [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' }]);
  }
  const bytes = req.body;
  if (!bytes || bytes.length === 0) {
    return fail(openaiError(400, 'The request body is empty; expected a JSON object'), [{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch (err) {
    const position = /position (\d+)/.exec(err instanceof Error ? err.message : '')?.[1] ?? '0';
    return fail(openaiError(400, `JSON decode error at position ${position}`), [{ loc: ['body', position], msg: 'JSON decode error', type: 'json_invalid' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(openaiError(400, 'The request body must be a JSON object'), [
      { loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' },
    ]);
  }
  return { ok: true, value: value as JsonObject };
}
