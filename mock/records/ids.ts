/** @module Record ids that decode to their index: UUIDv7-shaped (RFC 9562 §5.7), checked by re-encoding. */
import { mix32 } from '../util/hash.js';

// A byte-to-hex table: ids are formatted per listed record, and toString(16).padStart showed up in profiles.
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const hex8 = (n: number): string =>
  BYTE_HEX[(n >>> 24) & 255]! + BYTE_HEX[(n >>> 16) & 255]! + BYTE_HEX[(n >>> 8) & 255]! + BYTE_HEX[n & 255]!;
const hex4 = (n: number): string => BYTE_HEX[(n >>> 8) & 255]! + BYTE_HEX[n & 255]!;

export function uuidV7Like(timestampMs: number, salt: number): string {
  const a = mix32(salt, 1);
  const b = mix32(salt, 2);
  const c = mix32(salt, 3);
  const high = Math.floor(timestampMs / 0x10000);
  return `${hex8(high)}-${hex4(timestampMs & 0xffff)}-${hex4(0x7000 | (a & 0xfff))}-${hex4(0x8000 | (b & 0x3fff))}-${hex8(c)}${hex4(a >>> 16)}`;
}

/** The timestamp (ms) a UUIDv7-shaped id carries, or undefined when it is not one. */
export function timestampOf(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return undefined;
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
