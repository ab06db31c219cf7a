/** @module What the mock answered, noted in the journal as it leaves (a stream chunk by chunk). */
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

function bodyBytes(res: MockResponse): number {
  const body = jsonBodyText(res) ?? res.body;
  if (body === undefined) return 0;
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * The stream's chunks, each counted once the consumer asks for the next; stopped early or ended with
 * the client gone is a cut by the client, a throw a cut by the mock. Not an async generator: one
 * promise a chunk instead of three.
 */
class Observed implements AsyncIterableIterator<string>, ReadyIterator {
  readonly #source: AsyncIterator<string>;
  /** Bytes of the chunk handed out last, counted when the next is asked for. */
  #pending = 0;
  #ended = false;
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
