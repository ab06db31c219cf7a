/**
 * @module The request body on its way to the upstream through the judge: one Buffer when it arrived
 * with its headers, streamed chunk by chunk otherwise.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ExchangeSteps } from './judge-queue.js';

/**
 * The rest of a request body on its way upstream, after `before` (already shown to the judge). Not the
 * request itself: undici destroys a body it could not send, and the request must survive to get its
 * 502. Not `Readable.from` an async generator: that cost about 100 µs per request.
 */
class Tapped extends Readable {
  constructor(
    private readonly req: IncomingMessage,
    judge: ExchangeSteps,
    before: readonly Buffer[],
  ) {
    super();
    for (const chunk of before) this.push(chunk);
    req.on('data', (chunk: Buffer) => {
      judge.requestChunk(chunk);
      if (!this.push(chunk)) req.pause();
    });
    req.once('end', () => {
      judge.requestEnd();
      this.push(null);
    });
    req.pause();
  }

  override _read(): void {
    this.req.resume();
  }
}

/** Hands over the request body: one Buffer when whole by the end of this turn, else streamed on. */
export function takeBody(req: IncomingMessage, judge: ExchangeSteps, send: (body: Buffer | Readable) => void): void {
  const parts: Buffer[] = [];
  const onData = (chunk: Buffer): void => {
    judge.requestChunk(chunk);
    parts.push(chunk);
  };
  const onEnd = (): void => {
    clearImmediate(later);
    req.off('data', onData);
    judge.requestEnd();
    send(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
  };
  const later = setImmediate(() => {
    req.off('data', onData);
    req.off('end', onEnd);
    send(new Tapped(req, judge, parts));
  });
  req.on('data', onData);
  req.once('end', onEnd);
}

/** Reads the rest of a body the upstream did not take, so that the client's side is judged on all of it. */
export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.resume();
  });
}

export const hasBody = (req: IncomingMessage): boolean =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
  req.headers['transfer-encoding'] !== undefined;
