/** @module One line of a `conformance proxy --record` file (src/proxy/exchange.ts) read back, or why it is not one. */
import { OPERATIONS, type Operation } from '../core/operations.js';
import { isJsonObject, jsonOrUndefined } from '../core/values.js';
import { PRESENTATION_LABELS, type PresentationId } from '../core/presentations.js';
import type { Skip } from './skips.js';

export interface RecordedExchange {
  readonly op: Operation;
  readonly method: string;
  /** The URL the request went to: the recording target's base URL and the path the client sent. */
  readonly url: string;
  /** Lower-case names; credentials redacted (`Bearer ***`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** False when the proxy did not keep the body (over its --max-body-bytes, or cut short): `body` is a note. */
  readonly bodyKept: boolean;
  /** The answer's status; undefined when the server did not answer (refused, timed out). */
  readonly status: number | undefined;
  /** The kind of credentials the request presented, when the proxy could tell: what the replay sends. */
  readonly credentials: PresentationId | undefined;
}

/** A line that is not a recorded exchange (not JSON, or not the proxy's shape). */
export const NOT_RECORDED: Skip = { skip: 'not a recorded exchange', noun: 'line' };

const stringsOnly = (value: unknown): value is Record<string, string> =>
  isJsonObject(value) && Object.values(value).every((v) => typeof v === 'string');

export function readRecordedExchange(text: string): RecordedExchange | Skip {
  return recordedExchangeOf(jsonOrUndefined(text));
}

/** The exchange a parsed line records, or why it records none. */
export function recordedExchangeOf(entry: unknown): RecordedExchange | Skip {
  if (!isJsonObject(entry) || !isJsonObject(entry.request)) return NOT_RECORDED;
  const op = OPERATIONS.find((o) => o.id === entry.operation);
  const { method, url, headers, body } = entry.request;
  if (
    !op ||
    typeof method !== 'string' ||
    typeof url !== 'string' ||
    !stringsOnly(headers) ||
    (body !== undefined && typeof body !== 'string')
  )
    return NOT_RECORDED;
  const status = isJsonObject(entry.response) ? entry.response.status : undefined;
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599))
    return NOT_RECORDED;
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) lower[k.toLowerCase()] = v;
  const bodyKept = entry.request.bodyKept !== false;
  const credentials =
    typeof entry.credentials === 'string' && Object.hasOwn(PRESENTATION_LABELS, entry.credentials)
      ? (entry.credentials as PresentationId)
      : undefined;
  return { op, method, url, headers: lower, body, bodyKept, status: status as number | undefined, credentials };
}
