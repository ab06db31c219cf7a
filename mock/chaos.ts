/**
 * @module Chaos for client authors (off by default): at the given rate a request fails the way
 * hosted deployments fail (docs/conventions.md): 429 with `Retry-After`, 500, 503, or a stream cut
 * mid-way. Random on purpose: it exercises retry logic, not conformance.
 */
import { internalError, overloaded, rateLimited } from './errors.js';
import type { Family } from './http/family.js';
import type { MockResponse } from './types.js';

export type ChaosKind = 'rate-limited' | 'internal-error' | 'overloaded' | 'stream-cut';
const KINDS: readonly ChaosKind[] = ['rate-limited', 'internal-error', 'overloaded', 'stream-cut'];

/** Thrown inside a stream to make the adapter drop the connection. */
class StreamCut extends Error {
  constructor() {
    super('chaos: stream cut');
    this.name = 'StreamCut';
  }
}

/** The chaos that strikes this request, if any. */
export function drawChaos(rate: number, random: () => number = Math.random): ChaosKind | undefined {
  if (rate <= 0 || random() >= rate) return undefined;
  return KINDS[Math.floor(random() * KINDS.length)];
}

/** The response of a chaos kind that answers instead of the route. */
export function chaosResponse(kind: Exclude<ChaosKind, 'stream-cut'>, family: Family): MockResponse {
  if (kind === 'rate-limited') return rateLimited(family);
  if (kind === 'internal-error') return internalError(family);
  return overloaded(family);
}

/** Passes a few chunks through, then fails so the connection is dropped mid-stream. */
export async function* cutStream(stream: AsyncIterable<string>, after = 2): AsyncGenerator<string> {
  let n = 0;
  for await (const chunk of stream) {
    if (n++ >= after) throw new StreamCut();
    yield chunk;
  }
  throw new StreamCut();
}
