/**
 * @module Rules judged on more than one exchange, as a fold: each exchange gives a half under a key,
 * and the rule folds a key's halves in the client's order into a verdict. `PairMemory` is bounded
 * (least recently used key first); what a bound drops is counted, never judged by guess.
 */
import type { KeptHalf, PairHalves } from '../core/pair-halves.js';
import type { Evidence } from '../core/result.js';
import type { HalfOf, PairJudgement, Verdict } from './evidence.js';

export type { HalfOf, PairJudgement } from './evidence.js';

/** A pair key from its parts: joined, one flat string (a template makes a rope, flattened at each compare and hash). */
export const pairKey = (...parts: readonly (string | number)[]): string => parts.join(' ');

/** Keys kept per rule; the least recently used one goes first. */
const MAX_KEYS = 4_096;
const DEFAULT_KEEP = 256;

/** Halves of `rule` a report keeps (the latest ones). */
// biome-ignore lint/suspicious/noExplicitAny: any rule's halves and state.
export const keepOf = (rule: PairJudgement<any, any>): number => rule.keep ?? DEFAULT_KEEP;

/** What a driver knows of a half's exchange once it is judged (`KeptHalf`'s `others`, `uncounted`). */
export type HalfOutcome = Pick<KeptHalf, 'others' | 'uncounted'>;

/** A driver's exchange, asked by its kept halves when a report is made (one object, no closure per half). */
export interface HalfSource {
  /** The exchange's evidence. */
  halfEvidence(): Evidence | undefined;
  /** What the exchange showed of the check its half is reported under (`n`, its index on the operation). */
  halfOutcome(n: number, record: boolean): HalfOutcome;
}

interface Kept {
  readonly id: string;
  readonly key: string;
  readonly at: number;
  readonly half: unknown;
  readonly source: HalfSource | undefined;
  readonly n: number;
  /** The half came from a listing's record. */
  readonly record: boolean;
}

interface KeyStates {
  readonly keys: Map<string, unknown>;
  /** The key folded last and its state (the map's last entry): a run of halves under one key reads no map. */
  last?: string | undefined;
  lastState?: unknown;
}

/**
 * The fold of every pair rule: each key's state, bounded (least recently used key first). `step` says
 * the verdict the half gave its exchange, undefined when it gave none: the proxy folds its traffic
 * with it, the merge each proxy's halves alone and all of them together.
 */
export class PairFold {
  /** Each rule's keys and their states, least recently used first; `last`, the key folded last. */
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own state.
  private readonly states = new Map<PairJudgement<any, any>, KeyStates>();
  /** Keys forgotten for room (their next half starts afresh). */
  forgotten = 0;

  constructor(private readonly maxKeys = MAX_KEYS) {}

  /** One half of `rule` under `key`, folded into its key's state: the verdict on the half's exchange. */
  step<H, S>(rule: PairJudgement<H, S>, key: string, half: H): Verdict {
    let states = this.states.get(rule);
    if (!states) this.states.set(rule, (states = { keys: new Map(), last: undefined, lastState: undefined }));
    const { keys } = states;
    const again = states.last === key;
    const k = again ? states.last! : key; // the same key twice running: the kept string, hashed already
    const before = again ? states.lastState : keys.get(k);
    const { state, verdict } = rule.step(before as S | undefined, half);
    // The key goes last (most recently used); it is already where the same key came twice running.
    if (state === undefined || !again) keys.delete(k);
    if (state !== undefined && (!again || state !== before)) keys.set(k, state);
    states.last = state === undefined ? undefined : k;
    states.lastState = state;
    if (keys.size > this.maxKeys) {
      keys.delete(keys.keys().next().value as string);
      this.forgotten++;
    }
    return verdict;
  }
}

/** The fold's memory of one driver: the fold, and the latest halves of each rule kept for a report. */
export class PairMemory {
  private readonly fold: PairFold;
  /** Each rule's latest halves: a ring, the oldest overwritten at `next` once full. */
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own halves.
  private readonly kept = new Map<PairJudgement<any, any>, { readonly list: Kept[]; next: number }>();
  /** Halves not kept for the merge. */
  dropped = 0;

  constructor(maxKeys = MAX_KEYS) {
    this.fold = new PairFold(maxKeys);
  }

  /** Keys forgotten for room (their next half starts afresh). */
  get forgotten(): number {
    return this.fold.forgotten;
  }

  /**
   * One half of `rule`, of the exchange reported under `id`: folded into its key's state; the verdict
   * on that exchange. `source` is asked of the exchange (its check `n`) only when a report is made.
   */
  feed<H, S>(
    rule: PairJudgement<H, S>,
    id: string,
    h: HalfOf<H>,
    at: number,
    source?: HalfSource,
    n = 0,
    record = false,
  ): Verdict {
    const verdict = this.fold.step(rule, h.key, h.half);
    let ring = this.kept.get(rule);
    if (!ring) this.kept.set(rule, (ring = { list: [], next: 0 }));
    const kept: Kept = { id, key: h.key, at, half: h.half, source, n, record };
    if (ring.list.length < keepOf(rule)) ring.list.push(kept);
    else {
      ring.list[ring.next] = kept;
      ring.next = (ring.next + 1) % ring.list.length;
      this.dropped++;
    }
    return verdict;
  }

  /** What a report carries: the halves kept, with their evidence made now, and how many were left out. */
  report(): PairHalves {
    return { halves: this.halves(), dropped: this.dropped, ...(this.forgotten ? { forgotten: this.forgotten } : {}) };
  }

  /** The halves kept, with their evidence and outcome made now. */
  halves(): KeptHalf[] {
    const out: KeptHalf[] = [];
    for (const { list, next } of this.kept.values())
      for (let i = 0; i < list.length; i++) {
        // Oldest first, as they were folded (halves of one exchange share its time).
        const k = list[(next + i) % list.length]!;
        const { id, key, at, half, source } = k;
        const evidence = source?.halfEvidence();
        out.push({ id, key, at, half, ...(evidence ? { evidence } : {}), ...source?.halfOutcome(k.n, k.record) });
      }
    return out.sort((a, b) => a.at - b.at);
  }
}
