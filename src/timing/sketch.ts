/** @module A mergeable quantile sketch (DDSketch, Masson, Rim & Lee, VLDB 2019), quantiles within 1 %. */
import type { SketchData } from '../core/timing.js';

/** α: the relative accuracy of every quantile. */
export const RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);
/** Values at or below this (a thousandth of the unit) are counted as zero. */
const SMALLEST = 0.001;

const micro = (v: number): number => Math.round(v * 1000) / 1000;

export class Sketch {
  private readonly bins = new Map<number, number>();
  private zeros = 0;
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  /** Records one value (negative or not finite: ignored). */
  add(value: number): void {
    if (!(value >= 0) || value === Number.POSITIVE_INFINITY) return;
    const v = micro(value);
    this.count++;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
    if (v <= SMALLEST) {
      this.zeros++;
      return;
    }
    const i = Math.ceil(Math.log(v) / LOG_GAMMA);
    this.bins.set(i, (this.bins.get(i) ?? 0) + 1);
  }

  merge(other: Sketch): this {
    if (other.count === 0) return this;
    this.count += other.count;
    this.zeros += other.zeros;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
    for (const [i, c] of other.bins) this.bins.set(i, (this.bins.get(i) ?? 0) + c);
    return this;
  }

  /** The value at quantile `q` (0..1), within the relative accuracy and [min, max]; undefined when empty. */
  quantile(q: number): number | undefined {
    if (this.count === 0) return undefined;
    if (q >= 1) return this.max;
    const rank = Math.min(Math.max(q, 0), 1) * (this.count - 1);
    if (rank < this.zeros) return this.min;
    let seen = this.zeros;
    for (const i of [...this.bins.keys()].sort((a, b) => a - b)) {
      seen += this.bins.get(i)!;
      if (seen > rank) {
        const estimate = (2 * GAMMA ** i) / (GAMMA + 1);
        return micro(Math.min(this.max, Math.max(this.min, estimate)));
      }
    }
    return this.max;
  }

  toJSON(): SketchData {
    return {
      accuracy: RELATIVE_ACCURACY,
      zeros: this.zeros,
      min: this.count ? this.min : 0,
      max: this.count ? this.max : 0,
      bins: [...this.bins].sort((a, b) => a[0] - b[0]),
    };
  }

  /** A sketch read back from a report; throws on one made with another accuracy (its bins would not line up). */
  static from(data: SketchData): Sketch {
    if (data.accuracy !== RELATIVE_ACCURACY)
      throw new RangeError(
        `a timing sketch of relative accuracy ${data.accuracy} cannot be merged with this tool's (${RELATIVE_ACCURACY})`,
      );
    const s = new Sketch();
    s.zeros = data.zeros;
    s.count = data.zeros;
    for (const [i, c] of data.bins) {
      s.bins.set(i, (s.bins.get(i) ?? 0) + c);
      s.count += c;
    }
    if (s.count > 0) {
      s.min = data.min;
      s.max = data.max;
    }
    return s;
  }
}
