/**
 * @module The proxy's look at its target as it starts: one HEAD request after `listening on`; any HTTP
 * answer means reachable, no answer is a warning at once rather than 502s and a report at the end.
 */
import type { Dispatcher } from 'undici';
import { type ConnectionSettings, createDispatcher } from '../transport/connection.js';
import { errorCodes } from '../transport/tls-errors.js';

/** How long the probe waits for a connection and an answer's headers. */
const PROBE_TIMEOUT_MS = 3_000;

/** Why the target cannot be reached (a code, or the error's first line), or undefined when it answered. */
export async function unreachableTarget(
  target: string,
  connection: ConnectionSettings,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const dispatcher: Dispatcher = createDispatcher(target, connection, {
    connectTimeoutMs: timeoutMs,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
  });
  const url = new URL(target);
  const signal = AbortSignal.timeout(timeoutMs + 500);
  try {
    const res = await dispatcher.request({
      origin: url.origin,
      path: url.pathname,
      method: 'HEAD',
      headers: connection.headers,
      signal,
    });
    await res.body.dump().catch(() => undefined);
    return undefined;
  } catch (err) {
    return errorCodes(err)[0] ?? (err as Error).message?.split('\n')[0] ?? 'no answer';
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}
