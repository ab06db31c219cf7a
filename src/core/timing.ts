/**
 * @module What a report says of time: per operation, the distributions of time to first token,
 * inter-token latency, end-to-end latency and output tokens per second of its streams, and the
 * latency of its other requests (src/timing measures them), each with its mergeable sketch; and the
 * service-level objectives the run was asked to judge (`--slo`). docs/timing.md maps the names to
 * vLLM's `bench serve` and to the OpenTelemetry GenAI conventions.
 */
import type {
  ConformanceRunReportDistribution,
  ConformanceRunReportObjective,
  ConformanceRunReportOperationTiming,
  ConformanceRunReportSketch,
} from '../generated/types.js';
import type { OperationId } from './operations.js';

/**
 * A sketch as a report holds it (src/timing/sketch.ts): bins `[index, count]`, exact min and max. The
 * schema's bins are pairs of numbers, typed here as such.
 */
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
