/** @module The halves of pair rules a proxy's report carries, for `conformance merge` to pair. */
import type { Evidence } from './result.js';

/** One half: the check id its verdicts are reported under, its key, when its exchange was sent, its summary. */
export interface KeptHalf {
  readonly id: string;
  readonly key: string;
  /** Epoch milliseconds (with a fraction): the order halves are folded in, whichever proxy saw them. */
  readonly at: number;
  readonly half: unknown;
  /** The exchange's evidence (redacted), for a verdict the merge finds on it. */
  readonly evidence?: Evidence;
  /** What the proxy's rules of one exchange under the same check id judged of this half's exchange. */
  readonly others?: 'held' | 'broken';
  /** A record's half of a listing that did not end whole and valid: folded, its verdicts not counted. */
  readonly uncounted?: true;
}

/** What a proxy's server report carries of them. */
export interface PairHalves {
  readonly halves: readonly KeptHalf[];
  /** Halves left out (the latest of each rule are kept): the merge only adds its verdicts to the proxy's own for that rule then. */
  readonly dropped: number;
  /** Keys forgotten for room: a pair across the gap was not judged. */
  readonly forgotten?: number;
}
