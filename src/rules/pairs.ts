/**
 * @module Rules judged on more than one exchange, as a fold: each exchange gives a half under a key,
 * and the rule folds a key's halves in the client's order into a verdict. The fold is bounded in keys
 * and in the bytes their states hold (least recently used key first); what a bound drops is counted,
 * never judged by guess.
 */
import type { KeptHalf, PairHalves } from '../core/pair-halves.js';
import type { Evidence } from '../core/result.js';
import type { HalfOf, PairJudgement, Verdict } from './evidence.js';

export type { HalfOf, PairJudgement } from './evidence.js';

/** A pair key from its parts: joined, one flat string (a template makes a rope, flattened at each compare and hash). */
export const pairKey = (...parts: readonly (string | number)[]): string => parts.join(' ');

/** Per rule: the keys kept, and the bytes their states (`PairJudgement.bytes`) and the halves a report keeps may hold. */
const BOUND = { keys: 4_096, bytes: 16 * 1024 * 1024 };
const DEFAULT_KEEP = 256;

/** Halves of `rule` a report keeps (the latest ones). */
// biome-ignore lint/suspicious/noExplicitAny: any rule's halves and state.
export const keepOf = (rule: PairJudgement<any, any>): number => rule.keep ?? DEFAULT_KEEP;

/** What a driver knows of a half's exchange once it is judged (`KeptHalf`'s `others`, `uncounted`). */
export type HalfOutcome = Pick<KeptHalf, 'others' | 'uncounted'>;

/** A driver's exchange, asked by its kept halves when a report is made (one object, no closure per half). */
export interface HalfSource {
  /** What the exchange's evidence holds in bytes (its request body), for the memory's bound. */
  readonly bytes: number;
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

/** What a kept half holds in bytes: its key, and its exchange's request. */
const sizeOf = (k: Kept): number => k.key.length + (k.source?.bytes ?? 0);

interface Ring {
  readonly list: (Kept | undefined)[];
  head: number;
  count: number;
  bytes: number;
}

/** What `key` and its state hold in bytes, by the rule's measure (0: no state, or a rule without one). */
const weigh = <S>(rule: PairJudgement<unknown, S>, key: string, state: S | undefined): number =>
  state === undefined || !rule.bytes ? 0 : key.length + rule.bytes(state);

interface KeyStates {
  readonly keys: Map<string, unknown>;
  /** What the keys and their states hold in bytes (`weigh`). */
  bytes: number;
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

  constructor(private readonly bound = BOUND) {}

  /** One half of `rule` under `key`, folded into its key's state: the verdict on the half's exchange. */
  step<H, S>(rule: PairJudgement<H, S>, key: string, half: H): Verdict {
    let states = this.states.get(rule);
    if (!states) this.states.set(rule, (states = { keys: new Map(), bytes: 0, last: undefined }));
    const { keys } = states;
    const again = states.last === key;
    const k = again ? states.last! : key; // the same key twice running: the kept string, hashed already
    const before = (again ? states.lastState : keys.get(k)) as S | undefined;
    const was = weigh(rule, k, before); // before the step: a rule may grow its state in place
    const { state, verdict } = rule.step(before, half);
    // The key goes last (most recently used); it is already where the same key came twice running.
    if (state === undefined || !again) keys.delete(k);
    if (state !== undefined && (!again || state !== before)) keys.set(k, state);
    states.last = state === undefined ? undefined : k;
    states.lastState = state;
    states.bytes += weigh(rule, k, state) - was;
    // The key just folded is the most recently used: it goes last, if at all.
    while (keys.size > this.bound.keys || (states.bytes > this.bound.bytes && keys.size > 1)) {
      const oldest = keys.keys().next().value as string;
      states.bytes -= weigh(rule, oldest, keys.get(oldest) as S);
      keys.delete(oldest);
      this.forgotten++;
    }
    return verdict;
  }
}

/** The fold's memory of one driver: the fold, and the latest halves of each rule kept for a report. */
export class PairMemory {
  private readonly fold: PairFold;
  /** Each rule's latest halves: a ring of its `keep`, the oldest at `head`, holding at most the bound's bytes of evidence. */
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own halves.
  private readonly kept = new Map<PairJudgement<any, any>, Ring>();
  /** Halves not kept for the merge. */
  dropped = 0;

  constructor(private readonly bound = BOUND) {
    this.fold = new PairFold(bound);
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
    this.keep(rule, { id, key: h.key, at, half: h.half, source, n, record });
    return verdict;
  }

  /** A half kept for a report: the oldest go while its rule's ring is full or would hold too much (it stays, whatever its size). */
  // biome-ignore lint/suspicious/noExplicitAny: any rule's halves.
  private keep(rule: PairJudgement<any, any>, kept: Kept): void {
    let ring = this.kept.get(rule);
    if (!ring) this.kept.set(rule, (ring = { list: new Array(keepOf(rule)), head: 0, count: 0, bytes: 0 }));
    const { list } = ring;
    const bytes = sizeOf(kept);
    while (ring.count && (ring.count === list.length || ring.bytes + bytes > this.bound.bytes)) {
      ring.bytes -= sizeOf(list[ring.head]!);
      list[ring.head] = undefined;
      ring.head = (ring.head + 1) % list.length;
      ring.count--;
      this.dropped++;
    }
    list[(ring.head + ring.count++) % list.length] = kept;
    ring.bytes += bytes;
  }

  /** What a report carries: the halves kept, with their evidence made now, and how many were left out. */
  report(): PairHalves {
    return { halves: this.halves(), dropped: this.dropped, ...(this.forgotten ? { forgotten: this.forgotten } : {}) };
  }

  /** The halves kept, with their evidence and outcome made now. */
  halves(): KeptHalf[] {
    const out: KeptHalf[] = [];
    // Oldest first, as they were folded (halves of one exchange share its time).
    for (const { list, head, count } of this.kept.values())
      for (let i = 0; i < count; i++) {
        const k = list[(head + i) % list.length]!;
        const { id, key, at, half, source } = k;
        const evidence = source?.halfEvidence();
        out.push({ id, key, at, half, ...(evidence ? { evidence } : {}), ...source?.halfOutcome(k.n, k.record) });
      }
    return out.sort((a, b) => a.at - b.at);
  }
}
