/** @module The timing being measured: a sketch per operation and measure, written as the report's `timing` table. */
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { Distribution, OperationTiming, TimingTable } from '../core/timing.js';
import { Sketch } from './sketch.js';

export type Measure = keyof OperationTiming;

/** The measures in the order reports show them. */
export const MEASURES: readonly Measure[] = ['ttft_ms', 'itl_ms', 'e2e_ms', 'output_tokens_per_s', 'latency_ms'];

function distributionOf(sketch: Sketch): Distribution {
  return {
    count: sketch.count,
    p50: sketch.quantile(0.5) ?? 0,
    p90: sketch.quantile(0.9) ?? 0,
    p99: sketch.quantile(0.99) ?? 0,
    max: sketch.count ? sketch.max : 0,
    sketch: sketch.toJSON(),
  };
}

const ORDER: readonly OperationId[] = OPERATIONS.map((o) => o.id);

export class TimingSketches {
  private readonly byOp = new Map<OperationId, Map<Measure, Sketch>>();

  /** The sketch of `op`'s `measure`, made on first need (no closure: it is asked for every streamed token). */
  sketch(op: OperationId, measure: Measure): Sketch {
    let measures = this.byOp.get(op);
    if (!measures) this.byOp.set(op, (measures = new Map()));
    let sketch = measures.get(measure);
    if (!sketch) measures.set(measure, (sketch = new Sketch()));
    return sketch;
  }

  record(op: OperationId, measure: Measure, value: number): void {
    this.sketch(op, measure).add(value);
  }

  /** The report's table; undefined when nothing was measured. */
  table(): TimingTable | undefined {
    const out: Partial<Record<OperationId, OperationTiming>> = {};
    const ops = [...this.byOp.keys()].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    for (const op of ops) {
      const measures = this.byOp.get(op)!;
      const entry: Partial<Record<Measure, Distribution>> = {};
      for (const m of MEASURES) {
        const s = measures.get(m);
        if (s && s.count > 0) entry[m] = distributionOf(s);
      }
      if (Object.keys(entry).length) out[op] = entry;
    }
    return Object.keys(out).length ? out : undefined;
  }
}
