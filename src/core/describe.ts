/** @module One-line descriptions of what a target did, for `actual` in failures. */
import type { ErrorObject } from 'ajv';
import type { HttpExchange } from '../transport/types.js';

const EXCERPT = 300;

export function excerpt(text: string, limit = EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}…` : flat;
}

/** `HTTP 500 (application/json): {"error":…}` */
export function describeResponse(ex: HttpExchange): string {
  const ct = ex.response.headers['content-type'];
  const body = ex.response.bodyText.length ? `: ${excerpt(ex.response.bodyText)}` : ' with an empty body';
  return `HTTP ${ex.response.status}${ct ? ` (${ct})` : ''}${body}`;
}

/** What ajv's message leaves out: the allowed values, or the name of the unexpected property. */
function detailOf(e: ErrorObject): string {
  if (e.keyword === 'enum') return ` ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}`;
  if (e.keyword === 'additionalProperties')
    return ` ("${String((e.params as { additionalProperty?: unknown }).additionalProperty)}" is not one of them)`;
  return '';
}

/** ajv errors as `at /choices/0/index: must be integer; …`. */
export function describeSchemaErrors(errors: readonly ErrorObject[], limit = 5): string {
  const lines = errors
    .slice(0, limit)
    .map((e) => `at ${e.instancePath || '/'}: ${e.message ?? e.keyword}${detailOf(e)}`);
  return lines.join('; ') + (errors.length > limit ? `; and ${errors.length - limit} more` : '');
}
