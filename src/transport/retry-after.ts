/** @module The wait before a 429/503 answer is asked again: its Retry-After (RFC 9110 §10.2.3), within bounds. */
import type { HttpClientOptions } from './client-options.js';

/** Seconds or an HTTP date, per RFC 9110 §10.2.3; undefined when absent or unreadable. */
function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait (ms) before asking again after `retried` retries; undefined when it is not asked again. */
export function retryWait(
  opts: HttpClientOptions,
  status: number,
  headers: Readonly<Record<string, string>>,
  retried: number,
): number | undefined {
  if ((status !== 429 && status !== 503) || retried >= opts.maxRetries || opts.signal?.aborted) return undefined;
  const wait = parseRetryAfter(headers['retry-after']);
  return wait !== undefined && wait <= opts.maxRetryWaitMs ? wait : undefined;
}

/** Waits `ms`, or less when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', wake);
      resolve();
    };
    const t = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
  });
