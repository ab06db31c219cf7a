/** @module A report's timing as the rows every reporter shows: per operation and measure, count, p50, p90, p99, max. */
import { OPERATIONS, operation, operationLabel } from '../../src/core/operations.js';
import type { RunReport } from '../../src/core/report.js';
import type { Distribution, OperationTiming } from '../../src/core/timing.js';

const MEASURES: readonly { key: keyof OperationTiming; name: string; unit: string }[] = [
  { key: 'ttft_ms', name: 'time to first token', unit: 'ms' },
  { key: 'itl_ms', name: 'inter-token latency', unit: 'ms' },
  { key: 'e2e_ms', name: 'end-to-end latency', unit: 'ms' },
  { key: 'output_tokens_per_s', name: 'output tokens per second', unit: 'tok/s' },
  { key: 'latency_ms', name: 'latency', unit: 'ms' },
];

export interface TimingRow {
  /** `§4.1 POST /v1/chat/completions`. */
  readonly operation: string;
  readonly measure: string;
  readonly unit: string;
  readonly distribution: Distribution;
}

/** The rows of a report's timing, operations in their order, measures in the order above (other keys: left out). */
export function timingRows(report: Pick<RunReport, 'timing'>): TimingRow[] {
  const rows: TimingRow[] = [];
  for (const { id } of OPERATIONS) {
    const timing = report.timing?.[id];
    for (const m of MEASURES) {
      const distribution = timing?.[m.key];
      if (distribution)
        rows.push({
          operation: `${operation(id).section} ${operationLabel(id)}`,
          measure: m.name,
          unit: m.unit,
          distribution,
        });
    }
  }
  return rows;
}

/** A figure with the digits it deserves: `0.42 ms`, `31.7 ms`, `151 ms`. */
function formatFigure(value: number, unit: string): string {
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

/** The five columns after the measure: count, p50, p90, p99, max. */
export function figuresOf(row: TimingRow): string[] {
  const d = row.distribution;
  return [String(d.count), ...[d.p50, d.p90, d.p99, d.max].map((v) => formatFigure(v, row.unit))];
}

export const TIMING_HEAD = ['operation', 'measure', 'count', 'p50', 'p90', 'p99', 'max'] as const;
