/**
 * @module Reading a JSON request body the way each family's server does (docs/conventions.md): vLLM
 * answers 415 for a non-JSON media type and 400 for an unreadable body; FastAPI answers 422 with
 * `detail[]` (it parses a body without a content type as JSON, as FastAPI does).
 */
import { isAscii } from 'node:buffer';
import { openaiError, unsupportedMediaType, validationError } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { Family } from './family.js';
import { mediaTypeOf } from '../../src/core/values.js';

type JsonObject = Record<string, unknown>;
export type BodyResult = { ok: true; value: JsonObject } | { ok: false; response: MockResponse };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as text; invalid UTF-8 throws. ASCII (nearly every body) needs no validation. */
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

/** A body read as JSON: its value, or why it has none (too deep; not UTF-8 or not JSON, with the position). */
type Parsed = { value: unknown } | { tooDeep: true } | { position: string };

/** Each request's body read once, whoever asks first (a script's match, then the route). */
const parsedBodies = new WeakMap<MockRequest, Parsed>();

function parsedBody(req: MockRequest, bytes: Uint8Array): Parsed {
  let parsed = parsedBodies.get(req);
  if (parsed) return parsed;
  try {
    const text = decodeBody(bytes);
    // Nesting deeper than the limit needs at least two bytes a level: short bodies cannot be too deep.
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

/**
 * The body as JSON (any value), or undefined when there is none or it is not JSON, for readers that
 * only look (a script's match, a fixture's key): read once per body among recent bodies (a client
 * under load test sends the same few), the value shared by the requests that sent it.
 */
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

/** Recent bodies read by `jsonBodyOf`, by `bodyKey`. */
const sharedBodies = new Map<string, Parsed>();
const MAX_SHARED_BODIES = 64;
/** Longer bodies get no key (their parsing is not what a load test measures). */
const MAX_KEYED_BODY = 16 * 1024;

let lastBytes: Uint8Array | undefined;
let lastKey = '';
/** A copy of the bytes `lastKey` was made from. */
let keyBytes: Buffer = Buffer.alloc(0);

/**
 * A body's bytes as latin1 text (one character a byte: equal keys, equal bytes), the key of the
 * caches of recent bodies; undefined past `MAX_KEYED_BODY`. The last one is remembered: the script
 * match and the route ask for the same request's, and a body equal to the last one (a client under
 * load test sends the same body again and again) gets the very same string, whose hash the caches'
 * maps have computed already (hashing a few hundred characters costs more than comparing the bytes).
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

/** Parses the body as a JSON object, or answers the family's error. */
export function readJsonObject(req: MockRequest, family: Family): BodyResult {
  const type = mediaTypeOf(req.headers['content-type']);
  const fail = (openai: MockResponse, detail: Parameters<typeof validationError>[0]): BodyResult => ({
    ok: false,
    response: family === 'openai' ? openai : validationError(detail),
  });
  if (family === 'openai' ? !isJsonMediaType(type) : type !== '' && !isJsonMediaType(type)) {
    return fail(unsupportedMediaType(), [
      {
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        type: 'model_attributes_type',
      },
    ]);
  }
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(openaiError(400, 'The request body must be a JSON object'), [
      {
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        type: 'model_attributes_type',
      },
    ]);
  }
  return { ok: true, value: value as JsonObject };
}
