/** @module Maps undici/network failures to tool errors with stable codes and one readable line. */
import { ConformanceError } from '../core/errors.js';
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
  if (/Proxy Authentication Required|\b407\b/.test(message))
    return new ConformanceError(
      'CTS_PROXY_FAILED',
      `the proxy ${proxy} wants credentials (HTTP 407): give them in the proxy URL (http://USER:PASS@host:port)`,
      { cause: err },
    );
  const tunnel = /Proxy response \((\d+)\)/.exec(message);
  if (tunnel)
    return new ConformanceError(
      'CTS_PROXY_FAILED',
      `the proxy ${proxy} did not open a tunnel to ${origin} (it answered HTTP ${tunnel[1]}): can the proxy reach the target, and does it allow CONNECT to that port?`,
      { cause: err },
    );
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
    return new ConformanceError('CTS_PROXY_FAILED', `the proxy ${proxy} could not be reached (${code})`, {
      cause: err,
    });
  return undefined;
}

/** The outermost errno-like code in the error's cause chain, or ''. */
const codeOf = (err: unknown): string => errorCodes(err)[0] ?? '';

export function classifyNetworkError(err: unknown, ctx: Context): ConformanceError {
  if (ConformanceError.is(err)) return err;
  const origin = (() => {
    try {
      return new URL(ctx.url).origin;
    } catch {
      return ctx.url;
    }
  })();
  const code = codeOf(err);
  const name = (err as { name?: string })?.name ?? '';
  if (
    ctx.deadline.expired() ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new ConformanceError(
      'CTS_TARGET_TIMEOUT',
      `no complete answer from ${origin} within ${ctx.deadline.timeoutMs} ms: ${ctx.deadline.describe()}`,
      { cause: err },
    );
  }
  if (ctx.runSignal?.aborted) {
    return new ConformanceError(
      'CTS_RUN_DEADLINE',
      `the run deadline passed before the target answered: ${ctx.deadline.describe()}`,
      { cause: err },
    );
  }
  if (name === 'TimeoutError') {
    return new ConformanceError(
      'CTS_TARGET_TIMEOUT',
      `no complete answer from ${origin} within ${ctx.deadline.timeoutMs} ms: ${ctx.deadline.describe()}`,
      { cause: err },
    );
  }
  const tls = classifyTlsError(err, origin, ctx.clientCertGiven ?? false);
  if (tls) return tls;
  if (ctx.proxy) {
    const failure = proxyFailure(err, code, ctx.proxy, origin);
    if (failure) return failure;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return new ConformanceError(
        'CTS_TARGET_UNREACHABLE',
        `connection refused by ${origin} (is the target running?)`,
        { cause: err },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConformanceError('CTS_TARGET_UNREACHABLE', `cannot resolve the host of ${origin}`, { cause: err });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ConformanceError('CTS_TARGET_UNREACHABLE', `no route to ${origin}`, { cause: err });
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return new ConformanceError(
        'CTS_TARGET_RESET',
        `the connection to ${origin} was reset or closed before the answer was complete`,
        { cause: err },
      );
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return new ConformanceError('CTS_STREAM_CUT', `the body from ${origin} ended before its announced length`, {
        cause: err,
      });
    default:
      if (
        code.startsWith('HPE_') ||
        name === 'HTTPParserError' ||
        code === 'UND_ERR_INVALID_ARG' ||
        /parse|invalid/i.test(name)
      ) {
        return new ConformanceError('CTS_TARGET_GARBAGE', `${origin} did not answer valid HTTP`, { cause: err });
      }
  }
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  return new ConformanceError(
    'CTS_TARGET_UNREACHABLE',
    `request to ${origin} failed: ${message}${code ? ` (${code})` : ''}`,
    { cause: err },
  );
}
