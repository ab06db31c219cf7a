/**
 * @module Rules judged on more than one exchange, as a fold: each exchange gives a half under a key,
 * and the rule folds a key's halves in the client's order into a verdict. `PairMemory` is bounded
 * (least recently used key first); what a bound drops is counted, never judged by guess.
 */
import type { KeptHalf, PairHalves } from '../core/pair-halves.js';
import type { Evidence } from '../core/result.js';
import type { HalfOf, PairJudgement, Verdict } from './evidence.js';

export type { HalfOf, PairJudgement } from './evidence.js';

/** Keys kept per rule; the least recently used one goes first. */
const MAX_KEYS = 4_096;
const DEFAULT_KEEP = 256;

interface Kept {
  readonly id: string;
  readonly key: string;
  readonly at: number;
  readonly half: unknown;
  readonly evidence?: () => Evidence | undefined;
}

/** The fold's memory of one driver. */
export class PairMemory {
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own state.
  private readonly states = new Map<PairJudgement<any, any>, Map<string, unknown>>();
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own halves.
  private readonly kept = new Map<PairJudgement<any, any>, Kept[]>();
  /** Keys forgotten for room (their next half starts afresh), and halves not kept for the merge. */
  forgotten = 0;
  dropped = 0;

  constructor(private readonly maxKeys = MAX_KEYS) {}

  /**
   * One half of `rule`, of the exchange reported under `id`: folded into its key's state; the verdict
   * on that exchange. `evidence` is asked only when the half is kept for a report.
   */
  feed<H, S>(
    rule: PairJudgement<H, S>,
    id: string,
    h: HalfOf<H>,
    at: number,
    evidence?: () => Evidence | undefined,
  ): Verdict {
    let states = this.states.get(rule);
    if (!states) this.states.set(rule, (states = new Map()));
    const before = states.get(h.key) as S | undefined;
    const { state, verdict } = rule.step(before, h.half);
    states.delete(h.key);
    if (state !== undefined) states.set(h.key, state);
    if (states.size > this.maxKeys) {
      states.delete(states.keys().next().value as string);
      this.forgotten++;
    }
    let kept = this.kept.get(rule);
    if (!kept) this.kept.set(rule, (kept = []));
    kept.push({ id, key: h.key, at, half: h.half, ...(evidence ? { evidence } : {}) });
    if (kept.length > (rule.keep ?? DEFAULT_KEEP)) {
      kept.shift();
      this.dropped++;
    }
    return verdict;
  }

  /** What a report carries: the halves kept, with their evidence made now, and how many were left out. */
  report(): PairHalves {
    return { halves: this.halves(), dropped: this.dropped, ...(this.forgotten ? { forgotten: this.forgotten } : {}) };
  }

  /** The halves kept, with their evidence made now. */
  halves(): KeptHalf[] {
    const out: KeptHalf[] = [];
    for (const list of this.kept.values())
      for (const k of list) {
        const evidence = k.evidence?.();
        out.push({ id: k.id, key: k.key, at: k.at, half: k.half, ...(evidence ? { evidence } : {}) });
      }
    return out.sort((a, b) => a.at - b.at);
  }
}
