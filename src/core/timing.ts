/**
 * @module What a report says of time: per operation, the distributions of time to first token,
 * inter-token latency, end-to-end latency and output tokens per second of its streams, and the
 * latency of its other requests (src/timing measures them), each with its mergeable sketch; and the
 * service-level objectives the run was asked to judge (`--slo`). docs/timing.md maps the names to
 * vLLM's `bench serve` and to the OpenTelemetry GenAI conventions.
 */
import type { ConformanceRunReportObjective } from '../generated/types.js';
import type { OperationId } from './operations.js';

/** A sketch as a report holds it (src/timing/sketch.ts): bins `[index, count]`, exact min and max. */
export interface SketchData {
  /** The relative accuracy α every quantile is within. */
  readonly accuracy: number;
  /** Values too small to place (under a thousandth of the unit). */
  readonly zeros: number;
  readonly min: number;
  readonly max: number;
  readonly bins: readonly (readonly [number, number])[];
}

/** A distribution: its count and percentiles (from the sketch, so they merge exactly), and the sketch. */
export interface Distribution {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly sketch: SketchData;
}

/** The distributions measured of one operation's exchanges answered 2xx. */
export interface OperationTiming {
  /** Streams: request sent → first event carrying a choice. */
  readonly ttft_ms?: Distribution;
  /** Streams: the gaps between successive events carrying a choice. */
  readonly itl_ms?: Distribution;
  /** Streams: request sent → the end of the stream. */
  readonly e2e_ms?: Distribution;
  /** Streams: output tokens (usage.completion_tokens, else events carrying a choice) ÷ end-to-end seconds. */
  readonly output_tokens_per_s?: Distribution;
  /** Other requests: request sent → the end of the answer's body. */
  readonly latency_ms?: Distribution;
}

/** One report's timing, by operation. */
export type TimingTable = Readonly<Partial<Record<OperationId, OperationTiming>>>;

/** The measures an objective can bound (all in milliseconds). */
export type ObjectiveMetric = ConformanceRunReportObjective['metric'];

/** A service-level objective: the `percentile` of `metric` is at most `thresholdMs`. */
export interface Objective {
  /** `ttft-p95`: the metric and the percentile, as given to `--slo`. */
  readonly id: string;
  readonly metric: ObjectiveMetric;
  /** Strictly between 0 and 100 (95, 99, 99.9). */
  readonly percentile: number;
  readonly thresholdMs: number;
}
