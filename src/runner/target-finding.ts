/** @module The finding of a target that went down during a run: the MUST run result `target.stays-up` (§4). */
import { matchOperation } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import type { HttpRequestSpec, RecordedRequest } from '../transport/types.js';
import { TARGET_RULES } from '../rules/target-rules.js';
import { buildCurl } from '../transport/curl.js';
import { buildEvidence, type EvidenceContext } from '../transport/evidence.js';

export const FINDING_ID = TARGET_RULES.staysUp.id;

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
  /** What brought it down again when sent again, shrunk (crash-replay.ts). */
  found?: Found;
  back: boolean;
  backAt?: Date | undefined;
  /** Whether the candidates were to be sent again (`--no-crash-replay`: not). */
  readonly replayed: boolean;
  readonly recoverTimeoutMs: number;
}

/** A request, or requests sent at once, that brought the target down again, and how far it was shrunk. */
export interface Found {
  /** One candidate alone; the candidates all at once; or each twice over, at once. */
  readonly how: 'alone' | 'all at once' | 'twice over, at once';
  /** What the request sent alone met when it brought the target down again. */
  readonly said?: string;
  /** The smallest request or set found: requests dropped, bodies shrunk (crash-shrink.ts). */
  readonly members: readonly Sent[];
  /** What the shrinking took out, in words. */
  readonly steps: readonly string[];
  /** Why it was not shrunk at all. */
  readonly unshrunk?: string;
  /** Requests or sets sent again, and the target's restarts they caused. */
  readonly attempts: number;
  readonly restarts: number;
  /** The bound that cut the shrinking short, if one did. */
  readonly bounded?: { readonly attempts: number; readonly restarts: number };
}

/** The requests in flight, each once: the same request, whichever check sent it. */
export function candidatesOf(inFlight: readonly Sent[]): Sent[] {
  const seen = new Set<string>();
  return inFlight.filter((s) => {
    const { method, path, query, json, body } = s.spec;
    const key = JSON.stringify([
      method,
      path,
      query ?? {},
      json ?? null,
      typeof body === 'string' ? body : body?.length,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const described = (s: Sent): string => `${s.spec.method} ${s.spec.path} (check ${s.check})`;

function shrunkWords(f: Found): string {
  if (f.unshrunk) return `not shrunk: ${f.unshrunk}`;
  const what = f.steps.length ? f.steps.join('; ') : 'nothing taken out';
  const bound = f.bounded
    ? `; the shrinking stopped at its bound (${f.bounded.attempts} sends, ${f.bounded.restarts} restarts): it may shrink further`
    : '';
  return `shrunk (${what}) in ${f.attempts} sends and ${f.restarts} restarts of the target${bound}`;
}

function foundWords(f: Found, n: number): string {
  const first = f.members[0]!;
  if (f.how === 'alone')
    return `Sent again alone, ${described(first)} brought it down again (${f.said ?? ''}): that request kills the target, alone; ${shrunkWords(f)}`;
  const tried = `Sent again alone, none of the ${n} request(s) in flight brought it down again; sent again ${f.how}, they did`;
  if (f.members.length === 1)
    return `${tried}, yet shrunk to ${described(first)} alone: the crash may not need concurrency; ${shrunkWords(f)}`;
  const set = f.members.map(described).join(' and ');
  return `${tried}: the crash needs concurrency. The smallest set found: ${f.members.length} requests sent at once, ${set}; ${shrunkWords(f)}`;
}

function sentence(e: Episode): string {
  const down = `the target went down at ${e.downAt.toISOString()} during ${described(e.first)}: ${e.error}; the last answer before: ${e.lastSaid}`;
  const after = e.back
    ? `it came back${e.backAt ? ` at ${e.backAt.toISOString()}` : ''}`
    : `it did not come back within ${e.recoverTimeoutMs / 1000} s (--recover-timeout)`;
  const n = candidatesOf(e.inFlight).length;
  if (e.found) return `${down}; ${after}. ${foundWords(e.found, n)}`;
  if (!e.replayed) return `${down}; ${after}. The ${n} request(s) in flight were not sent again (--no-crash-replay)`;
  if (!e.back) return `${down}; ${after}. The ${n} request(s) in flight could not be sent again`;
  return `${down}; ${after}. Sent again alone, then those without side effects at once, none of the ${n} request(s) in flight brought it down again: the candidates are listed`;
}

/** What the finding's evidence is built with: the replay line names the checks of the requests found. */
export type FindingContext = Omit<EvidenceContext, 'replay'> & { readonly replayBase: string };

export function findingOf(episodes: readonly Episode[], ctx: FindingContext): CheckResult {
  const main = episodes.find((e) => e.found) ?? episodes[0]!;
  const members = main.found?.members ?? [main.first];
  const curlOf = (s: Sent) =>
    buildCurl(s.record(), { token: ctx.token, basic: ctx.basic, redact: ctx.redact, connection: ctx.connection });
  const notes: string[] = [];
  for (const e of episodes) {
    if (e !== main) notes.push(`also: ${sentence(e)}`);
    if (e.found && e === main) {
      const k = members.length;
      notes.push(
        ...members.map((m, i) => `${k > 1 ? `at once, ${i + 1} of ${k}` : 'alone'}: ${described(m)}: ${curlOf(m)}`),
      );
      continue;
    }
    const tried = new Map(e.tried.map((t) => [t.sent, t.outcome]));
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
    streamRequest: members[0]!.record(),
  };
  const checks = [...new Set(members.map((m) => m.check))].join(',');
  const replay = main.found
    ? `${ctx.replayBase} --only ${checks} --seed ${ctx.seed}`
    : `${ctx.replayBase} --seed ${ctx.seed}`;
  const evidence = buildEvidence(outcome, { ...ctx, replay });
  return {
    id: FINDING_ID,
    operation: matchOperation(members[0]!.spec.method, members[0]!.spec.path)?.op.id ?? 'chat.create',
    section: '§4',
    level: 'MUST',
    requirement: TARGET_RULES.staysUp.requirement,
    durationMs: 0,
    status: 'fail',
    expected: outcome.expected,
    actual: ctx.redact(actual),
    ...(notes.length ? { notes: notes.map(ctx.redact) } : {}),
    // Requests that bring it down together: their curl lines sent at once.
    evidence: members.length > 1 ? { ...evidence, curl: `${members.map(curlOf).join(' & ')} & wait` } : evidence,
  };
}
