/**
 * @module The Markdown report (GitHub-flavoured; the CLI appends it to `$GITHUB_STEP_SUMMARY`): the
 * matrix as a table, the verdict, then every failure and error in a collapsible `<details>` block.
 * Text from the target only ever lands in escaped prose or in fenced code blocks.
 */
import type { RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { operationLabel } from '../src/core/operations.js';
import { plural } from '../src/core/words.js';
import { detailsBut, pickDetails, type Detail, type DetailKey } from './_internal/details.js';
import { writesLine } from './_internal/writes.js';
import { figuresOf, TIMING_HEAD, timingRows } from './_internal/timing.js';
import { skipGroups } from './_internal/skips.js';
import { findingsOf, type TargetFindings } from './_internal/findings.js';
import { causeWords, type HoleGroup, holeGroupsOf } from './_internal/holes.js';
import { showControls } from './_internal/controls.js';
import { escapeHtml } from './_internal/html.js';
import { outcomeOf } from './_internal/outcome.js';
import { capBlock, oneLine } from './_internal/text.js';
import { verdictOf } from '../src/gating/verdict.js';
import { cellTone, computeMatrix, formatCounts, formatCoverage, type Matrix, type MatrixCounts } from './matrix.js';
import { baselineGroups, KNOWN_NOTE, KNOWN_TITLE, sharedCauses } from './_internal/baseline.js';

const DETAIL_KEYS = detailsBut('section', 'level', 'reason');
/** Fields shown as code blocks: whatever the target sent stays verbatim and inert. */
const BLOCK_KEYS = detailsBut('requirement', 'section', 'level', 'convention', 'known', 'reason', 'notes', 'path');
const SHELL_KEYS: readonly DetailKey[] = ['curl', 'replay'];
// GitHub caps a step summary at 1 MiB: evidence blocks and listed holes (per target) are capped.
const BLOCK_CAP = 4000;
const HOLES_CAP = 200;
const ICON: Record<ReturnType<typeof cellTone>, string> = { bad: '❌', warn: '⚠️', good: '✅', empty: '' };

/** Renders the Markdown report (newline-terminated). */
export function renderMarkdown(reports: readonly RunReport[]): string {
  const m = computeMatrix(reports);
  const out: string[] = ['## Conformance report', '', ...matrixTable(m), ...verdictLines(m, reports), ''];
  const nameOf = (i: number) => (reports.length > 1 ? m.targets[i]!.name : undefined);
  for (const [i, report] of reports.entries())
    out.push(...timingTable(report, nameOf(i)), ...holesSection(report, nameOf(i)));
  for (const f of findingsOf(reports)) out.push(...findingsSection(f, reports.length > 1 ? `: ${inline(f.name)}` : ''));
  return out.join('\n').trimEnd() + '\n';
}

/** The matrix: a row per operation and level, a column per target (and one of coverage per target), and the totals. */
function matrixTable(m: Matrix): string[] {
  const cell = (c: MatrixCounts): string => [ICON[cellTone(c)], formatCounts(c)].filter(Boolean).join(' ');
  const covHead = m.hasCoverage ? ` ${m.targets.map((t) => `Coverage: ${inline(t.name)}`).join(' | ')} |` : '';
  const covCells = (values: readonly (number | undefined)[], bold = false): string =>
    m.hasCoverage
      ? ` ${values.map((v) => (v === undefined ? '' : bold ? `**${formatCoverage(v)}**` : formatCoverage(v))).join(' | ')} |`
      : '';
  return [
    `| Operation | Level | ${m.targets.map((t) => inline(t.name)).join(' | ')} |${covHead}`,
    `|---|---|${m.targets.map(() => '---').join('|')}|${m.hasCoverage ? `${m.targets.map(() => '---:').join('|')}|` : ''}`,
    ...m.rows.map(
      (row) =>
        `| ${row.section} \`${row.label}\` | ${row.level} | ${row.cells.map(cell).join(' | ')} |${covCells(row.coverage)}`,
    ),
    `| **Total** | | ${m.totals.map((c) => `**${cell(c)}**`).join(' | ')} |${covCells(m.coverageTotals, true)}`,
    '',
  ];
}

/** A line per target: its verdict, its counts, the basis of the verdict, and what it created. */
function verdictLines(m: Matrix, reports: readonly RunReport[]): string[] {
  const out: string[] = [];
  for (const [i, t] of m.targets.entries()) {
    const totals = m.totals[i];
    const report = reports[i]!;
    const v = verdictOf(report);
    const verdict = v.word === 'NOT CONFORMANT' ? '❌' : v.word === 'CONFORMANT' ? '✅' : '⚠️';
    const counts = totals ? ` (${totals.total} results: ${formatCounts(totals)})` : '';
    out.push(`- **${inline(t.name)}** (${inline(t.target)}): ${verdict} **${inline(v.line)}**${counts}; ${t.basis}`);
    const created = writesLine(report);
    if (created) out.push(`  - ${inline(created)}`);
  }
  return out;
}

/** The coverage items a report did not exercise, group by group, HOLES_CAP of them listed in all. */
function holesSection(report: RunReport, name: string | undefined): string[] {
  if (!report.coverage?.holes.length) return [];
  const out = [`### Not exercised${name ? `: ${inline(name)}` : ''} (${report.coverage.holes.length})`, ''];
  let room = HOLES_CAP;
  for (const g of holeGroupsOf(report.coverage)) {
    out.push('<details>', `<summary>${groupSummary(g)}</summary>`, '');
    const shown = g.holes.slice(0, Math.max(0, room));
    room -= shown.length;
    for (const h of shown) out.push(`- \`${code(h.id)}\`: ${inline(h.description)}`);
    if (shown.length < g.holes.length)
      out.push(`- … and ${g.holes.length - shown.length} more (the JSON report lists every one)`);
    out.push('', '</details>', '');
  }
  return out;
}

/** One target's failures and errors, known failures, known failures that pass, skips and observations. */
function findingsSection(f: TargetFindings, where: string): string[] {
  const out: string[] = [];
  if (f.actionable.length) {
    out.push(`### Failures and errors${where} (${f.actionable.length})`, '');
    for (const r of f.actionable) out.push(...detailsBlock(r));
    const causes = sharedCauses(f.actionable).map(
      ({ cause, checks }) =>
        `- One cause, ${checks.length} checks: \`${code(cause)}\`: ${checks.map((c) => `\`${code(c)}\``).join(', ')}`,
    );
    if (causes.length) out.push(...causes, '');
  }
  if (f.known.length) {
    out.push(`### ${KNOWN_TITLE}${where} (${f.known.length})`, '', KNOWN_NOTE, '');
    for (const r of f.known) out.push(...detailsBlock(r));
  }
  for (const g of baselineGroups(f.report)) {
    out.push(`### ${g.title}${where} (${g.lines.length})`, '', g.note, '');
    for (const l of g.lines) out.push(`- ${inline(oneLine(l, 500))}`);
    out.push('');
  }
  if (f.skipped.length) {
    out.push('<details>', `<summary>Skipped${where.replace(/^: /, ': ')} (${f.skipped.length})</summary>`, '');
    for (const g of skipGroups(f.skipped))
      out.push(`- ${inline(oneLine(g.reason, 500))}: ${g.ids.map((id) => `\`${code(id)}\``).join(', ')}`);
    out.push('', '</details>', '');
  }
  if (f.noted.length) {
    out.push(`### Observations (INFO)${where}`, '');
    for (const r of f.noted) out.push(`- \`${code(r.id)}\`: ${inline(oneLine(r.actual ?? r.expected ?? '', 500))}`);
    out.push('');
  }
  return out;
}

function timingTable(report: RunReport, name: string | undefined): string[] {
  const rows = timingRows(report);
  if (!rows.length) return [];
  return [
    `### Timing${name ? `: ${inline(name)}` : ''}`,
    '',
    `| ${TIMING_HEAD.join(' | ')} |`,
    `| --- | --- | ${TIMING_HEAD.slice(2)
      .map(() => '---:')
      .join(' | ')} |`,
    ...rows.map((r) => `| ${inline(r.operation)} | ${r.measure} | ${figuresOf(r).join(' | ')} |`),
    '',
  ];
}

/** A group's line as HTML (GitHub renders no Markdown in a summary): the operation and the flags as code. */
function groupSummary(g: HoleGroup): string {
  const cause = escapeHtml(causeWords(g)).replace(/--[a-z][a-z-]*/g, (flag) => `<code>${flag}</code>`);
  return `${plural(g.holes.length, 'item')} of ${escapeHtml(g.section)} <code>${escapeHtml(operationLabel(g.operation))}</code> not exercised${cause}`;
}

function detailsBlock(r: CheckResult): string[] {
  const outcome = outcomeOf(r);
  const tag = outcome === 'error' ? '⚠️ ERROR' : outcome === 'known' ? 'KNOWN' : '❌ FAIL';
  const summary = `${tag} <code>${escapeHtml(r.id)}</code>: ${r.level} ${escapeHtml(r.section)} <code>${escapeHtml(operationLabel(r.operation))}</code>`;
  const out = ['<details>', `<summary>${summary}</summary>`, ''];
  for (const d of pickDetails(r, DETAIL_KEYS)) out.push(...field(d));
  out.push('</details>', '');
  return out;
}

function field(d: Detail): string[] {
  const label = d.label.charAt(0).toUpperCase() + d.label.slice(1);
  if (!BLOCK_KEYS.includes(d.key)) return [`**${label}:** ${inline(d.value)}`, ''];
  const text = showControls(capBlock(d.value, BLOCK_CAP));
  // Longer than any run of backticks in the text, so that none closes the block.
  const fence = '`'.repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return [`**${label}:**`, '', `${fence}${SHELL_KEYS.includes(d.key) ? 'sh' : 'text'}`, text, fence, ''];
}

/** Escapes text for GFM prose and table cells: no HTML, no emphasis, no links, no math, one line. */
function inline(text: string): string {
  // Backslashes first: the entities escapeHtml writes (`&#39;`) must not be escaped again.
  return escapeHtml(
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\`*_[\]|~$#]/g, (ch) => `\\${ch}`),
  );
}

/** Text inside an inline code span of single backticks. */
function code(text: string): string {
  return showControls(text).replace(/`/g, "'");
}
