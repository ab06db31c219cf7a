/**
 * @module Reading SSE and JSONL responses incrementally, judging each event or line as it arrives,
 * with the first bytes kept for evidence.
 */
import { JsonlSplitter, type JsonlLine } from '../transport/jsonl.js';
import { SseParser, type SseEvent } from '../transport/sse.js';
import type { StreamingExchange } from '../transport/types.js';

const FIRST_BYTES = 2048;

export interface StreamEnd {
  /** True when the callback asked to stop before the body ended. */
  readonly stopped: boolean;
  /** The first bytes of the body, for evidence. */
  readonly firstBytes: string;
  readonly totalBytes: number;
}

export interface SseEnd extends StreamEnd {
  /** Text of a trailing event that never got its blank line (a cut stream). */
  readonly incomplete: string | undefined;
}

function keepFirst(state: { first: string; total: number }, chunk: Uint8Array): void {
  state.total += chunk.length;
  if (state.first.length < FIRST_BYTES)
    state.first += Buffer.from(chunk)
      .toString('utf8')
      .slice(0, FIRST_BYTES - state.first.length);
}

/**
 * Feeds every SSE event to `onEvent` with its arrival time (ms since the request); return 'stop' to
 * stop reading. The time is taken once per read, when its bytes arrived: the events of one read
 * share it, whatever judging the earlier ones of them cost (as the proxy times them).
 */
export async function readSse(
  stream: StreamingExchange,
  onEvent: (event: SseEvent, atMs: number) => 'stop' | void,
): Promise<SseEnd> {
  const parser = new SseParser();
  const state = { first: '', total: 0 };
  try {
    for await (const chunk of stream.chunks) {
      const at = stream.elapsedMs();
      keepFirst(state, chunk);
      for (const ev of parser.push(chunk)) {
        if (onEvent(ev, at) === 'stop')
          return { stopped: true, firstBytes: state.first, totalBytes: state.total, incomplete: undefined };
      }
    }
    const end = parser.end();
    const at = stream.elapsedMs();
    for (const ev of end.events) if (onEvent(ev, at) === 'stop') break;
    return { stopped: false, firstBytes: state.first, totalBytes: state.total, incomplete: end.incomplete };
  } finally {
    await stream.close();
  }
}

/** Feeds every JSONL line to `onLine`; return 'stop' to stop reading (e.g. at the read cap). */
export async function readJsonl(
  stream: StreamingExchange,
  onLine: (line: JsonlLine) => 'stop' | void,
): Promise<StreamEnd> {
  const splitter = new JsonlSplitter();
  const state = { first: '', total: 0 };
  try {
    for await (const chunk of stream.chunks) {
      keepFirst(state, chunk);
      for (const line of splitter.push(chunk)) {
        if (onLine(line) === 'stop') return { stopped: true, firstBytes: state.first, totalBytes: state.total };
      }
    }
    for (const line of splitter.end()) if (onLine(line) === 'stop') break;
    return { stopped: false, firstBytes: state.first, totalBytes: state.total };
  } finally {
    await stream.close();
  }
}
