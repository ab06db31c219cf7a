/** @module Deterministic sampling: the same seed gives the same values (the `--seed` promise). */
import fc from 'fast-check';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';

/** One value valid against `schema` (a registry name or a schema object), fixed by `seed`. */
export function sampleValid(schema: object | string, seed: number): unknown {
  return fc.sample(arbitraryFromSchema(schema), { seed, numRuns: 1 })[0];
}

/** `count` values of `arb`, fixed by `seed` (fast-check's own generation, no shrinking). */
export function sampleRequests<T>(arb: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arb, { seed, numRuns: count });
}
