/**
 * @module The mock's concurrency limit (`maxConcurrency`), the conformant way to shed load that
 * vLLM's and hosted deployments' front ends follow: at most `max` requests are served at once, as
 * many more wait their turn (first come, first served), and any beyond those are answered 429 with
 * `Retry-After` at once, never a 5xx nor a dropped connection.
 */
import { rateLimited } from './errors.js';
import type { Family } from './http/family.js';
import type { MockResponse } from './types.js';

export interface ConcurrencyLimit {
  /** Serves `answer` when a place is free, after waiting for one if the queue has room; else 429. */
  run(family: Family, answer: () => Promise<MockResponse>): Promise<MockResponse>;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(family, answer) {
      if (active >= max) {
        if (waiting.length >= max) return rateLimited(family);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      try {
        return await answer();
      } finally {
        // The place passes straight to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
