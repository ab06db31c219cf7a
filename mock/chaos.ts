/** @module Chaos for client authors' retry logic: 429, 500, 503 or a stream cut at a rate (seeded: repeatable). */
import { internalError, overloaded, rateLimited } from './errors.js';
import type { Family } from './http/family.js';
import { cutAfterEvents } from './stream-shaping.js';
import type { MockResponse } from './types.js';
import { createRng } from './util/prng.js';

export type ChaosKind = 'rate-limited' | 'internal-error' | 'overloaded' | 'stream-cut';
const KINDS: readonly ChaosKind[] = ['rate-limited', 'internal-error', 'overloaded', 'stream-cut'];

const CUT_AFTER_EVENTS = 2;

/** The random numbers chaos draws: seeded (repeatable, restartable) or Math.random. */
export interface ChaosDice {
  next(): number;
  /** Back to the first draw of the seed (nothing for Math.random). */
  restart(): void;
}

export function chaosDice(seed: number | undefined): ChaosDice {
  if (seed === undefined) return { next: Math.random, restart: () => {} };
  const rng = createRng(seed);
  return { next: rng.next, restart: () => rng.seed(seed) };
}

export function drawChaos(rate: number, random: () => number = Math.random): ChaosKind | undefined {
  if (rate <= 0 || random() >= rate) return undefined;
  return KINDS[Math.floor(random() * KINDS.length)];
}

export function chaosResponse(kind: Exclude<ChaosKind, 'stream-cut'>, family: Family): MockResponse {
  if (kind === 'rate-limited') return rateLimited(family);
  if (kind === 'internal-error') return internalError(family);
  return overloaded(family);
}

export function cutStream(stream: AsyncIterable<string>): AsyncGenerator<string> {
  return cutAfterEvents(stream, CUT_AFTER_EVENTS);
}
