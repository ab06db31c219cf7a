/** @module A streamed answer shaped in time: paced (`ttftMs`, `itlMs`) or cut after some events. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Gone, ReadyIterator } from './exchange.js';
import type { MockResponse } from './types.js';
import { type DueItem, dueQueue } from './due-queue.js';

/** Thrown inside a stream to make the adapter drop the connection. */
export class StreamCut extends Error {
  override name = 'StreamCut';
  constructor() {
    super('stream cut');
  }
}

export interface Pace {
  readonly ttftMs: number;
  readonly itlMs: number;
}

/** Waits until `due` (performance.now() time): never earlier, whatever a timer's rounding. False when aborted. */
export async function waitUntil(due: number, signal: AbortSignal | undefined): Promise<boolean> {
  for (let left = due - performance.now(); left > 0; left = due - performance.now()) {
    try {
      await sleep(Math.ceil(left), undefined, signal ? { signal } : undefined);
    } catch {
      return false;
    }
  }
  return signal?.aborted !== true;
}

/** The stream's chunks spaced in time; ends quietly when the client goes away (`gone`, read at least once a second). */
export function pacedStream(stream: AsyncIterable<string>, pace: Pace, gone?: Gone): AsyncIterableIterator<string> {
  return new PacedStream(stream[Symbol.asyncIterator](), pace, gone);
}

const END: IteratorResult<string> = { done: true, value: undefined };

/** Not an async generator over timers: a waiting stream holds this object, one promise and a place in a due queue. */
class PacedStream implements AsyncIterableIterator<string>, DueItem {
  #first = true;
  #ended = false;
  /** When the chunk held may leave (performance.now() time). */
  due = 0;
  #held: IteratorResult<string> = END;
  #resolve: ((r: IteratorResult<string>) => void) | undefined;
  /** True from a `next()` until it settles: a second call waits for `#last`, as with an async generator. */
  #busy = false;
  #last: Promise<IteratorResult<string>> | undefined;

  constructor(
    readonly source: ReadyIterator,
    readonly pace: Pace,
    readonly gone: Gone | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<string>> {
    if (this.#busy) return this.#last!.then(() => this.next());
    if (this.#ended) return Promise.resolve(END);
    this.#busy = true;
    const next = this.#take();
    if (this.#busy) this.#last = next;
    return next;
  }

  #take(): Promise<IteratorResult<string>> {
    const delay = this.#first ? this.pace.ttftMs : this.pace.itlMs;
    this.#first = false;
    this.due = performance.now() + delay;
    let ready: IteratorResult<string> | undefined;
    try {
      ready = this.source.ready?.();
    } catch (err) {
      this.#end();
      return Promise.reject(err);
    }
    if (ready) return this.#hold(ready, delay);
    return this.source.next().then(
      (r) => this.#hold(r, delay),
      (err: unknown) => {
        this.#end();
        throw err;
      },
    );
  }

  #hold(r: IteratorResult<string>, delay: number): Promise<IteratorResult<string>> {
    if (r.done || this.#ended) {
      this.#end();
      return Promise.resolve(END);
    }
    this.#held = r;
    return new Promise((resolve) => {
      this.#resolve = resolve;
      if (this.due <= performance.now()) this.fire();
      else dueQueue(delay).add(this);
    });
  }

  fire(): void {
    if (this.gone?.aborted === true) {
      this.#finish(END);
      this.source.return?.();
      return;
    }
    const held = this.#held;
    this.#held = END;
    this.#finish(held);
  }

  #finish(r: IteratorResult<string>): void {
    if (r.done) this.#ended = true;
    this.#busy = false;
    this.#last = undefined;
    const resolve = this.#resolve;
    this.#resolve = undefined;
    resolve?.(r);
  }

  #end(): void {
    this.#ended = true;
    this.#busy = false;
    this.#last = undefined;
  }

  endIfGone(): void {
    if (this.#resolve !== undefined && this.gone?.aborted === true) this.fire();
  }

  get waiting(): boolean {
    return this.#resolve !== undefined;
  }

  return(): Promise<IteratorResult<string>> {
    this.#finish(END);
    this.source.return?.();
    return Promise.resolve(END);
  }
}

/** Passes `after` chunks through, then fails so that the connection is dropped (also when the stream is shorter). */
export async function* cutAfterEvents(stream: AsyncIterable<string>, after: number): AsyncGenerator<string> {
  let n = 0;
  if (after > 0) {
    for await (const chunk of stream) {
      yield chunk;
      if (++n >= after) break;
    }
  }
  throw new StreamCut();
}

async function* nothing(): AsyncGenerator<string> {}

/** The completion tokens a whole JSON answer counts (`usage.completion_tokens`), if it says. */
function completionTokensOf(res: MockResponse): number | undefined {
  const usage = (res.json as { usage?: { completion_tokens?: unknown } } | undefined)?.usage;
  if (typeof usage?.completion_tokens === 'number') return usage.completion_tokens;
  const m = typeof res.body === 'string' ? /"completion_tokens":(\d+)/.exec(res.body) : null;
  return m ? Number(m[1]) : undefined;
}

/** How late a whole (not streamed) answer is sent at `pace`: the first token's wait, then one per completion token. */
export function wholeAnswerDelay(res: MockResponse, pace: Pace): number {
  if (res.stream !== undefined || res.status !== 200) return 0;
  const tokens = completionTokensOf(res);
  return tokens === undefined ? 0 : pace.ttftMs + tokens * pace.itlMs;
}

/** True for a streamed answer of Server-Sent Events (what `streamTtftMs`/`streamItlMs` pace). */
export function isEventStream(res: MockResponse): boolean {
  return res.stream !== undefined && (res.headers['content-type'] ?? '').startsWith('text/event-stream');
}

/** A stream paced and/or cut after `cutAfter` events; a whole-body answer with a cut is its headers alone. */
export function shapeAnswer(
  res: MockResponse,
  pace: Pace | undefined,
  cutAfter: number | undefined,
  gone: Gone | undefined,
): MockResponse {
  if (res.stream) {
    let stream = res.stream;
    if (pace) stream = pacedStream(stream, pace, gone);
    if (cutAfter !== undefined) stream = cutAfterEvents(stream, cutAfter);
    return { status: res.status, headers: res.headers, stream, paced: pace !== undefined || res.paced };
  }
  if (cutAfter === undefined) return res;
  return { status: res.status, headers: res.headers, stream: cutAfterEvents(nothing(), 0), paced: true };
}
