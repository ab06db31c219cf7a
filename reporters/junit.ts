/**
 * @module JUnit XML: one `<testsuite>` per operation (and target), one `<testcase>` per result.
 * Valid against Jenkins' `junit-10.xsd` and the stricter Ant `JUnit.xsd` (element order, `package`
 * and `id` on every suite, one outcome per testcase, timestamps without a zone).
 */
import { hostname as osHostname } from 'node:os';
import { gates, type RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { OPERATIONS, operationLabel, type OperationId } from '../src/core/operations.js';
import { detailsBut, pickDetails } from './_internal/details.js';
import { outcomeOf } from './_internal/outcome.js';
import { targetNames } from './_internal/targets.js';
import { oneLine, seconds, timestampWithoutZone } from './_internal/text.js';
import { xmlAttr, xmlText } from './_internal/xml.js';
import { sharedCauses, staleOf } from './_internal/baseline.js';

export interface JunitOptions {
  /** The `hostname` attribute of every suite. @defaultValue the machine's hostname, else `localhost` */
  readonly hostname?: string;
}

const BODY_KEYS = detailsBut('reason');

/**
 * Renders a run (one report per target) as JUnit XML. INFO observations go to `<system-out>`; known
 * failures and failures the run's level does not gate on are `<skipped>` with their evidence; with
 * several targets, suite names and classnames carry a ` [label]` suffix.
 */
export function renderJunit(reports: readonly RunReport[], options: JunitOptions = {}): string {
  const host = oneLine(options.hostname ?? safeHostname(), 255) || 'localhost';
  const names = targetNames(reports);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  let id = 0;
  reports.forEach((report, index) => {
    const suffix = reports.length > 1 ? ` [${names[index]}]` : '';
    for (const op of OPERATIONS) {
      const results = report.results.filter((r) => r.operation === op.id);
      if (results.length === 0) continue;
      lines.push(...renderSuite(report, op.id, results, { id: id++, suffix, host }));
    }
  });
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

interface SuiteContext {
  readonly id: number;
  readonly suffix: string;
  readonly host: string;
}

type JunitOutcome = ReturnType<typeof outcomeOf> | 'not-gating';

function renderSuite(report: RunReport, op: OperationId, results: readonly CheckResult[], ctx: SuiteContext): string[] {
  // A failure the gate ignores at the run's level is a skipped testcase saying why: as a failure CI
  // would fail a passing verdict, as a pass it would show a broken rule green.
  const outcomes = results.map((r): JunitOutcome => {
    const outcome = outcomeOf(r);
    return outcome === 'fail' && !gates(r, report.level) ? 'not-gating' : outcome;
  });
  const count = (...wanted: string[]): number => outcomes.filter((o) => wanted.includes(o)).length;
  const attrs = {
    name: operationLabel(op) + ctx.suffix,
    tests: String(results.length),
    failures: String(count('fail')),
    errors: String(count('error')),
    skipped: String(count('skip', 'known', 'not-gating')),
    time: seconds(results.reduce((sum, r) => sum + r.durationMs, 0)),
    timestamp: timestampWithoutZone(report.startedAt),
    hostname: ctx.host,
    package: op,
    id: String(ctx.id),
  };
  const out = [`  <testsuite ${attributes(attrs)}>`, '    <properties>'];
  for (const [key, value] of suiteProperties(report, op))
    out.push(`      <property ${attributes({ name: key, value })}/>`);
  out.push('    </properties>');
  const used = new Map<string, number>();
  const streams: CaseStreams = { stdout: [], stderr: [] };
  results.forEach((result, i) => {
    // A check that runs several cases yields several results with one id: number the repeats.
    const n = (used.get(result.id) ?? 0) + 1;
    used.set(result.id, n);
    const caseName = n === 1 ? result.id : `${result.id} #${n}`;
    const open = `    <testcase ${attributes({ name: caseName, classname: operationLabel(op) + ctx.suffix, time: seconds(result.durationMs) })}`;
    const element = outcomeElement(result, outcomes[i]!, report.level);
    if (element) out.push(`${open}>`, `      ${element}`, '    </testcase>');
    else out.push(`${open}/>`);
    caseStreams(result, outcomes[i]!, caseName, streams);
    if (n === 1)
      for (const e of staleOf(report, result.id))
        streams.stdout.push(
          `[stale baseline entry] ${e.fingerprint}: the check now passes; prune it (--baseline-prune)`,
        );
  });
  const failed = results.filter((r) => (r.status === 'fail' || r.status === 'error') && !r.expectedFailure);
  for (const { cause, checks } of sharedCauses(failed))
    streams.stdout.push(`[one cause, ${checks.length} checks] ${cause}: ${checks.join(', ')}`);
  out.push(block('system-out', streams.stdout), block('system-err', streams.stderr), '  </testsuite>');
  return out;
}

/** The suite's properties: the run's settings, the operation's coverage, the connection. */
function suiteProperties(report: RunReport, op: OperationId): [string, string][] {
  const props: [string, string][] = [
    ['target', report.target],
    ['target.label', report.targetLabel],
    ['suite.name', report.tool.name],
    ['suite.version', report.tool.version],
    ['seed', String(report.seed)],
    ['runs', String(report.runs)],
    ['level', report.level],
    ['token-budget', String(report.tokenBudget)],
    ['replay', report.replay],
    ...coverageProperties(report, op),
  ];
  if (report.connection) props.push(['connection', report.connection.description]);
  if (report.connection?.insecure)
    props.push(['warning', 'TLS certificates NOT verified (--insecure): the verdict may be of whoever answered']);
  return props;
}

/** The `<failure>`, `<error>` or `<skipped>` of a testcase that did not plainly pass, with its evidence. */
function outcomeElement(result: CheckResult, outcome: JunitOutcome, level: RunReport['level']): string | undefined {
  const body = (): string =>
    xmlText(
      pickDetails(result, BODY_KEYS)
        .map((d) => `${d.label.charAt(0).toUpperCase()}${d.label.slice(1)}: ${d.value}`)
        .join('\n'),
    );
  const finding = `${result.requirement} Expected: ${result.expected ?? '?'}; actual: ${result.actual ?? '?'}`;
  switch (outcome) {
    case 'fail':
      return `<failure ${attributes({ message: oneLine(finding), type: `${result.level} ${result.section}` })}>${body()}</failure>`;
    case 'error':
      return `<error ${attributes({ message: oneLine(`${result.errorCode ?? 'error'}: ${result.message ?? 'the suite could not judge this check'}`), type: result.errorCode ?? 'CTS_INTERNAL' })}>${body()}</error>`;
    case 'skip':
      return `<skipped ${attributes({ message: oneLine(result.reason ?? 'skipped') })}/>`;
    case 'known':
      return `<skipped ${attributes({ message: oneLine(`known failure: ${result.expectedFailure?.reason ?? ''}`) })}>${body()}</skipped>`;
    case 'not-gating':
      return `<skipped ${attributes({ message: oneLine(`not gating at level ${level}: ${result.level} failure. ${finding}`) })}>${body()}</skipped>`;
    default:
      return undefined;
  }
}

interface CaseStreams {
  readonly stdout: string[];
  readonly stderr: string[];
}

/** What a testcase adds to its suite's output: an error's line, an observation, the notes of a pass. */
function caseStreams(result: CheckResult, outcome: JunitOutcome, caseName: string, streams: CaseStreams): void {
  if (outcome === 'error')
    streams.stderr.push(
      `[error] ${caseName}: ${oneLine(`${result.errorCode ?? 'error'}: ${result.message ?? ''}`, 1000)}`,
    );
  else if (outcome === 'noted') streams.stdout.push(`[INFO] ${caseName}: ${result.actual ?? result.expected ?? ''}`);
  else if (outcome === 'pass')
    for (const note of result.notes ?? [])
      streams.stdout.push(`[${result.level === 'INFO' ? 'INFO' : 'note'}] ${caseName}: ${note}`);
}

/** The operation's coverage (src/coverage), and the run's, as properties: CI tools chart them. */
function coverageProperties(report: RunReport, op: OperationId): [string, string][] {
  const c = report.coverage;
  if (!c) return [];
  const mine = c.operations.find((o) => o.operation === op);
  const holes = c.holes.filter((h) => h.operation === op).map((h) => h.id);
  return [
    ['coverage.run.percent', String(c.percent)],
    ...(['percent', 'covered', 'total'] as const).flatMap((k): [string, string][] =>
      mine ? [[`coverage.${k}`, String(mine[k])]] : [],
    ),
    ['coverage.not-exercised', holes.join('; ')],
  ];
}

function block(tag: string, lines: readonly string[]): string {
  return lines.length ? `    <${tag}>${xmlText(lines.join('\n'))}</${tag}>` : `    <${tag}/>`;
}

function attributes(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([k, v]) => `${k}="${xmlAttr(v)}"`)
    .join(' ');
}

function safeHostname(): string {
  try {
    return osHostname();
  } catch {
    return 'localhost';
  }
}
