/**
 * @module GitHub Actions workflow commands for a run (`::error title=…::…`): an error per gating
 * failure, a warning per non-gating SHOULD failure or finding about a proxy's clients; capped per
 * kind (GitHub shows only so many), and escaped so nothing a target sent can end a command.
 */
import { gates, type RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { whatBroke } from './_internal/broke.js';
import { showControls } from './_internal/controls.js';
import { outcomeOf } from './_internal/outcome.js';
import { targetNames } from './_internal/targets.js';
import { oneLine } from './_internal/text.js';

export interface AnnotationOptions {
  /** Annotations at most per kind (errors, warnings), the last one counting the rest. @defaultValue 10 */
  readonly max?: number;
}

type Kind = 'error' | 'warning';

interface Annotation {
  readonly kind: Kind;
  readonly title: string;
  readonly message: string;
}

/** The data of a command: `%`, CR and LF escaped (GitHub's `escapeData`). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property of a command (`title=…`): the data escapes, and `:` and `,` too (GitHub's `escapeProperty`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function kindOf(result: CheckResult, report: RunReport): Kind | undefined {
  if (gates(result, report.level)) return report.origin?.side === 'clients' ? 'warning' : 'error';
  return outcomeOf(result) === 'fail' && result.level === 'SHOULD' ? 'warning' : undefined;
}

function annotationOf(result: CheckResult, report: RunReport, kind: Kind, target: string | undefined): Annotation {
  const notGating = kind === 'warning' && !gates(result, report.level) ? ` (not gating at level ${report.level})` : '';
  const clients = report.origin?.side === 'clients' ? " (a finding about the proxy's clients)" : '';
  const message = [
    `${whatBroke(result, 500)}${notGating}${clients}`,
    oneLine(`${result.level} ${result.section}: ${result.requirement}`, 500),
    ...(result.evidence?.replay ? [`replay: ${oneLine(result.evidence.replay, 500)}`] : []),
  ].join('\n');
  return { kind, title: `${result.id}${target ? ` [${target}]` : ''}`, message };
}

function command(a: Annotation): string {
  return `::${a.kind} title=${escapeProperty(showControls(a.title))}::${escapeData(showControls(a.message))}`;
}

/** Renders the annotations of a run (newline-terminated; empty when nothing failed). */
export function renderGithubAnnotations(reports: readonly RunReport[], options: AnnotationOptions = {}): string {
  const max = Math.max(1, options.max ?? 10);
  const names = targetNames(reports);
  const all: Annotation[] = [];
  reports.forEach((report, i) => {
    const target = reports.length > 1 ? names[i] : undefined;
    for (const r of report.results) {
      const kind = kindOf(r, report);
      if (kind) all.push(annotationOf(r, report, kind, target));
    }
  });
  const lines: string[] = [];
  for (const kind of ['error', 'warning'] as const) {
    const mine = all.filter((a) => a.kind === kind);
    if (mine.length <= max) {
      lines.push(...mine.map(command));
      continue;
    }
    const rest = mine.length - (max - 1);
    const what = kind === 'error' ? 'gating failures' : 'failures that do not gate';
    lines.push(
      ...mine.slice(0, max - 1).map(command),
      command({ kind, title: 'conformance', message: `… and ${rest} more ${what}: see the reports` }),
    );
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}
