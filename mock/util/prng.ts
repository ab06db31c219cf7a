/** @module A seedable PRNG (mulberry32) whose reseeding is O(1), as the mock's records reseed it for every line. */

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** Reseeds in O(1). */
  seed(seed: number): void;
}

export function createRng(seed = 0): Rng {
  let state = seed | 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    seed(s) {
      state = s | 0;
    },
  };
}
