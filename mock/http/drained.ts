/** @module Backpressure for node:http writers (the mock's adapter and the bench's raw JSONL baseline). */
import type { ServerResponse } from 'node:http';

/** Waits until the socket drains (or closes) after a write that filled its buffer. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
