/**
 * @module The proxy's findings as run reports, the server's and the clients', so every reporter writes
 * them unchanged.
 */
import { OPERATIONS } from '../core/operations.js';
import { REPORT_SCHEMA_VERSION, type RunReport, type UnjudgedCode } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summarizeCoverage } from '../coverage/summary.js';
import { summaryOf } from '../core/summary.js';
import type { Group } from './findings.js';
import { RULE_CHECKS } from '../rules/index.js';
import { checkIdentityOf, checkOperationOf, type Side } from '../rules/rule.js';
import { catalogueHash } from '../core/origin.js';
import { TOOL } from '../core/tool.js';
import type { Objective } from '../core/timing.js';
import { withTiming } from '../timing/report-timing.js';
import { upstreamFindings } from './upstream-watch.js';
import { OBSERVE_SHARE, type ProxySession } from './session.js';
import { plural } from '../core/words.js';
import { type ConnectionSettings, describeConnection, unverifiedTls } from '../transport/connection.js';

export interface ProxyReportOptions {
  readonly level: 'must' | 'should';
  /** The command line of the session (no secret). */
  readonly replay: string;
  readonly endedAt?: Date;
  /** Headers, forward proxy and TLS the proxy reached the target with: the report says how, when not plainly. */
  readonly connection?: ConnectionSettings | undefined;
  /** `--slo`: objectives judged on the server's timing, each a result of the server's report. */
  readonly objectives?: readonly Objective[] | undefined;
  /** What produced the traffic judged: a proxy (default) or a replay of a recording. */
  readonly kind?: 'proxy' | 'replay';
}

/** One rule on one operation as a result, its texts redacted (the merge builds its pairs' results with it too). */
export function resultOf(g: Group, redact: (text: string) => string): CheckResult {
  const base = {
    id: g.id,
    operation: checkOperationOf(g.rule, g.op),
    ...checkIdentityOf(g.rule, g.op, g.rule.streamedId !== undefined && g.id.endsWith('.streamed')),
    durationMs: 0,
  };
  const firstAt = g.first?.at ?? g.firstError?.at;
  const exchanges = {
    judged: g.judged,
    broken: g.failed,
    unanswered: g.errored,
    ...(firstAt !== undefined ? { firstAt: new Date(firstAt).toISOString() } : {}),
  };
  const notes = [countsNote(exchanges), ...g.more.map((m) => `also: ${m}`)].map(redact);
  // Evidence was redacted when it was built; secrets learned later are redacted now too.
  const evidenceOf = (e: CheckResult['evidence']) => (e ? { evidence: redacted(e, redact) } : {});
  if (g.first)
    return {
      ...base,
      status: 'fail',
      expected: redact(g.first.expected),
      actual: redact(g.first.actual),
      notes,
      exchanges,
      ...evidenceOf(g.first.evidence),
    };
  if (g.firstError)
    return {
      ...base,
      status: 'error',
      errorCode: g.firstError.code,
      message: redact(g.firstError.message),
      notes,
      exchanges,
      ...evidenceOf(g.firstError.evidence),
    };
  return { ...base, status: 'pass', notes, exchanges };
}

/** The first note of a proxy result: `judged on 12 exchanges; 2 broke it`. */
export function countsNote({ judged, broken, unanswered }: Record<'judged' | 'broken' | 'unanswered', number>): string {
  return `judged on ${plural(judged, 'exchange')}${broken ? `; ${broken} broke it` : ''}${unanswered ? `; ${unanswered} not answered completely` : ''}`;
}

const OP_ORDER = new Map(OPERATIONS.map((o, i) => [o.id, i]));

/** The server's report, then the clients'. */
export function proxyReports(session: ProxySession, options: ProxyReportOptions): RunReport[] {
  const redact = session.secrets.redactor();
  const ended = options.endedAt ?? new Date();
  const groups = [...session.findings.all()].sort(
    (a, b) =>
      OP_ORDER.get(checkOperationOf(a.rule, a.op))! - OP_ORDER.get(checkOperationOf(b.rule, b.op))! ||
      a.id.localeCompare(b.id),
  );
  const target = redact(session.target);
  const catalogue = catalogueHash(
    RULE_CHECKS.map((c) => ({ id: c.id, level: c.level, section: c.section })),
    session.model.items,
  );
  const report = (side: Side): RunReport => {
    const results = groups.filter((g) => g.rule.side === side).map((g) => resultOf(g, redact));
    if (side === 'server') results.push(...upstreamFindings(session.upstreamDowns, redact));
    const unjudged = side === 'server' ? notForwarded(session, redact) : {};
    const coverage =
      side === 'server' ? { coverage: summarizeCoverage(session.model, session.covered(), results) } : {};
    const built: RunReport = {
      schemaVersion: REPORT_SCHEMA_VERSION,
      tool: TOOL,
      target: side === 'server' ? target : `the clients of ${target}`,
      targetLabel: side === 'server' ? 'server' : 'clients',
      startedAt: session.startedAt.toISOString(),
      durationMs: Math.max(0, ended.getTime() - session.startedAt.getTime()),
      seed: 0,
      runs: 0,
      level: options.level,
      tokenBudget: 0,
      replay: redact(options.replay),
      results,
      summary: summaryOf({ results, level: options.level, ...unjudged, ...coverage }),
      ...coverage,
      ...unjudged,
      ...(side === 'server' ? connectionOf(session, options.connection) : {}),
      ...(side === 'server' ? { pairs: redacted(session.pairs.report(), redact) } : {}),
      origin: { kind: options.kind ?? 'proxy', side: side === 'server' ? 'server' : 'clients', catalogue },
    };
    // The server's time: what the proxy measured of its answers, and the objectives asked of it.
    return side === 'server' ? withTiming(built, session.timing.table(), options.objectives) : built;
  };
  return [report('server'), report('client')];
}

/** A value without the secrets learned (every string of it redacted). */
const redacted = <T>(value: T, redact: (text: string) => string): T => JSON.parse(redact(JSON.stringify(value))) as T;

/** How the proxy reached the target, when not plainly, in words without secrets. */
function connectionOf(
  session: ProxySession,
  connection: ConnectionSettings | undefined,
): Pick<RunReport, 'connection'> {
  const described = connection && describeConnection(session.target, connection);
  if (!connection || described === undefined) return {};
  return {
    connection: {
      description: session.secrets.redactor()(described),
      insecure: unverifiedTls(session.target, connection),
    },
  };
}

/**
 * Exchanges the proxy could not forward for a reason of its own (TLS, its forward proxy): the
 * server's verdict is COULD NOT JUDGE for them (unless a judged exchange broke a rule), never a failure.
 */
function notForwarded(session: ProxySession, redact: (text: string) => string): Pick<RunReport, 'unjudged'> {
  const all = [...session.notForwarded];
  if (all.length === 0) return {};
  const [code] = all[0]!;
  const reason = all
    .map(([c, { count, message }]) => `${plural(count, 'exchange')} not forwarded (${c}): ${message}`)
    .join('; ');
  return {
    unjudged: {
      code: code as UnjudgedCode,
      reason: redact(`${reason}. The proxy's own way to the target failed: fix its flags, the target is not blamed`),
      families: ['bearer', 'basic'],
    },
  };
}

/** One line on the traffic seen: exchanges, how many were outside the interface or left unjudged. */
export function trafficLine(session: ProxySession): string {
  const parts = [`${plural(session.exchanges, 'exchange')} observed`];
  if (session.unmatched) parts.push(`${session.unmatched} outside the interface (forwarded, not judged)`);
  if (session.unobserved)
    parts.push(
      `${session.unobserved} repeats of a shape already seen left out of the coverage (sampled: observing is held to ${OBSERVE_SHARE * 100} % of the proxy's time)`,
    );
  for (const [coding, count] of session.undecoded)
    parts.push(
      `${count} answered with Content-Encoding ${coding}, which cannot be decoded here: forwarded, body not judged`,
    );
  for (const [code, { count, message }] of session.notForwarded)
    parts.push(`${count} not forwarded: the proxy could not reach the target (${code}: ${message})`);
  if (session.pairs.forgotten)
    parts.push(
      `${session.pairs.forgotten} pair keys forgotten for room (the least recently used; a pair across the gap not judged)`,
    );
  if (session.abandoned)
    parts.push(
      `${session.abandoned} left unjudged (the client went away or the proxy stopped before the answer ended)`,
    );
  return parts.join(', ');
}
