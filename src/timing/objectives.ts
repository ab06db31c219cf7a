/** @module Service-level objectives (`--slo ttft-p95=500ms`) on the chat completions (§4.1). */
import { ConformanceError } from '../core/errors.js';
import type { OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import type { Objective, ObjectiveMetric, OperationTiming, TimingTable } from '../core/timing.js';
import { Sketch } from './sketch.js';

/** The error code of an objective with too few samples to judge. */
export const INDETERMINATE = 'CTS_SLO_INDETERMINATE';

const JUDGED: OperationId = 'chat.create';

const METRICS: Readonly<Record<ObjectiveMetric, { field: keyof OperationTiming; words: string; of: string }>> = {
  ttft: { field: 'ttft_ms', words: 'time to first token', of: 'streams' },
  itl: { field: 'itl_ms', words: 'inter-token latency', of: 'gaps between stream events' },
  e2e: { field: 'e2e_ms', words: 'end-to-end latency', of: 'streams' },
  latency: { field: 'latency_ms', words: 'latency', of: 'non-streamed requests' },
};

const OBJECTIVE = String.raw`(ttft|itl|e2e|latency)-p(\d{1,2}(?:\.\d+)?)=(\d+(?:\.\d+)?)(ms|s)`;
const ONE = new RegExp(`^${OBJECTIVE}$`);
/** What `--slo` takes, as the config file's schema checks it. */
export const OBJECTIVES_PATTERN = String.raw`^\s*${OBJECTIVE}\s*(?:,\s*${OBJECTIVE}\s*)*$`;

/** Objectives as `--slo` takes them (`ttft-p95=500ms,e2e-p95=5000ms`). */
export function objectivesText(objectives: readonly Objective[]): string {
  return objectives.map((o) => `${o.id}=${o.thresholdMs}ms`).join(',');
}

/** Parses `--slo`; throws `CTS_BAD_FLAG` naming the first objective that cannot be read, and why. */
export function parseObjectives(text: string, flag = 'slo'): Objective[] {
  const out: Objective[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const m = ONE.exec(part);
    if (!m)
      throw new ConformanceError(
        'CTS_BAD_FLAG',
        `--${flag}: cannot read "${part}": write METRIC-pN=DURATION, METRIC one of ttft, itl, e2e, latency, N a percentile (50, 95, 99.9), DURATION in ms or s (ttft-p95=500ms)`,
      );
    const [, metric, p, amount, unit] = m;
    const percentile = Number(p);
    if (!(percentile > 0 && percentile < 100))
      throw new ConformanceError('CTS_BAD_FLAG', `--${flag}: "${part}": the percentile must be above 0 and below 100`);
    const id = `${metric}-p${p}`;
    if (out.some((o) => o.id === id)) throw new ConformanceError('CTS_BAD_FLAG', `--${flag}: ${id} is given twice`);
    const thresholdMs = Number(amount) * (unit === 's' ? 1000 : 1);
    out.push({ id, metric: metric as ObjectiveMetric, percentile, thresholdMs });
  }
  if (out.length === 0) throw new ConformanceError('CTS_BAD_FLAG', `--${flag}: no objective given (ttft-p95=500ms)`);
  return out;
}

/** The fewest samples that put a value above the percentile: ceil(1 / (1 - q)). */
export function samplesNeeded(percentile: number): number {
  // Rounded first: 100 / (100 - 99.9) is 1000.0000000000568 in binary floating point.
  return Math.ceil(Math.round((100 / (100 - percentile)) * 1e6) / 1e6);
}

const ms = (v: number): string => `${Math.round(v * 1000) / 1000} ms`;
const bound = (o: Objective): string => `${o.metric}-p${o.percentile}=${o.thresholdMs} ms`;

export function judgeObjective(objective: Objective, timing: TimingTable | undefined): CheckResult {
  const metric = METRICS[objective.metric];
  const data = timing?.[JUDGED]?.[metric.field]?.sketch;
  const sketch = data ? Sketch.from(data) : new Sketch();
  const needed = samplesNeeded(objective.percentile);
  const base = {
    id: `slo.${objective.id}`,
    operation: JUDGED,
    section: '§4.1',
    level: 'MUST' as const,
    requirement: `Service-level objective ${bound(objective)} (--slo): the ${objective.percentile}th percentile of the ${metric.words} of the chat completions is at most ${ms(objective.thresholdMs)}.`,
    durationMs: 0,
  };
  if (sketch.count < needed)
    return {
      ...base,
      status: 'error',
      errorCode: INDETERMINATE,
      message: `indeterminate: the p${objective.percentile} of ${metric.words} needs at least ${needed} samples (${metric.of}) to be judged; ${sketch.count === 0 ? 'none was measured' : `only ${sketch.count} ${sketch.count === 1 ? 'was' : 'were'} measured`}`,
      notes: [`samples: ${sketch.count} of the ${needed} needed`],
    };
  const value = sketch.quantile(objective.percentile / 100)!;
  const seen = `p${objective.percentile} ${ms(value)} over ${sketch.count} ${metric.of} (max ${ms(sketch.max)})`;
  if (value <= objective.thresholdMs) return { ...base, status: 'pass', notes: [seen] };
  return {
    ...base,
    status: 'fail',
    expected: `the p${objective.percentile} of ${metric.words} at most ${ms(objective.thresholdMs)}`,
    actual: seen,
  };
}
