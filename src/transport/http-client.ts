/**
 * @module The HTTP client checks send through: undici with a per-request deadline (headers and
 * body), a body-size cap, no redirects followed (credentials never leave the target's origin),
 * bounded retries of 429/503 honouring Retry-After, a request without side effects sent again when
 * a kept-alive connection is closed under it (reused-connection.ts), and network failures turned
 * into tool errors with stable codes.
 */
import { request, type Dispatcher } from 'undici';
import { ConformanceError } from '../core/errors.js';
import { authSchemeForPath, matchOperation } from '../core/operations.js';
import { type ConfiguredCredentials, derivedAuthorization } from '../core/credentials.js';
import type {
  AuthMode,
  HttpClient,
  HttpExchange,
  HttpRequestSpec,
  InFlightExchange,
  RecordedRequest,
  StreamingExchange,
} from './types.js';
import { type ConnectionSettings, DIRECT, proxyFor, proxyOrigin } from './connection.js';
import { startDeadline, type ExchangeDeadline } from './deadline.js';
import { codingOf, decodeChunks } from './content-encoding.js';
import { diagnoseTls } from './tls-diagnosis.js';

import { flatHeaders } from './flat-headers.js';
import { classifyNetworkError } from './network-errors.js';
import { failedOnReusedConnection, MAX_REPLAYS } from './reused-connection.js';
import { openTargetPool } from './target-pool.js';

/** Most time spent finding the TLS failure behind a connection closed before any answer. */
const DIAGNOSIS_MS = 2_000;

/** A request that may be sent again: any but those of an operation with side effects (§4.2, §4.4). */
function replayable(spec: HttpRequestSpec): boolean {
  return !matchOperation(spec.method, spec.path)?.op.writes;
}

/** The credentials (§5): `token`, sent as Bearer on `/v1`; `basic`, `user:pass`, sent as Basic on `/v2`. */
export interface HttpClientOptions extends ConfiguredCredentials {
  readonly baseUrl: string;
  /** Whole-exchange deadline per request (headers and body), in ms. */
  readonly timeoutMs: number;
  /** Most bytes read of one buffered body. */
  readonly maxBodyBytes: number;
  /** Retries of a 429/503 answer (each after its Retry-After, capped by maxRetryWaitMs). */
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** Aborts every request in flight (the run's deadline). */
  readonly signal?: AbortSignal;
  readonly userAgent: string;
  /** Concurrent connections to the target. */
  readonly connections?: number;
  /** Headers, proxy and TLS towards the target (src/transport/connection.ts); default: direct. */
  readonly connection?: ConnectionSettings;
  /**
   * The Accept-Encoding every request sends (answers are decoded as they come); undefined: none,
   * `identity` asks for none.
   */
  readonly acceptEncoding?: string | undefined;
}

function authorizationFor(auth: AuthMode, path: string, opts: HttpClientOptions): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return 'header' in auth ? auth.header : derivedAuthorization(auth.derived, opts);
  if (authSchemeForPath(path) === 'basic') {
    return opts.basic === undefined ? undefined : `Basic ${Buffer.from(opts.basic).toString('base64')}`;
  }
  return opts.token === undefined ? undefined : `Bearer ${opts.token}`;
}

function buildUrl(baseUrl: string, spec: HttpRequestSpec): string {
  const base = baseUrl.replace(/\/+$/, '');
  const url = new URL(base + spec.path);
  for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
  return url.toString();
}

/** A reset after the status and headers arrived is a body cut short, not a refused request. */
function bodyError(err: ConformanceError): ConformanceError {
  if (err.code !== 'CTS_TARGET_RESET') return err;
  return new ConformanceError(
    'CTS_STREAM_CUT',
    err.message.replace('before the answer was complete', 'in the middle of the body (the answer was cut short)'),
    { cause: err },
  );
}

/** Seconds or an HTTP date, per RFC 9110 §10.2.3; undefined when absent or unreadable. */
function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Destroys a response body that will not be read to its end. undici's body emits a
 * `RequestAbortedError` when destroyed before its end; with no listener that is an uncaught
 * exception, which ends the CLI (no report written). The error is expected here: swallow it.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  if (body.destroyed) return;
  body.on('error', () => undefined);
  body.destroy();
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const t = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });

/** Creates the client; `close()` frees its connections. */
export function createHttpClient(opts: HttpClientOptions): HttpClient & {
  tracking(inFlight: Set<InFlightExchange>): HttpClient;
  record(spec: HttpRequestSpec): RecordedRequest;
  close(): Promise<void>;
} {
  const connection = opts.connection ?? DIRECT;
  const agent = openTargetPool(opts.baseUrl, connection, {
    timeoutMs: opts.timeoutMs,
    bodyTimeoutMs: opts.timeoutMs,
    connections: opts.connections ?? 16,
  });
  const proxy = proxyFor(opts.baseUrl, connection);
  /** What a network failure is read against: the proxy in the way, a client certificate given. */
  const failureContext = {
    proxy: proxy ? proxyOrigin(proxy.url) : undefined,
    clientCertGiven: connection.tls.client !== undefined,
    runSignal: opts.signal,
  };

  function prepare(spec: HttpRequestSpec): { recorded: RecordedRequest; body: string | Uint8Array | undefined } {
    const headers: Record<string, string> = {
      'user-agent': opts.userAgent,
      ...(opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {}),
      ...connection.headers,
    };
    let body: string | Uint8Array | undefined = spec.body;
    if (spec.json !== undefined && body === undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    }
    for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k.toLowerCase()] = v;
    const authorization = authorizationFor(spec.auth ?? 'default', spec.path, opts);
    if (authorization !== undefined && !('authorization' in headers)) headers.authorization = authorization;
    const recorded: RecordedRequest = {
      method: spec.method,
      url: buildUrl(opts.baseUrl, spec),
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : Buffer.from(body).toString('utf8') }),
    };
    return { recorded, body };
  }

  /**
   * Starts one exchange: its deadline (held here, for the whole exchange, see deadline.ts), the
   * request, and the status and headers. The caller owns the returned deadline and disposes it once
   * the body is read or dropped; on a throw here it is already disposed.
   */
  async function dispatch(
    spec: HttpRequestSpec,
    recorded: RecordedRequest,
    body: string | Uint8Array | undefined,
    inFlight?: Set<InFlightExchange>,
    replays = 0,
  ): Promise<{
    res: Dispatcher.ResponseData;
    headers: Record<string, string>;
    started: number;
    deadline: ExchangeDeadline;
  }> {
    const timeoutMs = spec.timeoutMs ?? opts.timeoutMs;
    const deadline = startDeadline(timeoutMs, opts.signal);
    const tracked = track(deadline, recorded, inFlight);
    const started = performance.now();
    try {
      const res = await request(recorded.url, {
        method: recorded.method as Dispatcher.HttpMethod,
        headers: recorded.headers,
        body: body ?? null,
        dispatcher: agent,
        signal: deadline.signal,
      });
      deadline.headersArrived();
      // Belt and braces: whatever undici does with the signal once the headers are in, the body
      // stream is destroyed when the deadline passes, so a read waiting on it wakes up.
      deadline.onExpire(() => discard(res.body));
      const headers = flatHeaders(res.headers);
      if (res.statusCode >= 300 && res.statusCode < 400 && headers.location) {
        discard(res.body);
        let where = headers.location;
        try {
          where = new URL(headers.location, recorded.url).origin;
        } catch {
          /* keep as sent */
        }
        throw new ConformanceError(
          'CTS_REDIRECT',
          `target answered ${res.statusCode} redirecting to ${where}; redirects are not followed (credentials stay with the target)`,
          {
            details: { status: res.statusCode, location: headers.location },
          },
        );
      }
      return { res, headers, started, deadline: tracked };
    } catch (err) {
      tracked.dispose();
      const failure = classifyNetworkError(err, { url: recorded.url, deadline, ...failureContext });
      if (failure.code !== 'CTS_TARGET_RESET') throw failure;
      // Closed before any answer on a connection kept alive from an earlier answer: the server or a
      // proxy closed it as the request went out (src/transport/reused-connection.ts). Replayed on
      // another connection unless the request has side effects.
      if (failedOnReusedConnection(err) && replays < MAX_REPLAYS && !opts.signal?.aborted && replayable(spec))
        return dispatch(spec, recorded, body, inFlight, replays + 1);
      // Closed before any answer: with TLS 1.3 that may be a front refusing after the handshake.
      throw (await diagnoseTls(opts.baseUrl, connection, DIAGNOSIS_MS)) ?? failure;
    }
  }

  async function readCapped(
    res: Dispatcher.ResponseData,
    headers: Readonly<Record<string, string>>,
    url: string,
    deadline: ExchangeDeadline,
  ) {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      // The cap bounds the decoded body: a small compressed answer cannot fill the memory.
      for await (const chunk of decodedBody(res, headers, url)) {
        const buf = chunk as Buffer;
        deadline.bodyBytes(buf.length);
        if (size + buf.length > opts.maxBodyBytes) {
          chunks.push(buf.subarray(0, opts.maxBodyBytes - size));
          size = opts.maxBodyBytes;
          truncated = true;
          break;
        }
        chunks.push(buf);
        size += buf.length;
      }
      // A body that ended cleanly just as the deadline fired still counts as late.
      if (deadline.signal.aborted && !truncated) throw deadline.signal.reason;
    } catch (err) {
      discard(res.body);
      throw bodyError(classifyNetworkError(err, { url, deadline, ...failureContext }));
    } finally {
      if (truncated) discard(res.body);
      deadline.dispose();
    }
    return { text: Buffer.concat(chunks).toString('utf8'), truncated };
  }

  async function send(spec: HttpRequestSpec, inFlight?: Set<InFlightExchange>): Promise<HttpExchange> {
    const { recorded, body } = prepare(spec);
    const retries: { status: number; waitMs: number }[] = [];
    for (;;) {
      const { res, headers, started, deadline } = await dispatch(spec, recorded, body, inFlight);
      const { text, truncated } = await readCapped(res, headers, recorded.url, deadline);
      const status = res.statusCode;
      if ((status === 429 || status === 503) && retries.length < opts.maxRetries && !opts.signal?.aborted) {
        const wait = parseRetryAfter(headers['retry-after']);
        if (wait !== undefined && wait <= opts.maxRetryWaitMs) {
          retries.push({ status, waitMs: wait });
          await sleep(wait, opts.signal);
          continue;
        }
      }
      let json: unknown;
      if (text.length > 0 && !truncated) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      return {
        request: recorded,
        response: { status, headers, bodyText: text, truncated, durationMs: performance.now() - started },
        json,
        ...(retries.length ? { retries } : {}),
      };
    }
  }

  async function open(spec: HttpRequestSpec, inFlight?: Set<InFlightExchange>): Promise<StreamingExchange> {
    const { recorded, body } = prepare(spec);
    const { res, headers, started, deadline } = await dispatch(spec, recorded, body, inFlight);
    // Nobody may ever read this body (a check that only looks at the status): the deadline still
    // ends the exchange and frees its place among the in-flight ones.
    deadline.onExpire(() => deadline.dispose());
    let read = 0;
    const chunks = async function* () {
      try {
        for await (const chunk of decodedBody(res, headers, recorded.url)) {
          const buf = chunk as Buffer;
          read += buf.length;
          deadline.bodyBytes(buf.length);
          if (read > opts.maxBodyBytes) {
            throw new ConformanceError('CTS_BODY_TOO_LARGE', `stream exceeded the ${opts.maxBodyBytes}-byte read cap`);
          }
          yield new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
        }
        if (deadline.signal.aborted) throw deadline.signal.reason;
      } catch (err) {
        if (ConformanceError.is(err)) throw err;
        throw bodyError(classifyNetworkError(err, { url: recorded.url, deadline, ...failureContext }));
      } finally {
        discard(res.body);
        deadline.dispose();
      }
    };
    return {
      request: recorded,
      status: res.statusCode,
      headers,
      chunks: chunks(),
      elapsedMs: () => performance.now() - started,
      async close() {
        discard(res.body);
        deadline.dispose();
      },
    };
  }

  /**
   * The body as its Content-Encoding says (src/transport/content-encoding.ts): what a client that
   * accepts compression reads. A coding the request did not accept, or one that cannot be decoded
   * here, is garbage from the target.
   */
  function decodedBody(
    res: Dispatcher.ResponseData,
    headers: Readonly<Record<string, string>>,
    url: string,
  ): AsyncIterable<Uint8Array> {
    const coding = codingOf(headers['content-encoding']);
    if (coding === 'identity') return res.body;
    const origin = new URL(url).origin;
    if (typeof coding === 'object')
      throw new ConformanceError(
        'CTS_TARGET_GARBAGE',
        `${origin} answered with Content-Encoding ${coding.undecodable}, which the request did not accept (${opts.acceptEncoding ?? 'no Accept-Encoding'}) and which cannot be decoded here`,
      );
    return decodeChunks(
      res.body,
      coding,
      (message) => new ConformanceError('CTS_TARGET_GARBAGE', `${origin}: ${message}`),
    );
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

  return {
    send: (spec) => send(spec),
    open: (spec) => open(spec),
    /** The client as one check sees it: its exchanges are listed in `inFlight` while they last. */
    tracking(inFlight: Set<InFlightExchange>): HttpClient {
      return { send: (spec) => send(spec, inFlight), open: (spec) => open(spec, inFlight) };
    },
    /** The request as it would go out (URL, headers with credentials, body), without sending it. */
    record: (spec) => prepare(spec).recorded,
    close: () => agent.close(),
  };
}
