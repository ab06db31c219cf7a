/**
 * @module One line of `conformance proxy --record`: an exchange as sent and answered, with its
 * findings, redacted; read back by src/replay/recording.ts.
 */
import type { OperationId } from '../core/operations.js';
import { redactHeaders, type Redactor } from '../core/redact.js';
import type { RecordedRequest } from '../transport/types.js';
import type { RecordedBody } from './answer-recording.js';

export interface RecordedExchangeLine {
  readonly operation: OperationId;
  readonly request: Omit<RecordedRequest, 'body'>;
  /** The body as sent, or a note standing for one that was not kept. */
  readonly requestBody: string | undefined;
  /** False: `requestBody` is a note, not the body, and a replay must not send it. */
  readonly requestBodyKept: boolean;
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly firstBytes: Buffer;
    /** `--record-bodies`: the whole answer (a stream's events with their time offsets). */
    readonly recorded?: RecordedBody;
  };
  readonly error?: { readonly code: string; readonly message: string };
  /** The result ids the exchange breached. */
  readonly findings: readonly string[];
  /** The kind of credentials the request presented (src/proxy/curl-credentials.ts), when known: what a replay sends. */
  readonly credentials?: string | undefined;
}

export function recordLine(x: RecordedExchangeLine, redact: Redactor): string {
  const entry = {
    at: new Date().toISOString(),
    operation: x.operation,
    request: {
      method: x.request.method,
      url: x.request.url,
      headers: redactHeaders({ ...x.request.headers }, redact),
      ...(x.requestBody !== undefined ? { body: x.requestBody } : {}),
      ...(x.requestBodyKept ? {} : { bodyKept: false }),
    },
    ...(x.response
      ? {
          response: {
            status: x.response.status,
            headers: redactHeaders({ ...x.response.headers }, redact),
            firstBytes: x.response.firstBytes.toString('utf8'),
            ...(x.response.recorded ?? {}),
          },
        }
      : {}),
    ...(x.error ? { error: x.error } : {}),
    findings: x.findings,
    ...(x.credentials !== undefined ? { credentials: x.credentials } : {}),
  };
  return redact(JSON.stringify(entry));
}
