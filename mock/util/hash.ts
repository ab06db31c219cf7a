/** @module Small, fast, deterministic hashing for the mock's generated data (not cryptographic). */

/** cyrb53: a 53-bit string hash with good spread; `salt` gives independent streams. */
export function hash53(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 32-bit hash of a string (FNV-1a), e.g. for token ids. */
export { hash32 } from '../../src/core/hash.js';

/** Mixes an integer into a 32-bit state (for per-index seeds without string building). */
export function mix32(a: number, b: number): number {
  let h = (Math.imul(a, 0x9e3779b1) + Math.imul(b ^ 0x5bd1e995, 0x85ebca77)) | 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
