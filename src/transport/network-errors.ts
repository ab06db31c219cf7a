/** @module Maps undici/network failures to tool errors with stable codes and one readable line. */
import { ConformanceError, type ConformanceErrorCode } from '../core/errors.js';
import type { ExchangeDeadline } from './deadline.js';
import { classifyTlsError, errorCodes } from './tls-errors.js';

interface Context {
  readonly url: string;
  /** The exchange's deadline: whether it passed, and what the exchange was waiting for then. */
  readonly deadline: Pick<ExchangeDeadline, 'expired' | 'describe' | 'timeoutMs'>;
  readonly runSignal?: AbortSignal | undefined;
  /** The forward proxy the request went through (its origin, no credentials), if any. */
  readonly proxy?: string | undefined;
  /** A client certificate was configured (the words of a refused handshake differ). */
  readonly clientCertGiven?: boolean | undefined;
}

/** A failure of the forward proxy rather than of the target; undefined when it is none. */
function proxyFailure(err: unknown, code: string, proxy: string, origin: string): ConformanceError | undefined {
  const message = err instanceof Error ? err.message : String(err);
  const failed = (why: string) => new ConformanceError('CTS_PROXY_FAILED', `the proxy ${proxy} ${why}`, { cause: err });
  if (/Proxy Authentication Required|\b407\b/.test(message))
    return failed('wants credentials (HTTP 407): give them in the proxy URL (http://USER:PASS@host:port)');
  const tunnel = /Proxy response \((\d+)\)/.exec(message);
  if (tunnel)
    return failed(
      `did not open a tunnel to ${origin} (it answered HTTP ${tunnel[1]}): can the proxy reach the target, and does it allow CONNECT to that port?`,
    );
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
    return failed(`could not be reached (${code})`);
  return undefined;
}

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

type Known = readonly [ConformanceErrorCode, (origin: string) => string];
const UNRESOLVED: Known = ['CTS_TARGET_UNREACHABLE', (o) => `cannot resolve the host of ${o}`];
const NO_ROUTE: Known = ['CTS_TARGET_UNREACHABLE', (o) => `no route to ${o}`];
const RESET: Known = [
  'CTS_TARGET_RESET',
  (o) => `the connection to ${o} was reset or closed before the answer was complete`,
];

/** What a transport code says of the target, in one line naming its origin. */
const BY_CODE: ReadonlyMap<string, Known> = new Map([
  ['ECONNREFUSED', ['CTS_TARGET_UNREACHABLE', (o) => `connection refused by ${o} (is the target running?)`]],
  ['ENOTFOUND', UNRESOLVED],
  ['EAI_AGAIN', UNRESOLVED],
  ['EHOSTUNREACH', NO_ROUTE],
  ['ENETUNREACH', NO_ROUTE],
  ['ECONNRESET', RESET],
  ['EPIPE', RESET],
  ['UND_ERR_SOCKET', RESET],
  ['UND_ERR_CLOSED', RESET],
  [
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    ['CTS_STREAM_CUT', (o) => `the body from ${o} ended before its announced length`],
  ],
]);

/** An answer that is not HTTP at all (a parser's complaint). */
function isGarbage(code: string, name: string): boolean {
  return (
    code.startsWith('HPE_') ||
    name === 'HTTPParserError' ||
    code === 'UND_ERR_INVALID_ARG' ||
    /parse|invalid/i.test(name)
  );
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function classifyNetworkError(err: unknown, ctx: Context): ConformanceError {
  if (ConformanceError.is(err)) return err;
  const origin = originOf(ctx.url);
  const code = errorCodes(err)[0] ?? ''; // the outermost errno-like code in the cause chain
  const name = (err as { name?: string })?.name ?? '';
  const error = (c: ConformanceErrorCode, message: string) => new ConformanceError(c, message, { cause: err });
  const timedOut = () =>
    error(
      'CTS_TARGET_TIMEOUT',
      `no complete answer from ${origin} within ${ctx.deadline.timeoutMs} ms: ${ctx.deadline.describe()}`,
    );
  if (ctx.deadline.expired() || TIMEOUT_CODES.has(code)) return timedOut();
  if (ctx.runSignal?.aborted)
    return error('CTS_RUN_DEADLINE', `the run deadline passed before the target answered: ${ctx.deadline.describe()}`);
  if (name === 'TimeoutError') return timedOut();
  const tls = classifyTlsError(err, origin, ctx.clientCertGiven ?? false);
  if (tls) return tls;
  const proxied = ctx.proxy ? proxyFailure(err, code, ctx.proxy, origin) : undefined;
  if (proxied) return proxied;
  const known = BY_CODE.get(code);
  if (known) return error(known[0], known[1](origin));
  if (isGarbage(code, name)) return error('CTS_TARGET_GARBAGE', `${origin} did not answer valid HTTP`);
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return error('CTS_TARGET_UNREACHABLE', `request to ${origin} failed: ${message}${code ? ` (${code})` : ''}`);
}
