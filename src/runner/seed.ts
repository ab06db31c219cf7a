/** @module Per-check seeds: derived from the run seed and the check id, so `--only ID --seed S` replays exactly the cases of a full run. */

/** FNV-1a 32-bit. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function deriveSeed(runSeed: number, checkId: string): number {
  return (hash32(`${runSeed}:${checkId}`) ^ runSeed) | 0;
}
