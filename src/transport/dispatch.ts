/** @module One exchange started, up to its status and headers; no redirect is followed. */
import type { Dispatcher } from 'undici';
import { request } from './undici-lean.js';
import { ConformanceError } from '../core/errors.js';
import { matchOperation } from '../core/operations.js';
import { discard } from './body-reader.js';
import { type ExchangeDeadline, startDeadline } from './deadline.js';
import { flatHeaders } from './flat-headers.js';
import { classifyNetworkError } from './network-errors.js';
import type { OutgoingRequest } from './outgoing-request.js';
import { failedOnReusedConnection, MAX_REPLAYS } from './reused-connection.js';
import { diagnoseTls } from './tls-diagnosis.js';
import type { HttpRequestSpec, InFlightExchange, RecordedRequest } from './types.js';
import type { Wire } from './wire.js';

/** Most time spent finding the TLS failure behind a connection closed before any answer. */
const DIAGNOSIS_MS = 2_000;

/** A request that may be sent again: any but those of an operation with side effects (§4.2, §4.4). */
function replayable(spec: HttpRequestSpec): boolean {
  return !matchOperation(spec.method, spec.path)?.op.writes;
}

/** Registers an exchange among a check's in-flight ones until its deadline is disposed. */
function track(
  deadline: ExchangeDeadline,
  recorded: RecordedRequest,
  inFlight: Set<InFlightExchange> | undefined,
): ExchangeDeadline {
  if (!inFlight) return deadline;
  const path = (() => {
    try {
      return new URL(recorded.url).pathname;
    } catch {
      return recorded.url;
    }
  })();
  const entry: InFlightExchange = { method: recorded.method, path, describe: deadline.describe };
  inFlight.add(entry);
  return {
    ...deadline,
    dispose() {
      inFlight.delete(entry);
      deadline.dispose();
    },
  };
}

/** A redirect, refused: its body dropped, and the tool error naming where it pointed (its origin only). */
function refusedRedirect(res: Dispatcher.ResponseData, location: string, url: string): ConformanceError {
  discard(res.body);
  let where = location;
  try {
    where = new URL(location, url).origin;
  } catch {
    /* keep as sent */
  }
  return new ConformanceError(
    'CTS_REDIRECT',
    `target answered ${res.statusCode} redirecting to ${where}; redirects are not followed (credentials stay with the target)`,
    { details: { status: res.statusCode, location } },
  );
}

/** The status and headers of an exchange started, its start, and the deadline its body is read under. */
export interface Started {
  readonly res: Dispatcher.ResponseData;
  readonly headers: Record<string, string>;
  readonly started: number;
  readonly deadline: ExchangeDeadline;
}

/** Starts one exchange; the caller disposes the returned deadline (already disposed on a throw). */
export async function dispatch(
  wire: Wire,
  spec: HttpRequestSpec,
  { recorded, body }: OutgoingRequest,
  inFlight?: Set<InFlightExchange>,
  replays = 0,
): Promise<Started> {
  const { opts } = wire;
  const ms = spec.timeoutMs ?? opts.timeoutFor?.(spec) ?? opts.timeoutMs;
  const deadline = startDeadline(ms, opts.signal);
  const tracked = track(deadline, recorded, inFlight);
  const started = performance.now();
  try {
    const res = await request(recorded.url, {
      method: recorded.method as Dispatcher.HttpMethod,
      headers: recorded.headers,
      body: body ?? null,
      dispatcher: wire.agent,
      signal: deadline.signal,
      // The pool's own timeouts are --timeout's: a longer deadline lengthens them for this exchange.
      ...(ms > opts.timeoutMs ? { headersTimeout: ms, bodyTimeout: ms } : {}),
    });
    deadline.headersArrived();
    // Whatever undici does with the signal after the headers, a read waiting on the body wakes up.
    deadline.onExpire(() => discard(res.body));
    const headers = flatHeaders(res.headers);
    if (res.statusCode >= 300 && res.statusCode < 400 && headers.location)
      throw refusedRedirect(res, headers.location, recorded.url);
    return { res, headers, started, deadline: tracked };
  } catch (err) {
    tracked.dispose();
    const failure = classifyNetworkError(err, { url: recorded.url, deadline, ...wire.failureContext });
    if (failure.code !== 'CTS_TARGET_RESET') throw failure;
    // Closed under it on a kept-alive connection (reused-connection.ts): sent again unless it writes.
    if (failedOnReusedConnection(err) && replays < MAX_REPLAYS && !opts.signal?.aborted && replayable(spec))
      return dispatch(wire, spec, { recorded, body }, inFlight, replays + 1);
    // Closed before any answer: with TLS 1.3 that may be a front refusing after the handshake.
    throw (await diagnoseTls(opts.baseUrl, wire.connection, DIAGNOSIS_MS)) ?? failure;
  }
}
