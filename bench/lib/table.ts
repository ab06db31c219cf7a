/** @module The bench's result rows and the table printer. */

interface Goal {
  /** Human text, e.g. `ratio ≥ 0.5`. */
  text: string;
  met: boolean;
}

export interface Row {
  scenario: string;
  figure: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run (same unit), if the figure has one. */
  baseline?: number | undefined;
  baselineLabel?: string | undefined;
  /** value / baseline (computed when both exist). */
  ratio?: number | undefined;
  goal?: Goal | undefined;
  note?: string | undefined;
}

/** A row; `ratio` is value / baseline unless given (e.g. the median of paired rounds' ratios). */
export function row(r: Omit<Row, 'ratio'> & { ratio?: number }): Row {
  const ratio = r.ratio ?? (r.baseline !== undefined && r.baseline > 0 ? r.value / r.baseline : undefined);
  return { ...r, ratio };
}

function fmt(n: number | undefined, unit = ''): string {
  if (n === undefined || !Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  const text = n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${text} ${unit}` : text;
}

const HEAD = ['figure', 'value', 'baseline', 'ratio', 'goal', 'met?'] as const;

function cells(r: Row): string[] {
  return [
    `${r.scenario}: ${r.figure}`,
    fmt(r.value, r.unit),
    r.baseline === undefined ? '—' : fmt(r.baseline, r.unit),
    r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`,
    r.goal?.text ?? '—',
    r.goal === undefined ? '' : r.goal.met ? 'yes' : 'NO',
  ];
}

/** A fixed-width text table for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...body.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c.map((x, i) => (i === 0 || i === 4 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  return [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The same table as Markdown (for the README). */
export function markdownTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  return [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map((_, i) => (i === 0 || i === 4 ? '---' : '---:')).join('|')}|`,
    ...body.map((c) => `| ${c.join(' | ')} |`),
  ].join('\n');
}
