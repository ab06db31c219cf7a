/**
 * @module A proxy session that judged nothing of the server is COULD NOT JUDGE (exit 3): no traffic
 * (`CTS_NO_TRAFFIC`), or the target never answered (`CTS_TARGET_UNREACHABLE`).
 */
import type { RunReport, UnjudgedCode } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summaryOf } from '../core/summary.js';

/** The code of a session through which no exchange of the interface came (schemas/report/run-report.json). */
const NO_TRAFFIC = 'CTS_NO_TRAFFIC' as UnjudgedCode;

/** Errors that mean no answer came from the target at all (a refused or unresolvable connection). */
const NEVER_ANSWERED: ReadonlySet<string> = new Set(['CTS_TARGET_UNREACHABLE']);

/** Whether a result holds a judgement of the server: a rule judged on an answer, held or broken. */
const judgedTheServer = (r: CheckResult): boolean => r.status === 'pass' || r.status === 'fail';

/** The server's report, COULD NOT JUDGE when the session judged nothing of the server (see the module). */
export function withNothingJudged(server: RunReport, exchanges: number): RunReport {
  if (server.unjudged || server.results.some(judgedTheServer)) return server;
  const unanswered = server.results.filter((r) => r.status === 'error' && NEVER_ANSWERED.has(r.errorCode ?? ''));
  if (server.results.length > 0 && unanswered.length !== server.results.length) return server;
  const [code, reason] =
    unanswered.length === 0
      ? [NO_TRAFFIC, `no exchange of the interface came through the proxy (${exchanges} observed): nothing was judged`]
      : [
          'CTS_TARGET_UNREACHABLE' as UnjudgedCode,
          `the target never answered: ${unanswered[0]!.message ?? 'not reached'}`,
        ];
  const unjudged = { code, reason, families: ['bearer', 'basic'] as ('bearer' | 'basic')[] };
  const results = server.results.map((r): CheckResult => {
    if (!unanswered.includes(r)) return r;
    const { errorCode, message, ...rest } = r;
    return {
      ...rest,
      status: 'skip',
      reason: `not judged: the target never answered (${errorCode}: ${message ?? ''})`,
    };
  });
  const built = { ...server, results, unjudged };
  return { ...built, summary: summaryOf(built) };
}
