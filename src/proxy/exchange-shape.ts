/**
 * @module The shape of an exchange (`<operation> <status> <+|-><sorted body keys>`) by which the
 * session samples repeats for coverage; interned, so counting per shape allocates nothing.
 */

import { isJsonObject } from '../core/values.js';

/** Key lists seen, a trie walked in the order sent: a node's list sorted and joined once (afresh past 4,096 nodes). */
type KeyNode = { readonly next: Map<string, KeyNode>; sorted?: string };
let keyTrie: KeyNode = { next: new Map() };
let keyNodes = 0;

/** A body's keys sorted and joined with ",": maps read by parsed keys (hashes kept), no string built once seen. */
function sortedKeys(body: Record<string, unknown>): string {
  let node = keyTrie;
  // for-in: the own keys in Object.keys' order, then any inherited ones; a path is one key list either way.
  for (const k in body) {
    let child = node.next.get(k);
    if (child === undefined) {
      if (++keyNodes > 4_096) [keyTrie, keyNodes] = [{ next: new Map() }, 0];
      node.next.set(k, (child = { next: new Map() }));
    }
    node = child;
  }
  return (node.sorted ??= Object.keys(body).sort().join(','));
}

/** Shapes made before by key list (at most 256; one string each, its hash kept), operation, status and credentials. */
const SHAPES = new Map<string, Map<string, Map<number, string>>>();

/** An exchange's shape for coverage sampling: `<operation> <status> <+|-><sorted body keys>`. */
export function shapeOf(opId: string, status: number, authorization: string | undefined, body: unknown): string {
  const authorized = authorization !== undefined;
  const keys = isJsonObject(body) ? sortedKeys(body) : '';
  if (SHAPES.size >= 256) SHAPES.clear();
  let byOp = SHAPES.get(keys);
  if (!byOp) SHAPES.set(keys, (byOp = new Map()));
  let byStatus = byOp.get(opId);
  if (!byStatus) byOp.set(opId, (byStatus = new Map()));
  const n = authorized ? status : -status;
  let shape = byStatus.get(n);
  if (shape === undefined) byStatus.set(n, (shape = `${opId} ${status} ${authorized ? '+' : '-'}${keys}`));
  return shape;
}
