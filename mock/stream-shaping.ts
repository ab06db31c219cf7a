/**
 * @module A streamed answer shaped in time for client authors: paced (the first event `ttftMs` after
 * the headers, each later one `itlMs` after the one before, as a model server sends tokens), or cut
 * (some events, then the connection dropped, as a server that dies mid-answer). Both wrap any
 * stream; the adapters turn a cut into what a client sees of a dropped connection.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MockResponse } from './types.js';

/** Thrown inside a stream to make the adapter drop the connection. */
export class StreamCut extends Error {
  constructor() {
    super('stream cut');
    this.name = 'StreamCut';
  }
}

/** Stream pacing, in ms. */
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

/**
 * The stream's chunks spaced in time: the first `ttftMs` after it is first read, each later one
 * `itlMs` after the one before was taken. Ends quietly when the client goes away.
 */
export async function* pacedStream(
  stream: AsyncIterable<string>,
  pace: Pace,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  let due = performance.now() + pace.ttftMs;
  for await (const chunk of stream) {
    if (!(await waitUntil(due, signal))) return;
    yield chunk;
    due = performance.now() + pace.itlMs;
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

/** True for a streamed answer of Server-Sent Events (what `streamTtftMs`/`streamItlMs` pace). */
export function isEventStream(res: MockResponse): boolean {
  return res.stream !== undefined && (res.headers['content-type'] ?? '').startsWith('text/event-stream');
}

/**
 * An answer with its timing and fault applied: a stream paced and/or cut after `cutAfter` events;
 * a whole-body answer with a cut is its headers alone, then the connection dropped.
 */
export function shapeAnswer(
  res: MockResponse,
  pace: Pace | undefined,
  cutAfter: number | undefined,
  signal: AbortSignal | undefined,
): MockResponse {
  if (res.stream) {
    let stream = res.stream;
    if (pace) stream = pacedStream(stream, pace, signal);
    if (cutAfter !== undefined) stream = cutAfterEvents(stream, cutAfter);
    return { status: res.status, headers: res.headers, stream, paced: pace !== undefined || res.paced };
  }
  if (cutAfter === undefined) return res;
  return { status: res.status, headers: res.headers, stream: cutAfterEvents(nothing(), 0), paced: true };
}
