/**
 * @module The conformance matrix: operations × levels, one column per target, with counts per
 * outcome. Console, Markdown and HTML all render this one computation.
 */
import { LEVELS, type Level } from '../src/core/check.js';
import { OPERATIONS, operationLabel, type OperationId } from '../src/core/operations.js';
import type { RunReport } from '../src/core/report.js';
import { outcomeOf, type Outcome } from './_internal/outcome.js';
import { targetNames } from './_internal/targets.js';

/** Counts of one cell. `known`: listed failures; `noted`: INFO observations (never failures). */
export type MatrixCounts = { total: number } & Record<Outcome, number>;

interface MatrixTarget {
  /** Column name, unique within the matrix. */
  readonly name: string;
  readonly target: string;
  readonly level: RunReport['level'];
  /** What the verdict rests on: the seed and token budget, or observed traffic (proxy, replay). */
  readonly basis: string;
}

interface MatrixRow {
  readonly operation: OperationId;
  /** `POST /v1/chat/completions`. */
  readonly label: string;
  readonly section: string;
  readonly level: Level;
  readonly cells: readonly MatrixCounts[];
  /** Per target, the operation's coverage percent, on the operation's first row only. */
  readonly coverage: readonly (number | undefined)[];
}

export interface Matrix {
  readonly targets: readonly MatrixTarget[];
  /** Operation order (§4.1 → §4.8), then MUST, SHOULD, INFO; rows where no target ran a check are left out. */
  readonly rows: readonly MatrixRow[];
  readonly totals: readonly MatrixCounts[];
  /** Per target, the run's coverage percent (undefined: reported without coverage). */
  readonly coverageTotals: readonly (number | undefined)[];
  /** Whether any target carries coverage (the reports then show a coverage column per target). */
  readonly hasCoverage: boolean;
}

const OUTCOME_ORDER: readonly Outcome[] = ['pass', 'fail', 'error', 'skip', 'known', 'noted'];

export function emptyCounts(): MatrixCounts {
  return { total: 0, pass: 0, fail: 0, error: 0, skip: 0, known: 0, noted: 0 };
}

export function computeMatrix(reports: readonly RunReport[]): Matrix {
  const names = targetNames(reports);
  const rows: MatrixRow[] = [];
  for (const op of OPERATIONS) {
    for (const level of LEVELS) {
      const cells = reports.map((report) => {
        const cell = emptyCounts();
        for (const r of report.results) if (r.operation === op.id && r.level === level) add(cell, outcomeOf(r));
        return cell;
      });
      if (!cells.some((c) => c.total > 0)) continue;
      const first = !rows.some((r) => r.operation === op.id);
      const coverage = reports.map((report) =>
        first ? report.coverage?.operations.find((o) => o.operation === op.id)?.percent : undefined,
      );
      rows.push({ operation: op.id, label: operationLabel(op.id), section: op.section, level, cells, coverage });
    }
  }
  const totals = reports.map((report) => {
    const cell = emptyCounts();
    for (const r of report.results) add(cell, outcomeOf(r));
    return cell;
  });
  const targets = reports.map((r, i) => ({
    name: names[i] ?? r.targetLabel,
    target: r.target,
    level: r.level,
    basis:
      r.runs === 0
        ? 'observed traffic, no generated case'
        : `seed ${r.seed}; chat requests asked for at most ${r.tokenBudget} completion tokens`,
  }));
  const coverageTotals = reports.map((r) => r.coverage?.percent);
  return { targets, rows, totals, coverageTotals, hasCoverage: coverageTotals.some((c) => c !== undefined) };
}

/** A coverage cell: `96%`, or '' when there is none to show. */
export function formatCoverage(percent: number | undefined): string {
  return percent === undefined ? '' : `${percent}%`;
}

/** `4 pass, 1 fail, 2 skip`; `-` for an empty cell. */
export function formatCounts(cell: MatrixCounts): string {
  if (cell.total === 0) return '-';
  return OUTCOME_ORDER.filter((o) => cell[o] > 0)
    .map((o) => `${cell[o]} ${o}`)
    .join(', ');
}

/** The worst outcome in a cell, for colouring: fail/error, then known/skip, then pass/noted. */
export function cellTone(cell: MatrixCounts): 'bad' | 'warn' | 'good' | 'empty' {
  if (cell.total === 0) return 'empty';
  if (cell.fail + cell.error > 0) return 'bad';
  if (cell.known + cell.skip > 0) return 'warn';
  return 'good';
}

function add(cell: MatrixCounts, outcome: Outcome): void {
  cell.total++;
  cell[outcome]++;
}
