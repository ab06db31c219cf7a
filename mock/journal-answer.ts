/**
 * @module What the mock answered, noted in the journal as it leaves: the status and a whole body's
 * bytes at once; a stream's bytes chunk by chunk as the connection takes them, and how the stream
 * ended (to its end; cut by the mock: a planted cut, chaos, a failing producer; or cut by the client:
 * gone or no longer reading). The answer itself passes through unchanged.
 */
import { jsonBodyText } from './errors.js';
import type { AnswerEnd, Journal, JournalSlot } from './journal.js';
import { clientGone, type ReadyIterator } from './exchange.js';
import type { MockRequest, MockResponse } from './types.js';

/** `res`, noted in `journal` at `slot` (a stream wrapped to count what leaves); unchanged when nothing is kept. */
export function journaledAnswer(
  journal: Journal,
  slot: JournalSlot,
  req: MockRequest,
  res: MockResponse,
): MockResponse {
  if (slot < 0) return res;
  if (!res.stream) {
    journal.answered(slot, res.status, bodyBytes(res), true);
    return res;
  }
  journal.answered(slot, res.status, 0, false);
  return {
    status: res.status,
    headers: res.headers,
    stream: new Observed(res.stream, journal, slot, req),
    paced: res.paced,
  };
}

/** Bytes of a whole body, as the adapters write it (`json` serialised, else `body`). */
function bodyBytes(res: MockResponse): number {
  const body = jsonBodyText(res) ?? res.body;
  if (body === undefined) return 0;
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * The stream's chunks, each counted once the consumer comes back for the next (the adapter has
 * written it) or the stream ends; a consumer that stops early (the adapter saw the client go) or a
 * stream that ends because the request's signal was aborted (paced streams end quietly then) is a
 * cut by the client; a stream that throws (StreamCut, a producer's error) is a cut by the mock. An
 * iterator of its own rather than an async generator: one promise a chunk instead of three (a
 * generator wrapper made an in-process stream half as slow again).
 */
class Observed implements AsyncIterableIterator<string>, ReadyIterator {
  readonly #source: AsyncIterator<string>;
  /** Bytes of the chunk handed out last, counted when the next is asked for. */
  #pending = 0;
  #ended = false;
  /** Bound once per stream, not once per chunk: thousands of paced streams are open at once. */
  readonly #onChunk = (r: IteratorResult<string>): IteratorResult<string> => this.#took(r);
  readonly #onError = (err: unknown): never => this.#failed(err);

  constructor(
    source: AsyncIterable<string>,
    readonly journal: Journal,
    readonly slot: JournalSlot,
    readonly req: MockRequest,
  ) {
    this.#source = source[Symbol.asyncIterator]();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<string>> {
    this.#count();
    return this.#source.next().then(this.#onChunk, this.#onError);
  }

  /** A chunk the source has ready at once, counted the same way; undefined when it has none. */
  ready(): IteratorResult<string> | undefined {
    const source = this.#source as ReadyIterator;
    if (!source.ready) return undefined;
    let r: IteratorResult<string> | undefined;
    try {
      r = source.ready();
    } catch (err) {
      this.#count();
      return this.#failed(err);
    }
    if (r === undefined) return undefined;
    this.#count();
    return this.#took(r);
  }

  #took(r: IteratorResult<string>): IteratorResult<string> {
    if (r.done) this.#end(clientGone(this.req) ? 'client' : 'complete');
    else this.#pending = Buffer.byteLength(r.value);
    return r;
  }

  #failed(err: unknown): never {
    this.#end(clientGone(this.req) ? 'client' : 'mock');
    throw err;
  }

  return(value?: unknown): Promise<IteratorResult<string>> {
    this.#end('client');
    return this.#source.return?.(value) ?? Promise.resolve({ done: true, value: undefined });
  }

  #count(): void {
    if (this.#pending === 0) return;
    this.journal.sent(this.slot, this.#pending);
    this.#pending = 0;
  }

  #end(end: AnswerEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    if (end === 'complete') this.#count();
    this.journal.ended(this.slot, end);
  }
}
