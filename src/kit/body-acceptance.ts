/**
 * @module Bodies sent to an operation with side effects, judged by the answer's class: a forbidden
 * body must get a 4xx, a valid one a 2xx; the first body answered otherwise is the finding.
 */
import type fc from 'fast-check';
import { propertyRequests, type CheckContext, type CheckSchedule } from '../core/check.js';
import { describeResponse } from '../core/describe.js';
import { fail, pass, type CheckOutcome } from '../core/result.js';
import { is2xx, is4xx } from '../core/values.js';
import type { HttpExchange } from '../transport/types.js';
import { checkProperty, type ProbeResult, writingCases } from './property.js';

/** A body the interface does not allow, and what is wrong with it in words. */
export interface RefusedBodyCase {
  readonly description: string;
  readonly body: Record<string, unknown>;
}

/** Sends each case through `send`; fails on the first one not answered with a 4xx. */
export async function expectEachRefused<C extends RefusedBodyCase>(
  cases: readonly C[],
  send: (body: C['body']) => Promise<HttpExchange>,
  expected: (c: C) => string,
): Promise<CheckOutcome> {
  for (const c of cases) {
    const ex = await send(c.body);
    if (!is4xx(ex.response.status))
      return fail({ expected: expected(c), actual: describeResponse(ex), exchange: ex, counterexample: c.body });
  }
  return pass();
}

/** The schedule of a check whose `run` is `expectEachAccepted`: every case writes one request. */
export function eachAcceptedSchedule(): Required<Pick<CheckSchedule, 'casesWrite' | 'maxRequests'>> {
  return { casesWrite: true, maxRequests: propertyRequests(1) };
}

/** A property over valid bodies, as many as the write budget affords: each answered 2xx, then passing `judge`. */
export function expectEachAccepted<B>(
  ctx: CheckContext,
  bodies: fc.Arbitrary<B>,
  send: (body: B) => Promise<HttpExchange>,
  expected: (body: B) => string,
  judge: (ex: HttpExchange) => ProbeResult = () => ({ ok: true }),
): Promise<CheckOutcome> {
  return checkProperty(
    ctx,
    bodies,
    async (body) => {
      const ex = await send(body);
      if (!is2xx(ex.response.status))
        return { ok: false, expected: expected(body), actual: describeResponse(ex), exchange: ex };
      return judge(ex);
    },
    writingCases(ctx),
  );
}
