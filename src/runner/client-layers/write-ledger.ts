/** @module The write ledger (src/runner/write-ledger.ts) as a client layer. */
import type { AcceptedBeyond, WriteLedger } from '../write-ledger.js';
import type { ClientLayer } from './compose.js';

/** The layer, and what it saw accepted beyond the budget once the check has sent through it. */
export function ledgerLayer(writes: WriteLedger): {
  readonly layer: ClientLayer;
  acceptedBeyond(): AcceptedBeyond | undefined;
} {
  let ledgered: ReturnType<WriteLedger['wrap']> | undefined;
  return {
    layer: (inner) => {
      ledgered = writes.wrap(inner);
      return ledgered.http;
    },
    acceptedBeyond: () => ledgered?.acceptedBeyond(),
  };
}
