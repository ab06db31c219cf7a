/** @module The body of an answer, decoded and read under the deadline and the cap, whole or as it arrives. */
import type { Dispatcher } from 'undici';
import { ConformanceError } from '../core/errors.js';
import { codingOf, decodeChunks } from './content-encoding.js';
import type { ExchangeDeadline } from './deadline.js';
import { classifyNetworkError } from './network-errors.js';
import type { Wire } from './wire.js';

type Body = Dispatcher.ResponseData['body'];

/** Destroys a body that will not be read to its end, swallowing the error undici then emits. */
export function discard(body: Body): void {
  if (body.destroyed) return;
  body.on('error', () => undefined);
  body.destroy();
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

/** The body as its Content-Encoding says; a coding that cannot be decoded here is garbage. */
function decodedBody(wire: Wire, body: Body, headers: Readonly<Record<string, string>>, url: string) {
  const coding = codingOf(headers['content-encoding']);
  if (coding === 'identity') return body;
  const origin = new URL(url).origin;
  if (typeof coding === 'object')
    throw new ConformanceError(
      'CTS_TARGET_GARBAGE',
      `${origin} answered with Content-Encoding ${coding.undecodable}, which the request did not accept (${wire.opts.acceptEncoding ?? 'no Accept-Encoding'}) and which cannot be decoded here`,
    );
  return decodeChunks(body, coding, (message) => new ConformanceError('CTS_TARGET_GARBAGE', `${origin}: ${message}`));
}

/** The answer whose body is read: its body, headers, URL and deadline (disposed once the body is read or dropped). */
export interface Answered {
  readonly res: Dispatcher.ResponseData;
  readonly headers: Readonly<Record<string, string>>;
  readonly url: string;
  readonly deadline: ExchangeDeadline;
}

/** The whole body, decoded, cut at the client's cap (`truncated`). */
export async function readCapped(
  wire: Wire,
  { res, headers, url, deadline }: Answered,
): Promise<{ text: string; truncated: boolean }> {
  const max = wire.opts.maxBodyBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    // The cap bounds the decoded body: a small compressed answer cannot fill the memory.
    for await (const chunk of decodedBody(wire, res.body, headers, url)) {
      const buf = chunk as Buffer;
      deadline.bodyBytes(buf.length);
      if (size + buf.length > max) {
        chunks.push(buf.subarray(0, max - size));
        size = max;
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
    throw bodyError(classifyNetworkError(err, { url, deadline, ...wire.failureContext }));
  } finally {
    if (truncated) discard(res.body);
    deadline.dispose();
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

/** The body chunk by chunk as it arrives, decoded; more than the client's cap is an error. */
export async function* streamedChunks(
  wire: Wire,
  { res, headers, url, deadline }: Answered,
): AsyncGenerator<Uint8Array> {
  const max = wire.opts.maxBodyBytes;
  let read = 0;
  try {
    for await (const chunk of decodedBody(wire, res.body, headers, url)) {
      const buf = chunk as Buffer;
      read += buf.length;
      deadline.bodyBytes(buf.length);
      if (read > max) throw new ConformanceError('CTS_BODY_TOO_LARGE', `stream exceeded the ${max}-byte read cap`);
      yield new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    if (deadline.signal.aborted) throw deadline.signal.reason;
  } catch (err) {
    if (ConformanceError.is(err)) throw err;
    throw bodyError(classifyNetworkError(err, { url, deadline, ...wire.failureContext }));
  } finally {
    discard(res.body);
    deadline.dispose();
  }
}
