/**
 * @module What a proxy session tells a listener (the metrics) as it judges; a listener only hears, and
 * without one nothing is added to the hot path.
 */
import type { Evidence } from '../core/result.js';
import type { OperationId } from '../core/operations.js';
import { type Measure, TimingSketches } from '../timing/table.js';
import { type Breach, Findings, type Judged } from './findings.js';

export interface SessionListener {
  /** An exchange was opened: of the interface (its operation), or outside it (undefined: forwarded, not judged). */
  exchange?(op: OperationId | undefined): void;
  /** One exchange broke a rule (every breach, not only a group's first): its check id, rule and operation. */
  breach?(judged: Judged): void;
  /** A time measured on `op`: a measure of the timing table (milliseconds, or tokens per second). */
  timed?(op: OperationId, measure: Measure, value: number): void;
}

/** The session's findings, each breach also told to the listener. */
export class ListenedFindings extends Findings {
  constructor(private readonly listener: SessionListener) {
    super();
  }

  override breached(judged: Judged, breach: Breach, evidence: () => Evidence): boolean {
    const first = super.breached(judged, breach, evidence);
    this.listener.breach?.(judged);
    return first;
  }
}

/** The session's timing, each measure also told to the listener. */
export class ListenedTiming extends TimingSketches {
  constructor(private readonly listener: SessionListener) {
    super();
  }

  override record(op: OperationId, measure: Measure, value: number): void {
    super.record(op, measure, value);
    this.listener.timed?.(op, measure, value);
  }
}
