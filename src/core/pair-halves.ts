/** @module The halves of pair rules a proxy's report carries, for `conformance merge` to pair. */
import type { ConformanceRunReportPairHalves } from '../generated/types.js';

/** One half: the check id its verdicts are reported under, its key, when its exchange was sent, its summary. */
export type KeptHalf = Readonly<ConformanceRunReportPairHalves['halves'][number]>;

/** What a proxy's server report carries of them. */
export interface PairHalves {
  readonly halves: readonly KeptHalf[];
  /** Halves left out (the latest of each rule are kept): the merge only adds its verdicts to the proxy's own for that rule then. */
  readonly dropped: number;
  /** Keys forgotten for room: a pair across the gap was not judged. */
  readonly forgotten?: number;
}
