/**
 * @module The proxy's watch on its upstream (issue 38), as the run's on its target: after a reset or
 * refusal it probes until the upstream is back, and keeps each episode as one `target.stays-up`
 * result. No client's request is sent again.
 */
import type { OperationId } from '../core/operations.js';
import { matchOperation } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import { GATEWAY_STATUSES } from '../rules/answer-facts.js';
import { TARGET_RULES } from '../rules/target-rules.js';

/**
 * The one rule the proxy names: an upstream that went down is no slot of one exchange's evidence
 * (src/rules/evidence.ts), but what the watch sees across them.
 */
const STAYS_UP = TARGET_RULES.staysUp;

/** Transport failures that may mean the upstream went away (connection reset, cut, refused). */
const CONNECTION_LOST: ReadonlySet<string> = new Set(['CTS_TARGET_RESET', 'CTS_STREAM_CUT', 'CTS_TARGET_UNREACHABLE']);
const POLL_MS = 250;
/** The probe: a read of a training job no server holds (the run's preflight probe); any answer says the upstream is up. */
export const UPSTREAM_PROBE_PATH = '/v1/preview/training-jobs/00000000-0000-4000-8000-00000000c0de';

/** One time the upstream went down. */
export interface UpstreamDown {
  readonly at: Date;
  /** The exchange during which it went down: its number in the session, method and path. */
  readonly exchange: { readonly n: number; readonly method: string; readonly path: string };
  readonly error: string;
  readonly lastSaid: string;
  backAt?: Date;
  /** Exchanges that failed while it was down (the first one's included). */
  failed: number;
}

export interface UpstreamWatch {
  /** The upstream answered an exchange (its status line). */
  answered(method: string, path: string, status: number): void;
  /** An exchange failed on the way to the upstream: probes it when the failure may mean it went down. */
  failed(exchange: UpstreamDown['exchange'], code: string, message: string): Promise<void>;
  readonly downs: readonly UpstreamDown[];
}

export function createUpstreamWatch(options: {
  /** Where the episodes go (the session's, for its report). */
  readonly downs: UpstreamDown[];
  /** Any answer of the upstream's own (status), or undefined when none came. */
  readonly probe: () => Promise<number | undefined>;
  readonly recoverTimeoutMs: number;
}): UpstreamWatch {
  const { downs } = options;
  /** The last answer (kept as it came, put in words only for an episode: this runs per exchange). */
  let last: { method: string; path: string; status: number; at: number } | undefined;
  const lastSaid = () =>
    last ? `HTTP ${last.status} to ${last.method} ${last.path} at ${new Date(last.at).toISOString()}` : 'nothing yet';
  /** The episode under way: failures join it. */
  let current: { detected: Promise<UpstreamDown | undefined> } | undefined;

  const up = async () => {
    const status = await options.probe().catch(() => undefined);
    return status !== undefined && !GATEWAY_STATUSES.has(status);
  };

  async function watchBack(down: UpstreamDown): Promise<void> {
    const until = Date.now() + options.recoverTimeoutMs;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
      if (await up()) {
        down.backAt = new Date();
        return;
      }
    }
  }

  return {
    downs,
    answered(method, path, status) {
      if (last) {
        last.method = method;
        last.path = path;
        last.status = status;
        last.at = Date.now();
      } else last = { method, path, status, at: Date.now() };
    },
    async failed(exchange, code, message) {
      if (!last || !CONNECTION_LOST.has(code)) return;
      if (current) {
        const down = await current.detected;
        if (down) down.failed++;
        return;
      }
      const at = new Date();
      const said = lastSaid();
      const detected = up().then((isUp) => {
        if (isUp) return undefined;
        const down: UpstreamDown = { at, exchange, error: message, lastSaid: said, failed: 1 };
        downs.push(down);
        return down;
      });
      const episode = { detected };
      current = episode;
      const down = await detected;
      if (down) await watchBack(down);
      if (current === episode) current = undefined;
    },
  };
}

/** The episodes as one `target.stays-up` result of the server's report (none when the upstream stayed up). */
export function upstreamFindings(downs: readonly UpstreamDown[], redact: (text: string) => string): CheckResult[] {
  if (!downs.length) return [];
  const sentence = (d: UpstreamDown) =>
    `the upstream went down at ${d.at.toISOString()} during exchange ${d.exchange.n} (${d.exchange.method} ${d.exchange.path}): ${d.error}; the last answer before: ${d.lastSaid}; ${d.backAt ? `it came back at ${d.backAt.toISOString()}` : 'it had not come back when the proxy stopped watching'} (${d.failed} exchange(s) failed meanwhile)`;
  const first = downs[0]!;
  const operation: OperationId =
    matchOperation(first.exchange.method, first.exchange.path.split('?')[0]!)?.op.id ?? 'chat.create';
  return [
    {
      id: STAYS_UP.id,
      operation,
      section: STAYS_UP.section,
      level: STAYS_UP.level,
      requirement: STAYS_UP.requirement,
      durationMs: 0,
      status: 'fail',
      expected: 'the upstream stays up: every request answered (or refused), none brings the server down',
      actual: redact(sentence(first)),
      ...(downs.length > 1 ? { notes: downs.slice(1).map((d) => redact(`also: ${sentence(d)}`)) } : {}),
    },
  ];
}
