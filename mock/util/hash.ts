/** @module Small, fast, deterministic hashing for the mock's generated data (not cryptographic). */

/** cyrb53: a 53-bit string hash with good spread; `salt` gives independent streams. */
export function hash53(text: string, salt = 0): number {
  const state = start53(salt);
  mixText(state, text);
  return finish53(state);
}

/** cyrb53 over a JSON value's structure, without serialising it (a third of the cost); types, lengths and keys mixed in. */
export function hashJson(value: unknown, salt = 0): number {
  const state = start53(salt);
  walk(state, value);
  return finish53(state);
}

interface HashState {
  h1: number;
  h2: number;
}

function start53(salt: number): HashState {
  return { h1: 0xdeadbeef ^ salt, h2: 0x41c6ce57 ^ salt };
}

function finish53({ h1, h2 }: HashState): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function mix(s: HashState, code: number): void {
  s.h1 = Math.imul(s.h1 ^ code, 2654435761);
  s.h2 = Math.imul(s.h2 ^ code, 1597334677);
}

function mixText(s: HashState, text: string): void {
  let { h1, h2 } = s;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  s.h1 = h1;
  s.h2 = h2;
}

// Tags above the UTF-16 range, so a tag never reads as a character.
const STRING = 0x10000;
const NUMBER = 0x10001;
const NULL = 0x10002;
const TRUE = 0x10003;
const FALSE = 0x10004;
const ARRAY = 0x10005;
const OBJECT = 0x10006;
const END = 0x10007;

function walk(s: HashState, value: unknown): void {
  if (typeof value === 'string') {
    mix(s, STRING);
    mix(s, value.length);
    mixText(s, value);
  } else if (typeof value === 'number') {
    mix(s, NUMBER);
    mixText(s, String(value));
  } else if (typeof value === 'boolean') {
    mix(s, value ? TRUE : FALSE);
  } else if (Array.isArray(value)) {
    mix(s, ARRAY);
    mix(s, value.length);
    for (const item of value) walk(s, item);
  } else if (typeof value === 'object' && value !== null) {
    mix(s, OBJECT);
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const item = object[key];
      if (item === undefined) continue; // as JSON.stringify leaves it out
      mix(s, key.length);
      mixText(s, key);
      walk(s, item);
    }
    mix(s, END);
  } else {
    mix(s, NULL); // null, and undefined as an array item or at the top (JSON.stringify writes null)
  }
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
