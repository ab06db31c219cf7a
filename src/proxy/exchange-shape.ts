/**
 * @module The shape of an exchange (`<operation> <status> <+|-><sorted body keys>`) by which the
 * session samples repeats for coverage; interned, so counting per shape allocates nothing.
 */

import { isJsonObject } from '../core/values.js';

/** Sorted key lists of recent request bodies, by their keys in the order sent (most traffic repeats a few). */
const SORTED_KEYS = new Map<string, string>();
const SORTED_KEYS_MAX = 256;

/** A body's keys sorted and joined with ",": the shape's part the body gives (a sort per new key order only). */
function sortedKeys(body: Record<string, unknown>): string {
  const keys = Object.keys(body);
  // A key with a comma would make two key lists join alike: those are sorted each time.
  for (const k of keys) if (k.includes(',')) return keys.sort().join(',');
  const sent = keys.join(',');
  let sorted = SORTED_KEYS.get(sent);
  if (sorted === undefined) {
    sorted = keys.sort().join(',');
    if (SORTED_KEYS.size >= SORTED_KEYS_MAX) SORTED_KEYS.clear();
    SORTED_KEYS.set(sent, sorted);
  }
  return sorted;
}

/** Shapes made before, by their key list (the same string each time: its hash is kept), operation, status and credentials. */
const SHAPES = new Map<string, Map<string, Map<number, string>>>();

/** An exchange's shape for coverage sampling: `<operation> <status> <+|-><sorted body keys>`. */
export function shapeOf(opId: string, status: number, authorization: string | undefined, body: unknown): string {
  const authorized = authorization !== undefined;
  const keys = isJsonObject(body) ? sortedKeys(body) : '';
  if (SHAPES.size >= SORTED_KEYS_MAX) SHAPES.clear();
  let byOp = SHAPES.get(keys);
  if (!byOp) SHAPES.set(keys, (byOp = new Map()));
  let byStatus = byOp.get(opId);
  if (!byStatus) byOp.set(opId, (byStatus = new Map()));
  const n = authorized ? status : -status;
  let shape = byStatus.get(n);
  if (shape === undefined) byStatus.set(n, (shape = `${opId} ${status} ${authorized ? '+' : '-'}${keys}`));
  return shape;
}
