/** @module JSONL listing (§4.5/§4.7): records produced lazily as the consumer pulls, batched into ~64 KiB strings. */
import type { Gone } from '../exchange.js';
import type { RecordKind, RecordSource, Selection } from './source.js';

const JSONL_BATCH_BYTES = 64 * 1024;

export async function* jsonlStream(
  source: RecordSource,
  kind: RecordKind,
  selection: Selection,
  svcUserId: string,
  signal?: Gone,
): AsyncGenerator<string> {
  let batch = '';
  const owner = JSON.stringify(svcUserId);
  for (let k = 0; k < selection.count; k++) {
    batch += source.line(kind, selection.start + k * selection.stride, owner) + '\n';
    if (batch.length >= JSONL_BATCH_BYTES) {
      if (signal?.aborted) return;
      yield batch;
      batch = '';
    }
  }
  if (batch && !signal?.aborted) yield batch;
}
