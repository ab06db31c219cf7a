/**
 * @module Targets that answer, then never finish: what a stuck upstream behind a reverse proxy does.
 * Each answers every request at once and then drips, one byte or one line per tick, forever: the
 * status line and headers, a JSON body, SSE comments, or JSONL lines. Where the test process runs
 * with `--expose-gc` (vitest.config.ts), every tick forces a garbage collection: a deadline lost to
 * a collection (src/transport/deadline.ts says how) needed one to happen while a body was dripping,
 * which then happens in every run instead of now and then.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export type DripPattern = 'headers' | 'json-body' | 'sse-comments' | 'jsonl-lines';
export const DRIP_PATTERNS: readonly DripPattern[] = ['headers', 'json-body', 'sse-comments', 'jsonl-lines'];

export interface DripServer {
  readonly url: string;
  /** Requests received (one per connection at most: the answer never ends). */
  requests(): number;
  close(): Promise<void>;
}

const exposedGc = (globalThis as { gc?: () => void }).gc;
let lastGc = 0;
/** At most one forced collection every 200 ms, whatever the number of sockets dripping. */
function collect(): void {
  const now = performance.now();
  if (!exposedGc || now - lastGc < 200) return;
  lastGc = now;
  exposedGc();
}

/** What the answer starts with, and what each tick adds. */
function script(pattern: DripPattern): { head: string; drip: (tick: number) => string } {
  switch (pattern) {
    case 'headers': {
      const headers = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Slow: ';
      return { head: '', drip: (tick) => (tick < headers.length ? headers[tick]! : 'a') };
    }
    case 'json-body':
      return {
        head: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"choices":[',
        drip: () => ' ',
      };
    case 'sse-comments':
      return {
        head: 'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
        drip: () => chunk(': still thinking\n\n'),
      };
    case 'jsonl-lines':
      return {
        head: 'HTTP/1.1 200 OK\r\nContent-Type: application/jsonl\r\nTransfer-Encoding: chunked\r\n\r\n',
        drip: (tick) => chunk(`{"prediction_id":"p-${tick}","score_id":"s-${tick}","value":1}\n`),
      };
  }
}

function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

/** Starts a dripping target on 127.0.0.1 (port 0); it drips every `tickMs` until closed. */
export async function startDripServer(pattern: DripPattern, tickMs: number): Promise<DripServer> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const { head, drip } = script(pattern);
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined); // the client giving up is the point
    let started = false;
    let tick = 0;
    const timer = setInterval(() => {
      if (!started || socket.destroyed) return;
      collect();
      socket.write(drip(tick++));
    }, tickMs);
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
    });
    // Answer once the request line has arrived; the request body is never read to its end.
    socket.once('data', () => {
      requests++;
      started = true;
      if (head) socket.write(head);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
