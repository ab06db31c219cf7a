/**
 * @module The HTML report (`--html FILE`): one self-contained file (inline CSS, no scripts, a
 * Content-Security-Policy forbidding any): verdicts, matrix, timing, holes, then every finding in a
 * `<details>`; on a failing run the failures come first, open. Every string is escaped.
 */
import { packageFile } from '../src/core/package-root.js';
import type { RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { operationLabel } from '../src/core/operations.js';
import { detailsBut, pickDetails } from './_internal/details.js';
import { findingsOf, type TargetFindings } from './_internal/findings.js';
import { escapeHtml as esc } from './_internal/html.js';
import { outcomeOf } from './_internal/outcome.js';
import { oneLine } from './_internal/text.js';
import { whatBroke } from './_internal/broke.js';
import { verdictOf } from '../src/gating/verdict.js';
import { writesLine } from './_internal/writes.js';
import { figuresOf, TIMING_HEAD, timingRows } from './_internal/timing.js';
import { distributionSvg } from './_internal/timing-plot.js';
import { causeWords, holeGroupsOf } from './_internal/holes.js';
import { plural } from '../src/core/words.js';
import { cellTone, computeMatrix, formatCounts, formatCoverage, type Matrix } from './matrix.js';
import { baselineGroups, causeOf, KNOWN_NOTE, KNOWN_TITLE } from './_internal/baseline.js';

const DETAIL_KEYS = detailsBut('section', 'level');
const PRE_KEYS = detailsBut('requirement', 'section', 'level', 'convention', 'known', 'reason', 'path');

/** The page's style sheet (inline: the page is one self-contained file), read once. */
let css: string | undefined;
const styleSheet = (): string => (css ??= packageFile('fixtures', 'reports', 'html-report.css'));

/** Renders the HTML report as one self-contained document. */
export function renderHtml(reports: readonly RunReport[]): string {
  const m = computeMatrix(reports);
  const first = reports[0];
  const meta = first
    ? `${esc(first.tool.name)} ${esc(first.tool.version)} · started ${esc(first.startedAt)} · seed ${first.seed}`
    : 'no targets';
  const findings = findingsOf(reports);
  const named = reports.length > 1;
  // The verdict and the per-operation table first, then what failed: MUST open, grouped by cause.
  const body = [
    '<header>',
    '<h1>Conformance report</h1>',
    `<p class="meta">${meta}</p>`,
    '</header>',
    verdicts(m, reports),
    '<h2>Per operation</h2>',
    matrixTable(m),
    ...findings.flatMap((f) => failuresSections(f, named)),
    ...reports.flatMap((r, i) => timingSection(r, named ? m.targets[i]!.name : undefined) || []),
    ...reports.map((r, i) => holesSection(r, named ? m.targets[i]!.name : undefined)),
    ...findings.map((f) => restSection(f, named)),
  ];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<title>Conformance report</title>',
    `<style>\n${styleSheet()}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function verdicts(m: Matrix, reports: readonly RunReport[]): string {
  const items = m.targets.map((t, i) => {
    const totals = m.totals[i];
    const counts = totals ? `${totals.total} results: ${esc(formatCounts(totals))}` : '';
    const v = verdictOf(reports[i]!);
    const tone = v.word === 'NOT CONFORMANT' ? 'bad' : v.word === 'CONFORMANT' ? 'good' : 'warn';
    const created = writesLine(reports[i]!);
    return `<li class="verdict ${tone}"><strong>${esc(t.name)}: ${esc(v.line)}</strong><span class="meta">level ${esc(t.level)} · ${esc(t.target)}</span><br><span>${counts}</span>${created ? `<br><span>${esc(created)}</span>` : ''}</li>`;
  });
  return `<ul class="verdicts">${items.join('')}</ul>`;
}

function matrixTable(m: Matrix): string {
  const covHead = m.hasCoverage ? m.targets.map((t) => `<th scope="col">Coverage: ${esc(t.name)}</th>`).join('') : '';
  const covCells = (values: readonly (number | undefined)[]): string =>
    m.hasCoverage ? values.map((v) => `<td class="num">${esc(formatCoverage(v))}</td>`).join('') : '';
  const head = `<thead><tr><th scope="col">Operation</th><th scope="col">Level</th>${m.targets.map((t) => `<th scope="col">${esc(t.name)}</th>`).join('')}${covHead}</tr></thead>`;
  const rows = m.rows.map(
    (row) =>
      `<tr><th scope="row">${esc(row.section)} <code>${esc(row.label)}</code></th><td>${row.level}</td>${row.cells.map((c) => `<td class="${cellTone(c)}">${esc(formatCounts(c))}</td>`).join('')}${covCells(row.coverage)}</tr>`,
  );
  const foot = `<tfoot><tr><th scope="row">Total</th><td></td>${m.totals.map((c) => `<td class="${cellTone(c)}">${esc(formatCounts(c))}</td>`).join('')}${covCells(m.coverageTotals)}</tr></tfoot>`;
  return `<table>\n${head}\n<tbody>\n${rows.join('\n')}\n</tbody>\n${foot}\n</table>`;
}

/** The report's timing: count and percentiles per operation and measure, each with its distribution drawn. */
function timingSection(report: RunReport, name: string | undefined): string {
  const rows = timingRows(report);
  if (!rows.length) return '';
  const head = `<thead><tr>${[...TIMING_HEAD, 'distribution'].map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>`;
  const body = rows.map((r) => {
    const figures = figuresOf(r).map((f) => `<td class="num">${esc(f)}</td>`);
    const plot = distributionSvg(r.distribution.sketch, esc(`${r.measure} of ${r.operation}, ${r.unit}, log scale`));
    return `<tr><th scope="row"><code>${esc(r.operation)}</code></th><td>${esc(r.measure)}</td>${figures.join('')}<td>${plot}</td></tr>`;
  });
  return `<h2>Timing${name ? `: ${esc(name)}` : ''}</h2>\n<table>${head}<tbody>${body.join('')}</tbody></table>`;
}

/** The items a target's run did not exercise: one line per operation and cause, the items collapsed under it. */
function holesSection(report: RunReport, name: string | undefined): string {
  if (!report.coverage?.holes.length) return '';
  const groups = holeGroupsOf(report.coverage).map((g) => {
    const cause = esc(causeWords(g)).replace(/--[a-z][a-z-]*/g, (flag) => `<code>${flag}</code>`);
    const items = g.holes.map((h) => `<li><code>${esc(h.id)}</code>: ${esc(h.description)}</li>`).join('');
    const summary = `<strong>${esc(plural(g.holes.length, 'item'))}</strong> of ${esc(g.section)} <code>${esc(operationLabel(g.operation))}</code> not exercised${cause}`;
    return `<details class="holes"><summary>${summary}</summary><ul class="plain">${items}</ul></details>`;
  });
  return [`<h2>Not exercised${name ? `: ${esc(name)}` : ''} (${report.coverage.holes.length})</h2>`, ...groups].join(
    '\n',
  );
}

/**
 * A target's failures and errors by level (MUST open, then SHOULD), those of one cause (a fingerprint's
 * words after its check id) shown together under it.
 */
function failuresSections(f: TargetFindings, named: boolean): string[] {
  const where = named ? `: ${esc(f.name)}` : '';
  return (['MUST', 'SHOULD', 'INFO'] as const).flatMap((level) => {
    const own = f.actionable.filter((r) => r.level === level);
    if (!own.length) return [];
    const byCause = new Map<string, CheckResult[]>();
    for (const r of own) {
      const cause = causeOf(r) ?? `check ${r.id}`;
      byCause.set(cause, [...(byCause.get(cause) ?? []), r]);
    }
    const groups = [...byCause].map(([cause, rs]) =>
      rs.length === 1
        ? finding(rs[0]!, level === 'MUST')
        : `<h3>One cause, ${rs.length} checks: <code>${esc(cause)}</code></h3>\n${rs.map((r) => finding(r, level === 'MUST')).join('\n')}`,
    );
    return [`<h2>${level} failures and errors${where} (${own.length})</h2>`, ...groups];
  });
}

/** Everything else a target's run found: known failures, known failures that now pass, observations, skips. */
function restSection(f: TargetFindings, named: boolean): string {
  const where = named ? `: ${esc(f.name)}` : '';
  const parts: string[] = [];
  if (f.known.length)
    parts.push(
      `<h3>${KNOWN_TITLE}${where} (${f.known.length})</h3>`,
      `<p class="meta">${KNOWN_NOTE}</p>`,
      ...f.known.map((r) => finding(r)),
    );
  for (const g of baselineGroups(f.report)) {
    const items = g.lines.map((l) => `<li><code>${esc(oneLine(l, 500))}</code></li>`).join('');
    parts.push(
      `<h3>${esc(g.title)}${where} (${g.lines.length})</h3>`,
      `<p>${esc(g.note)}</p><ul class="plain">${items}</ul>`,
    );
  }
  if (f.noted.length) parts.push(`<h3>Observations (INFO)${where}</h3>`, ...f.noted.map((r) => finding(r)));
  if (f.skipped.length) {
    const items = f.skipped
      .map((r) => `<li><code>${esc(r.id)}</code>: ${esc(oneLine(r.reason ?? '', 500))}</li>`)
      .join('');
    parts.push(
      `<details><summary>Skipped${where} (${f.skipped.length})</summary><ul class="plain">${items}</ul></details>`,
    );
  }
  return parts.join('\n');
}

function finding(r: CheckResult, open = false): string {
  const outcome = outcomeOf(r);
  // What was expected before what the target answered (the answer is often a long body).
  const said =
    r.status === 'fail' && r.expected
      ? `expected ${oneLine(r.expected, 120)}; got ${oneLine(r.actual ?? 'the rule broken', 160)}`
      : whatBroke(r);
  const broke = ['fail', 'error', 'known'].includes(outcome) ? `<br><span class="broke">${esc(said)}</span>` : '';
  // The rule first, what the target answered after.
  const summary = `<span class="tag ${outcome}">${outcome.toUpperCase()}</span><code>${esc(r.id)}</code> · ${r.level} ${esc(r.section)} · <code>${esc(operationLabel(r.operation))}</code><br>${esc(oneLine(r.requirement, 160))}${broke}`;
  const rows = pickDetails(r, DETAIL_KEYS).map((d) => {
    const value = PRE_KEYS.includes(d.key) ? `<pre>${esc(d.value)}</pre>` : esc(d.value);
    return `<dt>${esc(d.label)}</dt><dd>${value}</dd>`;
  });
  return `<details class="${outcome}"${open ? ' open' : ''}>\n<summary>${summary}</summary>\n<dl>\n${rows.join('\n')}\n</dl>\n</details>`;
}
