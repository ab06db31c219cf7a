/**
 * @module Record ids that decode to their index (reads are O(1), nothing is stored): UUIDv7-shaped
 * (RFC 9562 §5.7), the 48-bit timestamp is the record's start time (base + index × step), the
 * random bits a hash of (seed, project, kind, index). Decoding reads the index from the timestamp
 * and accepts the id only if it re-encodes to the same string.
 */
import { mix32 } from '../util/hash.js';

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

/** A UUIDv7-shaped id for a timestamp (ms) and a 32-bit salt. */
export function uuidV7Like(timestampMs: number, salt: number): string {
  const a = mix32(salt, 1);
  const b = mix32(salt, 2);
  const c = mix32(salt, 3);
  const ts = hex(timestampMs, 12);
  return `${ts.slice(0, 8)}-${ts.slice(8)}-7${hex(a & 0xfff, 3)}-${hex(0x8000 | (b & 0x3fff), 4)}-${hex(c, 8)}${hex(a >>> 16, 4)}`;
}

/** The timestamp (ms) a UUIDv7-shaped id carries, or undefined when it is not one. */
export function timestampOf(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return undefined;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
