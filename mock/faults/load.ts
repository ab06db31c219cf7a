/**
 * @module Planted faults for the checks under load (suites/load): bugs a server shows only when
 * requests overlap, as batching servers do. Each holds a chat request a few milliseconds so that a
 * burst's requests are in the mock at once, as they would be in a batch.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { internalError } from '../errors.js';
import type { MockResponse } from '../types.js';
import { defineFault, type Fault } from './types.js';

/** How long an answer waits for another to cross with, or a request stays in flight. */
const OVERLAP_MS = 25;

const ids = {
  belong: 'load.answers-belong-to-their-requests',
  shed: 'load.sheds-with-429-or-503',
};

/** An answer waiting for another to cross with, and how to hand it the other one. */
let parked: { res: MockResponse; take(other: MockResponse): void } | undefined;

/** Concurrent chat requests in the mock (the saturation fault's own count). */
let inFlight = 0;

export const loadFaults: readonly Fault[] = [
  defineFault({
    id: 'load.crossed-answers',
    description:
      "Chat answers that are ready at about the same time go to each other's callers (an answer handed to another request of a batch); an answer alone is its own.",
    breaks: [ids.belong],
    async after(_req, res, ctx) {
      if (ctx.operation !== 'chat.create' || res.status !== 200) return res;
      const other = parked;
      if (other) {
        parked = undefined;
        other.take(res);
        return other.res;
      }
      return new Promise<MockResponse>((resolve) => {
        const mine = { res, take: resolve };
        parked = mine;
        setTimeout(() => {
          if (parked === mine) {
            parked = undefined;
            resolve(res);
          }
        }, OVERLAP_MS);
      });
    },
  }),
  defineFault({
    id: 'load.500-when-saturated',
    description:
      'A chat request that arrives while two are in flight is answered 500 instead of 429/503 with Retry-After.',
    breaks: [ids.shed],
    async before(req, ctx) {
      if (ctx.operation !== 'chat.create') return req;
      if (inFlight >= 2) return internalError('openai');
      inFlight++;
      try {
        await sleep(OVERLAP_MS);
      } finally {
        inFlight--;
      }
      return req;
    },
  }),
];
