/** @module FNV-1a: a small, fast, deterministic 32-bit string hash (not cryptographic), shared by the runner's seeds and the mock's generated data. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
