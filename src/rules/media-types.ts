/**
 * @module The media types a successful answer may be labelled with: JSON (RFC 8259/6839) and the JSON
 * Lines listings of §4.5/§4.7, judged alike by the suites and the proxy.
 */
import { mediaTypeOf } from '../core/values.js';

/**
 * The JSON Lines media types in use. None is registered with IANA, so each spelling here is one a
 * documented source names or servers send: jsonlines.org and the evaluation-record service, the
 * NDJSON spec (Elasticsearch, Ollama, FastAPI), its `x-`-less form, AWS SageMaker, Scrapinghub, and
 * Azure OpenAI's sample app. Spellings no one sends (`application/x-jsonl`) are left out.
 */
export const JSONL_MEDIA_TYPES: readonly string[] = [
  'application/jsonl',
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonlines',
  'application/x-jsonlines',
  'application/json-lines',
];

/** The convention the JSON Lines content-type checks and rules name. */
export const JSONL_CONVENTION =
  'evaluation-record service listings are application/jsonl; the other JSON Lines media types in use are accepted';

/** Whether a Content-Type value (parameters and case aside) names one of the JSON Lines media types in use. */
export function isJsonlMediaType(contentType: string | undefined): boolean {
  return JSONL_MEDIA_TYPES.includes(mediaTypeOf(contentType));
}

/** Whether a Content-Type value names JSON: `application/json` or a structured `+json` type (RFC 6839). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = mediaTypeOf(contentType);
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
