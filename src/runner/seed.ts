/** @module Per-check seeds: derived from the run seed and the check id, so `--only ID --seed S` replays exactly the cases of a full run. */
import { hash32 } from '../core/hash.js';

export function deriveSeed(runSeed: number, checkId: string): number {
  return (hash32(`${runSeed}:${checkId}`) ^ runSeed) | 0;
}
