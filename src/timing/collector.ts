/** @module The run's timing: a client wrapper that times every exchange answered 2xx. */
import { matchOperation } from '../core/operations.js';
import type { TimingTable } from '../core/timing.js';
import { is2xx, mediaTypeOf } from '../core/values.js';
import { SseParser } from '../transport/sse.js';
import type { HttpClient, StreamingExchange } from '../transport/types.js';
import { StreamTimer } from './stream-timer.js';
import { TimingSketches } from './table.js';

export interface TimingCollector {
  wrap(client: HttpClient): HttpClient;
  /** The report's timing table; undefined when nothing was timed. */
  table(): TimingTable | undefined;
}

export function createTimingCollector(): TimingCollector {
  const sketches = new TimingSketches();

  /** The stream with its chunks timed as they arrive; only a body read to its end counts its end. */
  function timed(
    ex: StreamingExchange,
    onChunk: ((chunk: Uint8Array, atMs: number) => void) | undefined,
    onEnd: (atMs: number) => void,
  ): StreamingExchange {
    const chunks = (async function* () {
      for await (const chunk of ex.chunks) {
        onChunk?.(chunk, ex.elapsedMs());
        yield chunk;
      }
      onEnd(ex.elapsedMs());
    })();
    return { ...ex, chunks, elapsedMs: () => ex.elapsedMs(), close: () => ex.close() };
  }

  return {
    table: () => sketches.table(),
    wrap(client) {
      return {
        async send(spec) {
          const ex = await client.send(spec);
          const op = matchOperation(spec.method, spec.path)?.op;
          if (op && is2xx(ex.response.status)) sketches.record(op.id, 'latency_ms', ex.response.durationMs);
          return ex;
        },
        async open(spec) {
          const ex = await client.open(spec);
          const op = matchOperation(spec.method, spec.path)?.op;
          if (!op || !is2xx(ex.status)) return ex;
          if (mediaTypeOf(ex.headers['content-type']) !== 'text/event-stream')
            return timed(ex, undefined, (at) => sketches.record(op.id, 'latency_ms', at));
          const parser = new SseParser();
          const timer = new StreamTimer(sketches, op.id);
          return timed(
            ex,
            (chunk, at) => {
              for (const ev of parser.push(chunk)) timer.event(ev.data, at);
            },
            (at) => {
              for (const ev of parser.end().events) timer.event(ev.data, at);
              timer.end(at);
            },
          );
        },
      };
    },
  };
}
