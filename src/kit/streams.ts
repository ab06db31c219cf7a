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

/**
 * Reads a body through `parser`, feeding each item to `onItem` with the time its read arrived (ms
 * since the request); 'stop' stops reading. Items found at the end share the end's time.
 */
async function readItems<T, E>(
  stream: StreamingExchange,
  parser: { push(chunk: Uint8Array): Iterable<T>; end(): E },
  itemsAtEnd: (end: E) => Iterable<T>,
  onItem: (item: T, atMs: number) => 'stop' | void,
): Promise<StreamEnd & { end?: E }> {
  let firstBytes = '';
  let totalBytes = 0;
  try {
    for await (const chunk of stream.chunks) {
      const at = stream.elapsedMs();
      totalBytes += chunk.length;
      if (firstBytes.length < FIRST_BYTES)
        firstBytes += Buffer.from(chunk)
          .toString('utf8')
          .slice(0, FIRST_BYTES - firstBytes.length);
      for (const item of parser.push(chunk))
        if (onItem(item, at) === 'stop') return { stopped: true, firstBytes, totalBytes };
    }
    const end = parser.end();
    const at = stream.elapsedMs();
    for (const item of itemsAtEnd(end)) if (onItem(item, at) === 'stop') break;
    return { stopped: false, firstBytes, totalBytes, end };
  } finally {
    await stream.close();
  }
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
  const { end, ...read } = await readItems(stream, new SseParser(), (e) => e.events, onEvent);
  return { ...read, incomplete: end?.incomplete };
}

/** Feeds every JSONL line to `onLine`; return 'stop' to stop reading (e.g. at the read cap). */
export async function readJsonl(
  stream: StreamingExchange,
  onLine: (line: JsonlLine) => 'stop' | void,
): Promise<StreamEnd> {
  const { end: _end, ...read } = await readItems(stream, new JsonlSplitter(), (lines) => lines, onLine);
  return read;
}
