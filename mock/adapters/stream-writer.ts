/** @module How the node adapter writes an answer: whole, or streamed with backpressure and batched writes. */
import type { ServerResponse } from 'node:http';
import { jsonBodyText } from '../errors.js';
import type { ReadyIterator } from '../exchange.js';
import { drained } from '../http/drained.js';
import type { MockResponse } from '../types.js';
import { LINGER_MS } from './node-guards.js';

/** Once a write backs up, the connection closes after `idleMs` without traffic (armed only then: no timer otherwise). */
function watchStall(res: ServerResponse, idleMs: number): void {
  res.socket?.setTimeout(idleMs);
}

export function writeResponse(res: ServerResponse, out: MockResponse, idleMs: number): Promise<void> | undefined {
  if (out.stream) return new StreamWriter(res, out, idleMs).run(out.stream[Symbol.asyncIterator]());
  writeWhole(res, out, jsonBodyText(out) ?? out.body ?? '', idleMs);
}

/** A whole body in one write; the answer's header object is the adapter's to finish (no copy on this hot path). */
function writeWhole(res: ServerResponse, out: MockResponse, body: string | Uint8Array, idleMs: number): void {
  out.headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(out.status, out.headers);
  res.end(body);
  if (res.writableNeedDrain) watchStall(res, idleMs);
}

/** Drops the connection mid-answer as a dying server does: what was written leaves, then no body end. */
function dropAfterWritten(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket?.writable) {
    res.destroy();
    return;
  }
  socket.end();
  socket.once('finish', () => socket.destroy());
  // A client that stopped reading would hold the written bytes back for good.
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** A batch of ready chunks is written once it holds this many characters (or nothing more is ready). */
const BATCH_CHARS = 64 * 1024;

/**
 * A streamed body: one of a single chunk goes out as a fixed-length answer; longer ones are chunked,
 * the chunks ready at once joined into one write and a tick's writes corked. A paced stream sends its
 * headers at once and each chunk as it comes.
 */
class StreamWriter {
  private readonly early: string[] = [];
  private batch = '';
  private headWritten = false;
  private corked = false;
  private readonly uncork = (): void => {
    if (!this.corked) return;
    this.corked = false;
    this.res.uncork();
  };

  constructor(
    private readonly res: ServerResponse,
    private readonly out: MockResponse,
    private readonly idleMs: number,
  ) {}

  async run(chunks: ReadyIterator): Promise<void> {
    try {
      if (this.out.paced) this.writeHead();
      else if (await this.start(chunks)) return;
      await this.pump(chunks);
    } catch {
      this.fail();
    }
  }

  private writeHead(): void {
    this.res.writeHead(this.out.status, this.out.headers);
    this.headWritten = true;
    if (this.out.paced) this.res.flushHeaders();
  }

  /** Writes a chunk; false when the socket's buffer is full (wait for it to drain before producing more). */
  private write(chunk: string): boolean {
    if (!this.corked && !this.out.paced) {
      this.corked = true;
      this.res.cork();
      process.nextTick(this.uncork);
    }
    return this.res.write(chunk);
  }

  private flush(): boolean {
    const text = this.batch;
    this.batch = '';
    return this.write(text);
  }

  /** Adds a chunk to the batch, written once full (large chunks are not joined); false as `write`. */
  private add(chunk: string): boolean {
    if (this.batch !== '' && this.batch.length + chunk.length > BATCH_CHARS) {
      const ok = this.flush();
      this.batch = chunk;
      return ok;
    }
    this.batch += chunk;
    return this.batch.length < BATCH_CHARS || this.flush();
  }

  private backpressure(): Promise<void> {
    watchStall(this.res, this.idleMs);
    return drained(this.res);
  }

  /** The first two chunks: a stream of one goes out as a fixed-length answer (true: all written). */
  private async start(chunks: ReadyIterator): Promise<boolean> {
    const first = chunks.ready?.() ?? (await chunks.next());
    if (!first.done) this.early.push(first.value);
    const second = first.done ? first : (chunks.ready?.() ?? (await chunks.next()));
    if (second.done) {
      writeWhole(this.res, this.out, this.early[0] ?? '', this.idleMs);
      return true;
    }
    this.early.push(second.value);
    this.writeHead();
    this.batch = this.early[0] as string;
    if (!this.add(second.value)) await this.backpressure();
    return false;
  }

  private async pump(chunks: ReadyIterator): Promise<void> {
    for (;;) {
      let next = chunks.ready?.();
      if (next === undefined) {
        if (this.batch !== '') {
          if (this.res.destroyed) {
            await chunks.return?.();
            return;
          }
          if (!this.flush()) await this.backpressure();
        }
        next = await chunks.next();
      }
      if (next.done) break;
      if (this.res.destroyed) {
        await chunks.return?.();
        return;
      }
      if (!(this.out.paced ? this.write(next.value) : this.add(next.value))) await this.backpressure();
    }
    if (this.batch !== '') this.flush();
    this.res.end();
  }

  /** A producer's error or a cut: the headers and what was produced leave, then the connection drops. */
  private fail(): void {
    if (this.res.destroyed) return;
    if (!this.headWritten) {
      this.res.writeHead(this.out.status, this.out.headers);
      for (const chunk of this.early) this.res.write(chunk);
    } else if (this.batch !== '') this.res.write(this.batch);
    this.uncork();
    dropAfterWritten(this.res);
  }
}
