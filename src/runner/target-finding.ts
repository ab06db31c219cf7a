/** @module The finding of a target that went down during a run: the MUST run result `target.stays-up` (§4). */
import type { OperationId } from '../core/operations.js';
import { matchOperation } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import type { HttpRequestSpec, RecordedRequest } from '../transport/types.js';
import { TARGET_RULES } from '../rules/target-rules.js';
import { buildCurl } from '../transport/curl.js';
import { buildEvidence, type EvidenceContext } from '../transport/evidence.js';

export const FINDING_ID = TARGET_RULES.staysUp.id;
const REQUIREMENT = TARGET_RULES.staysUp.requirement;

/** One request a check sent, as the watcher saw it go out. */
export interface Sent {
  readonly check: string;
  readonly spec: HttpRequestSpec;
  /** The request as the transport sends it (URL, headers, body), for the evidence. */
  readonly record: () => RecordedRequest;
}

/** One time the target went down: filled in by the watcher (target-watch.ts) and the replay (crash-replay.ts). */
export interface Episode {
  readonly downAt: Date;
  /** The request whose failure showed it. */
  readonly first: Sent;
  readonly error: string;
  /** The last answer the target gave before. */
  readonly lastSaid: string;
  /** The requests in flight when it went down, in the order they were sent. */
  readonly inFlight: readonly Sent[];
  /** What each candidate did when sent again alone. */
  readonly tried: { readonly sent: Sent; readonly outcome: string }[];
  killer?: Sent;
  /** What the killing request met when sent again. */
  killerSaid?: string;
  back: boolean;
  backAt?: Date | undefined;
  /** Whether the candidates were to be sent again (`--no-crash-replay`: not). */
  readonly replayed: boolean;
  readonly recoverTimeoutMs: number;
}

/** The same request, whichever check sent it. */
function keyOf(sent: Sent): string {
  const { method, path, query, json, body } = sent.spec;
  return JSON.stringify([method, path, query ?? {}, json ?? null, typeof body === 'string' ? body : body?.length]);
}

export function candidatesOf(inFlight: readonly Sent[]): Sent[] {
  const seen = new Set<string>();
  return inFlight.filter((s) => {
    const key = keyOf(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const described = (s: Sent): string => `${s.spec.method} ${s.spec.path} (check ${s.check})`;

function operationOf(s: Sent): OperationId {
  return matchOperation(s.spec.method, s.spec.path)?.op.id ?? 'chat.create';
}

function sentence(e: Episode): string {
  const down = `the target went down at ${e.downAt.toISOString()} during ${described(e.first)}: ${e.error}; the last answer before: ${e.lastSaid}`;
  const after = e.back
    ? `it came back${e.backAt ? ` at ${e.backAt.toISOString()}` : ''}`
    : `it did not come back within ${e.recoverTimeoutMs / 1000} s (--recover-timeout)`;
  const n = candidatesOf(e.inFlight).length;
  if (e.killer)
    return `${down}; ${after}. Sent again alone, ${described(e.killer)} brought it down again (${e.killerSaid ?? ''}): that request kills the target`;
  if (!e.replayed) return `${down}; ${after}. The ${n} request(s) in flight were not sent again (--no-crash-replay)`;
  if (!e.back) return `${down}; ${after}. The ${n} request(s) in flight could not be sent again`;
  return `${down}; ${after}. Sent again alone, none of the ${n} request(s) in flight brought it down again: the candidates are listed`;
}

export function findingOf(episodes: readonly Episode[], ctx: EvidenceContext): CheckResult {
  const main = episodes.find((e) => e.killer) ?? episodes[0]!;
  const shown = main.killer ?? main.first;
  const curlOf = (s: Sent) =>
    buildCurl(s.record(), { token: ctx.token, basic: ctx.basic, redact: ctx.redact, connection: ctx.connection });
  const notes: string[] = [];
  for (const e of episodes) {
    if (e !== main) notes.push(`also: ${sentence(e)}`);
    const tried = new Map(e.tried.map((t) => [t.sent, t.outcome]));
    if (e.killer && e === main) continue;
    for (const s of candidatesOf(e.inFlight))
      notes.push(
        `in flight at ${e.downAt.toISOString()}: ${described(s)}${tried.has(s) ? `, ${tried.get(s)}` : ''}: ${curlOf(s)}`,
      );
  }
  const actual = sentence(main);
  const outcome = {
    status: 'fail' as const,
    expected: 'the target stays up: every request answered (or refused), none brings the server down',
    actual,
    streamRequest: shown.record(),
  };
  return {
    id: FINDING_ID,
    operation: operationOf(shown),
    section: '§4',
    level: 'MUST',
    requirement: REQUIREMENT,
    durationMs: 0,
    status: 'fail',
    expected: outcome.expected,
    actual: ctx.redact(actual),
    ...(notes.length ? { notes: notes.map(ctx.redact) } : {}),
    evidence: buildEvidence(outcome, ctx),
  };
}
