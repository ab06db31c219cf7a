/** @module What a report says of time: per-operation distributions with mergeable sketches, and `--slo` objectives. */
import type {
  ConformanceRunReportDistribution,
  ConformanceRunReportObjective,
  ConformanceRunReportOperationTiming,
  ConformanceRunReportSketch,
} from '../generated/types.js';
import type { OperationId } from './operations.js';

/** A sketch as a report holds it (src/timing/sketch.ts): bins `[index, count]`, exact min and max. */
export type SketchData = Readonly<Omit<ConformanceRunReportSketch, 'bins'>> & {
  readonly bins: readonly (readonly [number, number])[];
};

/** A distribution: its count and percentiles (from the sketch, so they merge exactly), and the sketch. */
export type Distribution = Readonly<Omit<ConformanceRunReportDistribution, 'sketch'>> & { readonly sketch: SketchData };

/** The distributions measured of one operation's exchanges answered 2xx (what each measures: the schema). */
export type OperationTiming = {
  readonly [K in keyof ConformanceRunReportOperationTiming]?: Distribution;
};

/** One report's timing, by operation. */
export type TimingTable = Readonly<Partial<Record<OperationId, OperationTiming>>>;

/** The measures an objective can bound (all in milliseconds). */
export type ObjectiveMetric = ConformanceRunReportObjective['metric'];

/** A service-level objective: the `percentile` of `metric` is at most `thresholdMs` (`id`: `ttft-p95`, as given to `--slo`). */
export type Objective = Readonly<ConformanceRunReportObjective>;
