/**
 * @module The preflight: before any check runs, one request per path family the selected checks
 * use, with the configured credentials, to find the two states in which no verdict is possible:
 * the target cannot be reached at all, or it refuses the credentials the suite was given (401/403
 * on a request that only needs them). Either is said once, and the checks it concerns are not run:
 * 127 identical connection errors, or 70 failures that are all the same 401, tell a user nothing.
 *
 * Anything else (a timeout, a 5xx, garbage, a redirect) is left to the checks to judge: one slow or
 * broken path does not make the whole target unjudgeable.
 */
import type { TargetConfig } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { operation, type AuthScheme, type OperationId } from '../core/operations.js';
import { pathOf } from '../kit/requests.js';
import type { HttpClient, HttpRequestSpec } from '../transport/types.js';

/** Why (part of) a run could not be judged. */
export interface Unjudged {
  readonly code: 'CTS_TARGET_UNREACHABLE' | 'CTS_CREDENTIALS_REFUSED';
  /** One sentence for a person, naming what to do. */
  readonly reason: string;
  /** The path families whose checks were not run. */
  readonly families: readonly AuthScheme[];
}

/** The probes' deadline at most: a target slower than this is left to the checks to judge. */
const PREFLIGHT_TIMEOUT_MS = 2_000;

/** An id no server holds: the probe only needs the credentials to be looked at. */
const PROBE_ID = '00000000-0000-4000-8000-00000000c0de';

/** A request of the family that needs nothing but valid credentials: a read of an id that does not exist. */
function probeOf(target: TargetConfig, scheme: AuthScheme, timeoutMs: number): HttpRequestSpec {
  const op: OperationId = scheme === 'bearer' ? 'training-jobs.get' : 'predictions.read';
  return {
    method: 'GET',
    path: pathOf(target, op, { training_job_id: PROBE_ID, prediction_id: PROBE_ID }),
    timeoutMs: Math.min(timeoutMs, PREFLIGHT_TIMEOUT_MS),
  };
}

const FLAG: Record<AuthScheme, string> = {
  bearer: '--token (or CONFORMANCE_TOKEN)',
  basic: '--basic USER:PASS (or CONFORMANCE_BASIC)',
};
const FAMILY: Record<AuthScheme, string> = { bearer: '/v1', basic: '/v2' };

/**
 * Probes each family the operations use. Returns undefined when every family can be judged.
 * `configured` says which credentials were given (a refusal without any is a missing flag).
 */
export async function preflight(
  http: HttpClient,
  target: TargetConfig,
  operations: readonly OperationId[],
  configured: Readonly<Record<AuthScheme, boolean>>,
  timeoutMs: number,
): Promise<Unjudged | undefined> {
  const used = new Set(operations.map((op) => operation(op).auth));
  const families = (['bearer', 'basic'] as const).filter((s) => used.has(s));
  const outcomes = await Promise.all(
    families.map(async (scheme) => {
      try {
        const ex = await http.send(probeOf(target, scheme, timeoutMs));
        return { scheme, status: ex.response.status };
      } catch (err) {
        return { scheme, error: err };
      }
    }),
  );
  const unreachable = outcomes.find((o) => ConformanceError.is(o.error) && o.error.code === 'CTS_TARGET_UNREACHABLE');
  if (unreachable) {
    const message = (unreachable.error as ConformanceError).message;
    return {
      code: 'CTS_TARGET_UNREACHABLE',
      reason: `the target could not be reached (${message}); no check was run`,
      families,
    };
  }
  const refused = outcomes.filter((o) => o.status === 401 || o.status === 403);
  if (refused.length === 0) return undefined;
  const parts = refused.map((o) => {
    const given = configured[o.scheme]
      ? `refused the configured credentials (HTTP ${o.status})`
      : `answered HTTP ${o.status}, and no credentials were configured`;
    return `on ${FAMILY[o.scheme]} the target ${given}: pass ${FLAG[o.scheme]}`;
  });
  return {
    code: 'CTS_CREDENTIALS_REFUSED',
    reason: `${parts.join('; ')}. The checks of ${refused.map((o) => FAMILY[o.scheme]).join(' and ')} were not run: every one would only have restated the refusal`,
    families: refused.map((o) => o.scheme),
  };
}
