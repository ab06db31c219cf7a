/**
 * @module The media types a successful answer may be labelled with: JSON (RFC 8259/6839) and the JSON
 * Lines listings of §4.5/§4.7, judged alike by the suites and the proxy.
 */
import { mediaTypeOf } from '../core/values.js';

/**
 * The JSON Lines media types in use. None is registered with IANA, so servers spell the format
 * their own way; each spelling here is one a documented source names or servers send, and a
 * spelling no one sends is left out (a label nobody's reader looks for is a real interop fault):
 * - `application/jsonl`: jsonlines.org's suggestion and the evaluation-record service's own (the
 *   mock sends it);
 * - `application/x-ndjson`: the NDJSON spec's type (ndjson/ndjson-spec), sent by Elasticsearch,
 *   Ollama and many FastAPI `StreamingResponse`s;
 * - `application/ndjson`: the same without the `x-` prefix, which RFC 6648 retires (the NDJSON
 *   spec's registration issue proposes it);
 * - `application/jsonlines`: AWS SageMaker's spelling (its Python SDK's JSON Lines reader asks for it);
 * - `application/x-jsonlines`: Scrapinghub's (Scrapy Cloud) spelling;
 * - `application/json-lines`: Microsoft's Azure OpenAI sample chat app (Quart) streams with it, as do
 *   other Python and .NET back ends.
 *
 * `application/x-jsonl` and `application/x-json-lines` are left out: no server or spec we know
 * uses them. `application/json-seq` (RFC 7464) is another format (records start with RS).
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
