/**
 * @module Error bodies: which known shape a JSON value wears (docs/conventions.md), and whether an
 * error body has the shape expected of it, so the suites and the proxy judge every body alike.
 */
import type { RecordKind } from '../core/record-kinds.js';
import { isJsonObject, jsonOrUndefined } from '../core/values.js';
import type { SchemaRegistry } from '../schemas/registry.js';

/** The error shapes in use, named by where they come from. */
export type ErrorShape = 'fastapi-validation' | 'fastapi-detail' | 'openai-envelope' | 'vllm-flat' | 'reason';

export type ErrorBodyExpectation =
  /** The validation-error body only, `detail[]` of `{loc, msg, type}`: §7 (trajectory logging), FastAPI query validation. */
  | 'validation-error'
  /** Any complete shape a rejection of a request body comes in: FastAPI's two, the OpenAI envelope, vLLM's flat object. */
  | 'body-rejection';

export type ErrorBodyVerdict =
  | { readonly ok: true; readonly shape: ErrorShape }
  /** `problem`: one sentence, without the body itself (callers add their evidence). */
  | { readonly ok: false; readonly problem: string };

/** The convention the SHOULD error-shape check and rule name. */
export const ERROR_SHAPE_CONVENTION =
  "FastAPI error shapes, the OpenAI error envelope or vLLM's flat error object (docs/conventions.md)";

/** Which error shape a JSON value wears, read from its keys alone (complete or not). */
export function errorShapeOf(value: unknown): ErrorShape | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.object === 'error') return 'vllm-flat';
  if ('error' in value) return 'openai-envelope';
  if ('detail' in value) return Array.isArray(value.detail) ? 'fastapi-validation' : 'fastapi-detail';
  if ('reason' in value) return 'reason';
  return undefined;
}

/** The message an error body carries, whatever its shape, or '' when none. */
export function errorMessageOf(json: unknown): string {
  if (typeof json === 'string') return json;
  if (!isJsonObject(json)) return '';
  if (isJsonObject(json.error)) return String(json.error.message ?? '');
  if (typeof json.message === 'string') return json.message;
  if (typeof json.reason === 'string') return json.reason;
  if (typeof json.detail === 'string') return json.detail;
  if (Array.isArray(json.detail))
    return json.detail.map((d) => String(isJsonObject(d) ? (d.msg ?? '') : '')).join('; ');
  return '';
}

/** Marks of a server's internals in an error message: a Python traceback, a JS stack, an exception dump. */
const INTERNALS = [
  /Traceback \(most recent call last\)/,
  /File "[^"]+\.py", line \d+/,
  /^\s+at .+\(.+:\d+:\d+\)$/m,
  /\b[A-Z]\w*(Error|Exception): .*\n\s+(at|File) /,
];

/** Whether an error text carries the server's internals (OWASP: no stack traces to clients): the breach, or undefined. */
export function internalsIn(text: string): string | undefined {
  const leak = INTERNALS.find((re) => re.test(text));
  return leak ? `the body carries a stack trace or exception dump (${leak.source})` : undefined;
}

/** An error shape carrying none of the record's fields (a record may have a `detail` or `reason` of its own). */
export function isErrorObject(kind: RecordKind, obj: Record<string, unknown>): boolean {
  if (kind.fields.some((f) => f in obj)) return false;
  return errorShapeOf(obj) !== undefined;
}

/**
 * What an OpenAI-style error lacks of the four fields vLLM always sends: `message` and `type`
 * (strings), `param` (a string or null) and `code` (a string, an integer or null), present even
 * when null. Read from the nested `{error: {…}}` or the flat `{object: "error", …}`.
 */
export function openAiEnvelopeGaps(json: unknown): string[] {
  const body = isJsonObject(json) ? json : {};
  const fields = isJsonObject(body.error) ? body.error : body;
  const gaps: string[] = [];
  if (typeof fields.message !== 'string') gaps.push('`message` (a string)');
  if (typeof fields.type !== 'string') gaps.push('`type` (a string)');
  if (!('param' in fields)) gaps.push('`param`');
  else if (fields.param !== null && typeof fields.param !== 'string') gaps.push('`param` (a string or null)');
  if (!('code' in fields)) gaps.push('`code`');
  else if (fields.code !== null && typeof fields.code !== 'string' && !Number.isInteger(fields.code))
    gaps.push('`code` (a string, an integer or null)');
  return gaps;
}

/** ajv's errors as `at /detail/0/loc: must be array; …`. */
function schemaErrors(errors: readonly { instancePath: string; message?: string; keyword: string }[]): string {
  const shown = errors.slice(0, 3).map((e) => `at ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
  return shown.join('; ') + (errors.length > 3 ? `; and ${errors.length - 3} more` : '');
}

const ok = (shape: ErrorShape): ErrorBodyVerdict => ({ ok: true, shape });
const wrong = (problem: string): ErrorBodyVerdict => ({ ok: false, problem });

/** Judges an error body (its text, as received) against what is expected of it. */
export function judgeErrorBody(
  text: string,
  expectation: ErrorBodyExpectation,
  schemas: Pick<SchemaRegistry, 'validate'>,
): ErrorBodyVerdict {
  if (text.trim() === '') return wrong('the error body is empty, not JSON');
  const value = jsonOrUndefined(text);
  if (value === undefined) return wrong('the error body is not JSON');
  if (!isJsonObject(value))
    return wrong(
      `the error body is ${Array.isArray(value) ? 'a JSON array' : `the JSON ${value === null ? 'null' : typeof value}`}, not an object`,
    );
  const shape = errorShapeOf(value);
  if (expectation === 'validation-error' || shape === 'fastapi-validation') {
    const v = schemas.validate('errors/validation-error', value);
    if (v.ok) return ok('fastapi-validation');
    return wrong(
      shape === 'fastapi-validation'
        ? `a FastAPI \`detail[]\` whose items are not all {loc (an array), msg, type (strings)}: ${schemaErrors(v.errors)}`
        : `not the validation-error body {detail: [{loc, msg, type}]}: ${schemaErrors(v.errors)}`,
    );
  }
  switch (shape) {
    case 'fastapi-detail':
      return typeof value.detail === 'string'
        ? ok(shape)
        : wrong('`detail` is neither an array of {loc, msg, type} nor a string');
    case 'openai-envelope':
    case 'vllm-flat': {
      if (shape === 'openai-envelope' && !isJsonObject(value.error))
        return wrong('the OpenAI error envelope has an `error` that is not an object');
      const gaps = openAiEnvelopeGaps(value);
      if (gaps.length === 0) return ok(shape);
      const what = shape === 'vllm-flat' ? 'the flat vLLM error object' : 'the OpenAI error envelope';
      return wrong(
        `${what} lacks ${gaps.join(', ')} (vLLM sends message, type, param and code; param and code may be null)`,
      );
    }
    default:
      return wrong(
        'neither FastAPI\'s `detail` nor the OpenAI `{error: {message, …}}` envelope nor vLLM\'s flat `{object: "error", message, …}`',
      );
  }
}
