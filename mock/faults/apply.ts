/** @module Applies faults around the core: every `before` in order (one that answers short-circuits), then every `after`. */
import type { MockRequest, MockResponse } from '../types.js';
import { operationOf } from './rewrite.js';
import { isMockResponse, type Fault, type FaultContext } from './types.js';

export async function withFaults(
  faults: readonly Fault[],
  req: MockRequest,
  core: (req: MockRequest) => Promise<MockResponse>,
  mockCtx: FaultContext,
): Promise<MockResponse> {
  if (faults.length === 0) return core(req);
  const ctx: FaultContext = { ...mockCtx, operation: operationOf(req) };
  let current = req;
  let res: MockResponse | undefined;
  for (const fault of faults) {
    if (!fault.before) continue;
    const out = await fault.before(current, ctx);
    if (isMockResponse(out)) {
      res = out;
      break;
    }
    current = out;
  }
  res ??= await core(current);
  for (const fault of faults) if (fault.after) res = await fault.after(current, res, ctx);
  return res;
}
