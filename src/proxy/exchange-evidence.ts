/**
 * @module The evidence of one proxied exchange for a finding: the request as sent, the answer's first
 * bytes, a curl line without credential values, and the replay line.
 */
import type { Operation } from '../core/operations.js';
import { fail, type Evidence } from '../core/result.js';
import { buildEvidence } from '../transport/evidence.js';
import type { RecordedRequest } from '../transport/types.js';
import { curlAuthorization } from './curl-credentials.js';
import type { JudgeContext } from './judge-context.js';
import type { Rule } from '../rules/rule.js';

/** One exchange as its judge holds it when a finding asks for its evidence. */
export interface ExchangeSeenForEvidence {
  readonly op: Operation;
  /** The request, its body as kept (or a note standing for one that was not). */
  readonly request: RecordedRequest;
  /** The answer's status and headers (status 0: none came), and its first bytes. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly firstBytes: string;
  /** Its line in the `--record` file, when it was recorded. */
  readonly recorded: number | undefined;
}

export function exchangeEvidence(
  ctx: JudgeContext,
  x: ExchangeSeenForEvidence,
  expected: string,
  actual: string,
  rule?: Rule,
): Evidence {
  const outcome = fail({
    expected,
    actual,
    streamRequest: x.request,
    ...(x.status ? { streamExcerpt: { status: x.status, headers: { ...x.headers }, firstBytes: x.firstBytes } } : {}),
  });
  return buildEvidence(outcome, {
    redact: ctx.redactor(),
    token: ctx.settings.configured?.token,
    basic: ctx.settings.configured?.basic,
    otherAuthorization: curlAuthorization(x.op.auth, ctx.settings.configured, x.status),
    seed: 0,
    replay: ctx.replayExchange ? ctx.replayExchange(x.recorded, x.op, rule) : ctx.replay,
  });
}
