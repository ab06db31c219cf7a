/** @module `maxConcurrency`: `max` requests served at once, `queued` waiting (as many by default), the rest answered 429 `Retry-After`. */
import { rateLimited } from './errors.js';
import type { Family } from './http/family.js';
import type { MockResponse } from './types.js';

export interface ConcurrencyLimit {
  /** Serves `answer` when a place is free, after waiting for one if the queue has room; else 429. */
  run(family: Family, answer: () => Promise<MockResponse>, signal?: AbortSignal): Promise<MockResponse>;
}

export function createConcurrencyLimit(max: number, queued = max): ConcurrencyLimit {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(family, answer, signal) {
      if (active >= max) {
        if (waiting.length >= queued) return rateLimited(family);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        const next = waiting.shift();
        if (next) next();
        else active--;
      };
      let res: MockResponse;
      try {
        res = await answer();
      } catch (err) {
        release();
        throw err;
      }
      const stream = res.stream;
      if (!stream || signal?.aborted) {
        release();
        return res;
      }
      signal?.addEventListener('abort', release, { once: true });
      async function* holding(): AsyncGenerator<string> {
        try {
          yield* stream!;
        } finally {
          release();
        }
      }
      return { ...res, stream: holding() };
    },
  };
}
