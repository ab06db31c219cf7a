/**
 * @module JUnit XML: one `<testsuite>` per operation (and per target), one `<testcase>` per check
 * result. Valid against both schemas CI tools use: Jenkins' `junit-10.xsd` and the stricter Ant
 * `JUnit.xsd` (no attributes on `<testsuites>`, `properties` / `testcase`* / `system-out` /
 * `system-err` in that order, `package` and `id` on every suite, at most one outcome per testcase,
 * `type` on failures and errors, timestamps without a time zone).
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

export interface JunitOptions {
  /** The `hostname` attribute of every suite. @defaultValue the machine's hostname, else `localhost` */
  readonly hostname?: string;
}

const BODY_KEYS = detailsBut('reason');

/**
 * Renders a run (one report per target) as JUnit XML.
 *
 * INFO checks never fail: they are passed testcases whose observation goes to the suite's
 * `<system-out>`. Known failures (listed with `--expect`) are `<skipped message="known failure: …">`;
 * failures the run's level does not gate on (SHOULD at `--level must`) are
 * `<skipped message="not gating at level must: …">`, with their evidence.
 * With several targets, suite names and classnames carry a ` [label]` suffix so CI tools keep the
 * targets apart.
 *
 * @example
 * ```ts
 * writeFileSync('junit.xml', renderJunit(reports));
 * ```
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

/**
 * A failure the gate ignores at the run's level (a SHOULD failure at `--level must`) is no JUnit
 * failure: CI tools would fail the job's test gate on a passing verdict. Nor is it a passed test,
 * which would show a broken rule green. It is a skipped testcase saying why (Jenkins, GitLab and
 * GitHub's test reporters show skipped tests apart, yellow or grey, and pass the gate on them),
 * its evidence in the body, as known failures are.
 */
function junitOutcome(result: CheckResult, level: RunReport['level']): ReturnType<typeof outcomeOf> | 'not-gating' {
  const outcome = outcomeOf(result);
  return outcome === 'fail' && !gates(result, level) ? 'not-gating' : outcome;
}

function renderSuite(report: RunReport, op: OperationId, results: readonly CheckResult[], ctx: SuiteContext): string[] {
  const outcomes = results.map((r) => junitOutcome(r, report.level));
  const count = (...wanted: string[]): number => outcomes.filter((o) => wanted.includes(o)).length;
  const name = operationLabel(op) + ctx.suffix;
  const time = seconds(results.reduce((sum, r) => sum + r.durationMs, 0));
  const attrs = {
    name,
    tests: String(results.length),
    failures: String(count('fail')),
    errors: String(count('error')),
    skipped: String(count('skip', 'known', 'not-gating')),
    time,
    timestamp: timestampWithoutZone(report.startedAt),
    hostname: ctx.host,
    package: op,
    id: String(ctx.id),
  };
  const out = [`  <testsuite ${attributes(attrs)}>`, '    <properties>'];
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
    ...(report.connection ? ([['connection', report.connection.description]] as [string, string][]) : []),
    ...(report.connection?.insecure
      ? ([['warning', 'TLS certificates NOT verified (--insecure): the verdict may be of whoever answered']] as [
          string,
          string,
        ][])
      : []),
  ];
  for (const [key, value] of props) out.push(`      <property ${attributes({ name: key, value })}/>`);
  out.push('    </properties>');

  const used = new Map<string, number>();
  const stdout: string[] = [];
  const stderr: string[] = [];
  results.forEach((result, i) => {
    // A check that runs several cases yields several results with one id: number the repeats.
    const n = (used.get(result.id) ?? 0) + 1;
    used.set(result.id, n);
    const caseName = n === 1 ? result.id : `${result.id} #${n}`;
    const open = `    <testcase ${attributes({ name: caseName, classname: operationLabel(op) + ctx.suffix, time: seconds(result.durationMs) })}`;
    const outcome = outcomes[i];
    const body = (): string =>
      xmlText(
        pickDetails(result, BODY_KEYS)
          .map((d) => `${capitalise(d.label)}: ${d.value}`)
          .join('\n'),
      );
    switch (outcome) {
      case 'fail':
        out.push(
          `${open}>`,
          `      <failure ${attributes({ message: oneLine(`${result.requirement} Expected: ${result.expected ?? '?'}; actual: ${result.actual ?? '?'}`), type: `${result.level} ${result.section}` })}>${body()}</failure>`,
          '    </testcase>',
        );
        break;
      case 'error':
        out.push(
          `${open}>`,
          `      <error ${attributes({ message: oneLine(`${result.errorCode ?? 'error'}: ${result.message ?? 'the suite could not judge this check'}`), type: result.errorCode ?? 'CTS_INTERNAL' })}>${body()}</error>`,
          '    </testcase>',
        );
        stderr.push(`[error] ${caseName}: ${oneLine(`${result.errorCode ?? 'error'}: ${result.message ?? ''}`, 1000)}`);
        break;
      case 'skip':
        out.push(
          `${open}>`,
          `      <skipped ${attributes({ message: oneLine(result.reason ?? 'skipped') })}/>`,
          '    </testcase>',
        );
        break;
      case 'known':
        out.push(
          `${open}>`,
          `      <skipped ${attributes({ message: oneLine(`known failure: ${result.expectedFailure?.reason ?? ''}`) })}>${body()}</skipped>`,
          '    </testcase>',
        );
        break;
      case 'noted':
        out.push(`${open}/>`);
        stdout.push(`[INFO] ${caseName}: ${result.actual ?? result.expected ?? ''}`);
        break;
      case 'not-gating':
        out.push(
          `${open}>`,
          `      <skipped ${attributes({ message: oneLine(`not gating at level ${report.level}: ${result.level} failure. ${result.requirement} Expected: ${result.expected ?? '?'}; actual: ${result.actual ?? '?'}`) })}>${body()}</skipped>`,
          '    </testcase>',
        );
        break;
      default:
        out.push(`${open}/>`);
        for (const note of result.notes ?? [])
          stdout.push(`[${result.level === 'INFO' ? 'INFO' : 'note'}] ${caseName}: ${note}`);
    }
    if (report.summary.unexpectedPasses.includes(result.id) && n === 1) {
      stdout.push(
        `[unexpected pass] ${result.id}: listed as a known failure but passes; remove it from the expectations file`,
      );
    }
  });
  out.push(block('system-out', stdout), block('system-err', stderr), '  </testsuite>');
  return out;
}

/** The operation's coverage (src/coverage), and the run's, as properties: CI tools chart them. */
function coverageProperties(report: RunReport, op: OperationId): [string, string][] {
  const c = report.coverage;
  if (!c) return [];
  const mine = c.operations.find((o) => o.operation === op);
  const holes = c.holes.filter((h) => h.operation === op).map((h) => h.id);
  return [
    ['coverage.run.percent', String(c.percent)],
    ...(mine
      ? ([
          ['coverage.percent', String(mine.percent)],
          ['coverage.covered', String(mine.covered)],
          ['coverage.total', String(mine.total)],
        ] as [string, string][])
      : []),
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

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function safeHostname(): string {
  try {
    return osHostname();
  } catch {
    return 'localhost';
  }
}
