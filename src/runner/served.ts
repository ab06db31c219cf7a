/**
 * @module What the target serves, told by probes: a part whose every probe (a request it never
 * answers 404 or 405 when served, with the credentials and without them) answers 404 or 405 is not
 * served. Its checks are not run; without `--serves` that is a gap the verdict names.
 */
import type { TargetConfig } from '../core/check.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import { PARTS, type Part } from '../core/parts.js';
import type { HttpClient, HttpRequestSpec } from '../transport/types.js';
import { listReadOf, unparsableOf } from './preflight.js';

/** A probe's deadline at most (a slow target is left to the checks). */
const PROBE_TIMEOUT_MS = 2_000;

/** A request of the part that a server serving it answers neither 404 nor 405 (a refusal or an answer). */
function probeOf(target: TargetConfig, part: Part, timeoutMs: number): HttpRequestSpec {
  const timeout = Math.min(timeoutMs, PROBE_TIMEOUT_MS);
  if (part === 'records') return listReadOf(target, timeout);
  return unparsableOf(target, part === 'chat' ? 'chat.create' : 'training-jobs.create', timeout);
}

/** Whether every probe of the part answered 404 or 405; false when one failed to get an answer. */
async function notServed(http: HttpClient, target: TargetConfig, part: Part, timeoutMs: number): Promise<boolean> {
  const spec = probeOf(target, part, timeoutMs);
  try {
    const answers = await Promise.all([http.send(spec), http.send({ ...spec, auth: 'none' })]);
    return answers.every((ex) => ex.response.status === 404 || ex.response.status === 405);
  } catch {
    return false; // no answer: the preflight and the checks say what went wrong
  }
}

/** The operations among `operations` whose part the target does not serve, in catalogue order. */
export async function notServedOperations(
  http: HttpClient,
  target: TargetConfig,
  operations: readonly OperationId[],
  timeoutMs: number,
): Promise<OperationId[]> {
  const parts = (Object.keys(PARTS) as Part[]).filter((p) =>
    (PARTS[p] as readonly OperationId[]).some((op) => operations.includes(op)),
  );
  const missing = await Promise.all(parts.map((p) => notServed(http, target, p, timeoutMs)));
  const gone = new Set(parts.filter((_, i) => missing[i]).flatMap((p) => PARTS[p] as readonly OperationId[]));
  return operations.filter((op) => gone.has(op));
}

/** `training (training-jobs.create, training-jobs.get)`: the operations by part, for a line of text. */
export function describeOperations(ops: readonly OperationId[]): string {
  return (Object.keys(PARTS) as Part[])
    .map((p) => [p, (PARTS[p] as readonly OperationId[]).filter((op) => ops.includes(op))] as const)
    .filter(([, list]) => list.length > 0)
    .map(([p, list]) => `${p} (${list.join(', ')})`)
    .join(', ');
}

/** Why an operation counts as not served, and what to do: said in its checks' skip reasons. */
export const NOT_SERVED_WHY =
  'every probe of its part answered 404 or 405, with the credentials and without; declare what the deployment serves with --serves, or accept the gap with --allow-gaps not-served';

/** The start line of a run whose scope `--serves` declared. */
export function describeScope(serves: readonly OperationId[]): string {
  const out = OPERATIONS.map((o) => o.id).filter((op) => !serves.includes(op));
  return `serves ${describeOperations(serves)} (--serves)${out.length ? `; out of scope, not run and not in coverage: ${describeOperations(out)}` : ''}`;
}
