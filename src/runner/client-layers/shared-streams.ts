/** @module Streamed reads without side effects, read whole by one check, handed to the next from memory. */
import { type StreamingExchange, withChunks } from '../../transport/types.js';

/** The largest body kept for other checks (a listing of the mock's 100 records is about 40 KB). */
export const MAX_KEPT_BYTES = 1024 * 1024;

/** A stream read to its end: what a later reader is handed. */
export interface KeptStream {
  readonly request: StreamingExchange['request'];
  readonly status: number;
  readonly headers: StreamingExchange['headers'];
  /** Each chunk with its arrival (ms since the request), so a later reader times the events as the first did. */
  readonly chunks: readonly { readonly bytes: Uint8Array; readonly atMs: number }[];
  readonly headMs: number;
  readonly endMs: number;
}

/** The stream as its first reader sees it, kept (`keep`) once read to its end within the bound. */
export function keeping(stream: StreamingExchange, keep: (kept: KeptStream) => void): StreamingExchange {
  const chunks: { bytes: Uint8Array; atMs: number }[] = [];
  const headMs = stream.elapsedMs();
  let bytes = 0;
  async function* teed(): AsyncGenerator<Uint8Array> {
    let whole = true;
    for await (const chunk of stream.chunks) {
      bytes += chunk.byteLength;
      if (bytes > MAX_KEPT_BYTES) whole = false;
      else chunks.push({ bytes: chunk.slice(), atMs: stream.elapsedMs() });
      yield chunk;
    }
    // Reached only when the body ended and the reader asked for more: every chunk was taken.
    if (whole)
      keep({
        request: stream.request,
        status: stream.status,
        headers: stream.headers,
        chunks,
        headMs,
        endMs: stream.elapsedMs(),
      });
  }
  return withChunks(stream, teed());
}

/** A kept stream handed to a later reader: the same head and body, from memory, with the first reader's times. */
export function replayed(kept: KeptStream): StreamingExchange {
  let at = kept.headMs;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const chunk of kept.chunks) {
      at = chunk.atMs;
      yield chunk.bytes;
    }
    at = kept.endMs;
  }
  return {
    request: kept.request,
    status: kept.status,
    headers: kept.headers,
    chunks: chunks(),
    elapsedMs: () => at,
    close: async () => {},
  };
}
