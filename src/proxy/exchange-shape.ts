/**
 * @module The shape of an exchange (`<operation> <status> <+|-><sorted body keys>`) by which the
 * session samples repeats for coverage; interned, so counting per shape allocates nothing.
 */

import { isJsonObject } from '../core/values.js';

/** Key lists seen, as a trie walked in the order the keys were sent: each node's list sorted and joined once. */
interface KeyNode {
  readonly next: Map<string, KeyNode>;
  sorted?: string;
}
let keyTrie: KeyNode = { next: new Map() };
let keyNodes = 0;
/** Nodes kept before the trie starts afresh (most traffic repeats a few key lists). */
const KEY_NODES_MAX = 4_096;

/**
 * A body's keys sorted and joined with ",": the shape's part the body gives. The walk reads only maps
 * keyed by the parsed keys (strings whose hash V8 keeps), so a key list seen before costs no string.
 */
function sortedKeys(body: Record<string, unknown>): string {
  let node = keyTrie;
  // for-in: the own keys in Object.keys' order, then any inherited ones; a path is one key list either way.
  for (const k in body) {
    let child = node.next.get(k);
    if (child === undefined) {
      if (++keyNodes > KEY_NODES_MAX) {
        keyTrie = { next: new Map() };
        keyNodes = 0;
        return Object.keys(body).sort().join(',');
      }
      node.next.set(k, (child = { next: new Map() }));
    }
    node = child;
  }
  return (node.sorted ??= Object.keys(body).sort().join(','));
}

/** Shapes made before, by their key list (the same string each time: its hash is kept), operation, status and credentials. */
const SHAPES = new Map<string, Map<string, Map<number, string>>>();
const SHAPES_MAX = 256;

/** An exchange's shape for coverage sampling: `<operation> <status> <+|-><sorted body keys>`. */
export function shapeOf(opId: string, status: number, authorization: string | undefined, body: unknown): string {
  const authorized = authorization !== undefined;
  const keys = isJsonObject(body) ? sortedKeys(body) : '';
  if (SHAPES.size >= SHAPES_MAX) SHAPES.clear();
  let byOp = SHAPES.get(keys);
  if (!byOp) SHAPES.set(keys, (byOp = new Map()));
  let byStatus = byOp.get(opId);
  if (!byStatus) byOp.set(opId, (byStatus = new Map()));
  const n = authorized ? status : -status;
  let shape = byStatus.get(n);
  if (shape === undefined) byStatus.set(n, (shape = `${opId} ${status} ${authorized ? '+' : '-'}${keys}`));
  return shape;
}
