/** @module Reading a JSON request body as each family's server does (vLLM's 415/400, FastAPI's 422). */
import { isAscii } from 'node:buffer';
import { type DetailItem, openaiError, unsupportedMediaType, validationError } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { Family } from './family.js';
import { mediaTypeOf } from '../../src/core/values.js';

type JsonObject = Record<string, unknown>;
export type BodyResult = { ok: true; value: JsonObject } | { ok: false; response: MockResponse };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as text; invalid UTF-8 throws. */
function decodeBody(bytes: Uint8Array): string {
  return isAscii(bytes)
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
    : decoder.decode(bytes);
}

/** Deeper bodies are refused before parsing: later steps (hashing, validation) recurse over the value. */
const MAX_JSON_DEPTH = 256;

/** The deepest nesting of arrays and objects in JSON text (strings skipped); stops counting past `limit`. */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** A body read as JSON: its value, or why it has none. */
type Parsed = { value: unknown } | { tooDeep: true } | { position: string };

/** Each request's body read once, whoever asks first (a script's match, then the route). */
const parsedBodies = new WeakMap<MockRequest, Parsed>();

function parsedBody(req: MockRequest, bytes: Uint8Array): Parsed {
  let parsed = parsedBodies.get(req);
  if (parsed) return parsed;
  try {
    const text = decodeBody(bytes);
    parsed =
      text.length > 2 * MAX_JSON_DEPTH && jsonDepthExceeds(text, MAX_JSON_DEPTH)
        ? { tooDeep: true }
        : { value: JSON.parse(text) };
  } catch (err) {
    parsed = { position: /position (\d+)/.exec(err instanceof Error ? err.message : '')?.[1] ?? '0' };
  }
  parsedBodies.set(req, parsed);
  return parsed;
}

/** The body as JSON (any value) or undefined, for readers that only look; shared among recent equal bodies. */
export function jsonBodyOf(req: MockRequest): unknown {
  const bytes = req.body;
  if (!bytes || bytes.length === 0) return undefined;
  const key = bodyKey(bytes);
  let parsed = key === undefined ? undefined : sharedBodies.get(key);
  if (!parsed) {
    parsed = parsedBody(req, bytes);
    if (key !== undefined) {
      if (sharedBodies.size >= MAX_SHARED_BODIES) sharedBodies.delete(sharedBodies.keys().next().value as string);
      sharedBodies.set(key, parsed);
    }
  }
  return 'value' in parsed ? parsed.value : undefined;
}

const sharedBodies = new Map<string, Parsed>();
const MAX_SHARED_BODIES = 64;
const MAX_KEYED_BODY = 16 * 1024;

let lastBytes: Uint8Array | undefined;
let lastKey = '';
/** A copy of the bytes `lastKey` was made from. */
let keyBytes: Buffer = Buffer.alloc(0);

/**
 * A body's bytes as latin1 text, the key of the caches of recent bodies. A body equal to the last one
 * gets the very same string, whose hash the maps have computed already (cheaper than hashing again).
 */
export function bodyKey(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_KEYED_BODY) return undefined;
  if (bytes !== lastBytes) {
    lastBytes = bytes;
    if (bytes.length !== keyBytes.length || !keyBytes.equals(bytes)) {
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      lastKey = view.toString('latin1');
      keyBytes = Buffer.from(view);
    }
  }
  return lastKey;
}

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** FastAPI's `detail[]` for a body that is not a JSON object. */
const notAnObject = (): DetailItem[] => [
  {
    loc: ['body'],
    msg: 'Input should be a valid dictionary or object to extract fields from',
    type: 'model_attributes_type',
  },
];

export function readJsonObject(req: MockRequest, family: Family): BodyResult {
  const type = mediaTypeOf(req.headers['content-type']);
  const fail = (openai: MockResponse, detail: DetailItem[]): BodyResult => ({
    ok: false,
    response: family === 'openai' ? openai : validationError(detail),
  });
  if (family === 'openai' ? !isJsonMediaType(type) : type !== '' && !isJsonMediaType(type))
    return fail(unsupportedMediaType(), notAnObject());
  const bytes = req.body;
  if (!bytes || bytes.length === 0) {
    return fail(openaiError(400, 'The request body is empty; expected a JSON object'), [
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ]);
  }
  const parsed = parsedBody(req, bytes);
  if ('tooDeep' in parsed)
    return fail(openaiError(400, `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), [
      { loc: ['body'], msg: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, type: 'json_invalid' },
    ]);
  if ('position' in parsed)
    return fail(openaiError(400, `JSON decode error at position ${parsed.position}`), [
      { loc: ['body', parsed.position], msg: 'JSON decode error', type: 'json_invalid' },
    ]);
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(openaiError(400, 'The request body must be a JSON object'), notAnObject());
  return { ok: true, value: value as JsonObject };
}
