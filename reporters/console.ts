/**
 * @module The console report: the matrix, then every failure and error in the order a person acts
 * on it (requirement, expected vs actual, curl line, replay command), then the verdict per target.
 * Everything from the target is printed with control characters made visible.
 */
import type { RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { operation, operationLabel } from '../src/core/operations.js';
import { verdictOf } from '../src/gating/verdict.js';
import { detailsBut, pickDetails } from './_internal/details.js';
import { findingsOf } from './_internal/findings.js';
import { outcomeOf } from './_internal/outcome.js';
import { painter, terminalSafe as safe, type Colour } from './_internal/terminal.js';
import { oneLine } from './_internal/text.js';
import { writesLine } from './_internal/writes.js';
import { figuresOf, TIMING_HEAD, timingRows } from './_internal/timing.js';
import { skipGroups } from './_internal/skips.js';
import { causeWords, holeGroupLine, holeGroupsOf } from './_internal/holes.js';
import { cellTone, computeMatrix, formatCounts, type MatrixCounts } from './matrix.js';
import { baselineGroups, KNOWN_NOTE, KNOWN_TITLE, sharedCauses } from './_internal/baseline.js';

export interface ConsoleOptions {
  /** ANSI colour (the CLI turns it on for a TTY unless `NO_COLOR` is set). */
  readonly color: boolean;
}

// fast-check's shrink path (dozens of entries) is left to the JSON report: the replay line re-runs the case.
const DETAIL_KEYS = detailsBut('section', 'level', 'known', 'reason', 'path', 'response');
const TONE: Record<ReturnType<typeof cellTone>, Colour | undefined> = {
  bad: 'red',
  warn: 'yellow',
  good: 'green',
  empty: 'dim',
};

/** Renders the console report as one string (newline-terminated). */
export function renderConsole(reports: readonly RunReport[], options: ConsoleOptions): string {
  const paint = painter(options.color);
  const out: string[] = [];
  // A run that judged nothing (a wall, a target gone from the start) has no matrix to show: its verdict says why.
  const nothingJudged = reports.every((r) => r.unjudged && r.results.every((x) => x.status === 'skip'));
  if (!nothingJudged) out.push(...matrixLines(reports, paint), '');
  for (const f of findingsOf(reports)) {
    const where = reports.length > 1 ? ` (${f.name})` : '';
    if (f.actionable.length) {
      out.push(paint('bold', `Failures and errors${where}: ${f.actionable.length}`), '');
      for (const r of f.actionable) {
        out.push(...resultLines(r, paint));
        const blocked = f.blocks.get(r.id);
        if (blocked?.length)
          out.push(
            `  ${paint('yellow', `blocks ${blocked.length} checks`)} (skipped: their own rules could not be judged on this baseline): ${blocked.map((b) => b.id).join(', ')}`,
          );
        out.push('');
      }
      for (const { cause, checks } of sharedCauses(f.actionable))
        out.push(`${paint('bold', `One cause, ${checks.length} checks`)}: ${safe(cause)}: ${checks.join(', ')}`, '');
    }
    if (f.skipped.length) {
      out.push(paint('bold', `Skipped${where}: ${f.skipped.length}`));
      for (const g of skipGroups(f.skipped)) {
        const ids =
          g.ids.length > SKIP_IDS
            ? `${g.ids.slice(0, SKIP_IDS).join(', ')}, … ${g.ids.length - SKIP_IDS} more`
            : g.ids.join(', ');
        out.push(
          `  ${paint('yellow', 'SKIP')} ${g.ids.length === 1 ? '' : `${g.ids.length} checks: `}${safe(oneLine(g.reason, 300))}`,
          `       ${paint('dim', safe(ids))}`,
        );
      }
      out.push('');
    }
    if (f.known.length) {
      out.push(paint('bold', `${KNOWN_TITLE}${where}: ${f.known.length} (${KNOWN_NOTE})`));
      for (const r of f.known)
        out.push(`  ${paint('yellow', 'KNOWN')} ${r.id}: ${safe(oneLine(r.expectedFailure?.reason ?? '', 200))}`);
      out.push('');
    }
    for (const g of baselineGroups(f.report)) {
      out.push(paint('bold', `${g.title}${where}: ${g.lines.length} (${g.note})`));
      for (const l of g.lines) out.push(`  ${safe(oneLine(l, 300))}`);
      out.push('');
    }
  }
  out.push(...coverageLines(reports, paint));
  out.push(...timingLines(reports, paint));
  for (const [i, report] of reports.entries()) {
    for (const line of [writesLine(report), windowLine(report)])
      if (line)
        out.push(`${reports.length > 1 ? `${safe(computeMatrix(reports).targets[i]!.name)}: ` : ''}${safe(line)}`, '');
  }
  out.push(...verdictLines(reports, paint));
  return out.join('\n') + '\n';
}

function timingLines(reports: readonly RunReport[], paint: ReturnType<typeof painter>): string[] {
  const m = computeMatrix(reports);
  const out: string[] = [];
  reports.forEach((report, i) => {
    const rows = timingRows(report).map((r) => [r.operation, r.measure, ...figuresOf(r)]);
    if (!rows.length) return;
    const where = reports.length > 1 ? ` (${safe(m.targets[i]!.name)})` : '';
    const table = [[...TIMING_HEAD], ...rows];
    const widths = TIMING_HEAD.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
    const line = (r: readonly string[]) =>
      `  ${r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`;
    out.push(paint('bold', `Timing${where}`), paint('dim', line(table[0]!)), ...rows.map(line), '');
  });
  return out;
}

/** The context window the chat cases were kept within, when the run knew one (`limits` in the JSON). */
function windowLine(report: RunReport): string | undefined {
  const l = report.limits;
  if (l?.contextTokens === undefined) return undefined;
  const from = l.source === 'flag' ? '--max-context' : "learned from the target's refusal";
  const ratio =
    l.charsPerToken === undefined
      ? ''
      : `, at ${l.charsPerToken} characters per token (learned from the target's ${l.charsPerTokenSource === 'refusal' ? 'count in a refusal' : 'usage'})`;
  return `Context window: ${l.contextTokens} tokens (${from}); the positive chat cases were kept within it${ratio}`;
}

/** Check ids printed per skip reason on the console; the JSON report lists every one. */
const SKIP_IDS = 8;

/** Per target: one coverage line, then one line per operation and cause of the holes (a lone hole named). */
function coverageLines(reports: readonly RunReport[], paint: ReturnType<typeof painter>): string[] {
  const m = computeMatrix(reports);
  const out: string[] = [];
  reports.forEach((report, i) => {
    const c = report.coverage;
    if (!c) return;
    const where = reports.length > 1 ? ` (${safe(m.targets[i]!.name)})` : '';
    const perOp = c.operations.map((o) => `${operation(o.operation).section} ${o.percent}%`).join(', ');
    out.push(
      `${paint('bold', `Coverage${where}: ${c.percent}%`)} of ${c.total} items (${c.covered} exercised; ${c.notApplicable} not applicable, see \`conformance coverage\`): ${perOp}`,
    );
    const groups = holeGroupsOf(c);
    for (const g of groups) {
      const lone = g.holes.length === 1 ? g.holes[0]! : undefined;
      // A lone hole is named: a check's own skip by its reason, an item by its id and cause.
      const line = !lone
        ? holeGroupLine(g)
        : g.cause.code === 'skipped-by-check'
          ? lone.description
          : `${lone.id} not exercised${causeWords(g)}`;
      out.push(`  ${paint('yellow', 'HOLE')} ${safe(oneLine(line, 300))}`);
    }
    if (groups.some((g) => g.holes.length > 1))
      out.push(
        `  ${paint('dim', 'each item with its cause: the JSON or Markdown report (--json FILE, --markdown FILE)')}`,
      );
    out.push('');
  });
  return out;
}

function matrixLines(reports: readonly RunReport[], paint: ReturnType<typeof painter>): string[] {
  const m = computeMatrix(reports);
  const head = ['Operation', 'Level', ...m.targets.map((t) => safe(t.name))];
  const body = m.rows.map((row) => ({
    text: [`${row.section} ${row.label}`, row.level, ...row.cells.map(formatCounts)],
    cells: row.cells,
  }));
  const total = { text: ['Total', '', ...m.totals.map(formatCounts)], cells: m.totals };
  const widths = head.map((h, i) => Math.max(h.length, ...[...body, total].map((r) => (r.text[i] ?? '').length)));
  const line = (cols: readonly string[], cells?: readonly MatrixCounts[]): string =>
    cols
      .map((c, i) => {
        const padded = i === cols.length - 1 ? c : c.padEnd(widths[i] ?? 0);
        const cell = i >= 2 ? cells?.[i - 2] : undefined;
        const tone = cell ? TONE[cellTone(cell)] : undefined;
        return tone ? paint(tone, padded) : padded;
      })
      .join('  ')
      .trimEnd();
  const levels = [...new Set(m.targets.map((t) => t.level))].join('/');
  return [
    paint('bold', `Conformance matrix (gating level: ${levels})`),
    '',
    paint('bold', line(head)),
    ...body.map((r) => line(r.text, r.cells)),
    paint('bold', line(total.text, total.cells)),
  ];
}

function resultLines(r: CheckResult, paint: ReturnType<typeof painter>): string[] {
  const tag = outcomeOf(r) === 'error' ? paint('magenta', 'ERROR') : paint('red', 'FAIL');
  const lines = [`${tag} ${paint('bold', r.id)}  ${r.level} ${r.section}  ${operationLabel(r.operation)}`];
  const details = pickDetails(r, DETAIL_KEYS);
  const width = Math.max(...details.map((d) => d.label.length));
  for (const d of details) {
    const pad = ' '.repeat(width + 4);
    const value = safe(d.value).split('\n').join(`\n${pad}`);
    lines.push(`  ${paint('dim', d.label.padEnd(width))}  ${d.key === 'requirement' ? paint('bold', value) : value}`);
  }
  return lines;
}

function verdictLines(reports: readonly RunReport[], paint: ReturnType<typeof painter>): string[] {
  const m = computeMatrix(reports);
  const width = Math.max(...m.targets.map((t) => t.name.length));
  const lines = m.targets.map((t, i) => {
    const totals = m.totals[i];
    const counts = totals ? `${totals.total} results: ${formatCounts(totals)}` : '';
    const v = verdictOf(reports[i]!);
    const word = paint(v.word === 'NOT CONFORMANT' ? 'red' : v.word === 'CONFORMANT' ? 'green' : 'yellow', v.word);
    return `  ${safe(t.name).padEnd(width)}  ${word}${v.line.slice(v.word.length)}  (${counts}; ${t.basis})`;
  });
  return [paint('bold', 'Verdict'), ...lines];
}
