/**
 * @module What one proxied exchange was judged on and broke: each slot's evidence handed to its rules,
 * one verdict per check id (its first breach).
 */
import type { OperationId } from '../core/operations.js';
import type { Evidence } from '../core/result.js';
import type { BaseSlot, Breach, SlotEvidence } from '../rules/evidence.js';
import { checkIdsOn, type JudgedOn, rulesFor, type RuleOn } from '../rules/index.js';
import type { Side } from '../rules/rule.js';
import type { Judged } from './findings.js';
import type { JudgeContext } from './judge-context.js';
import type { HalfOutcome } from '../rules/pairs.js';

export interface Pending {
  readonly judged: Judged;
  readonly side: Side;
  readonly breach: Breach;
}

type Verdict = Breach | 'held' | undefined;

/** Whether a check id broke already (a function of its own: a closure in `verdict` would cost every call a context). */
function breachedAlready(pending: readonly Pending[], id: string): boolean {
  for (const p of pending) if (p.judged.id === id) return true;
  return false;
}

/** What an exchange's rules said of a check id (`ExchangeVerdicts.marks`): judged, by a pair rule alone, broken. */
const JUDGED = 1;
const PAIR_ONLY = 2;
const BROKEN = 4;

export class ExchangeVerdicts {
  /** The breaches of the exchange, to be reported with its evidence once it ends. */
  readonly pending: Pending[] = [];
  /**
   * Per check id of the operation (its `n`): judged on the exchange so far, by pair rules alone (for a
   * kept pair half's `outcome`), broken by another rule. One small array of small integers per exchange
   * (cheaper to make than a typed array), not a set.
   */
  private readonly marks: number[];
  /** What the records of a listing showed, per rule: judged once, its first breach kept. */
  private records: Map<RuleOn, Breach | 'held'> | undefined;
  /** The listing ended whole and valid: its records' verdicts counted. */
  private recordsCounted = false;
  /** The exchange gave a pair half (kept for a report, its evidence asked then). */
  halvesKept = false;

  constructor(
    private readonly ctx: JudgeContext,
    private readonly op: OperationId,
    /** When the exchange's request arrived, in epoch ms (the order pair halves are folded in). */
    private readonly at: number,
    /** The exchange's evidence, made only if a kept pair half is reported. */
    private readonly evidence: () => Evidence,
  ) {
    this.marks = new Array<number>(checkIdsOn(op)).fill(0);
  }

  /** The rules of `slot` on its evidence (`streamed`: a chat request with stream true, the rules' `.streamed` checks). */
  judge<S extends BaseSlot>(slot: S, e: SlotEvidence[S], streamed = false): void {
    // A stream's completion is judged under a rule's `.streamed` check; a rule without one is not judged on it.
    const twin = slot === 'completion' && streamed;
    // Indexed loops: they allocate no iterator where the judge runs unoptimized (its slots are many shapes).
    const rules = rulesFor(this.op, slot);
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      if (!twin || r.rule.streamedId) this.verdict(r, r.judge(e), streamed);
    }
    this.pairs(slot, e);
  }

  /** The halves this slot's evidence gives the pair rules, and their verdicts on this exchange. */
  private pairs<S extends BaseSlot>(slot: S, e: SlotEvidence[S], into?: (r: RuleOn, v: Verdict) => void): void {
    const rules = rulesFor(this.op, 'pair');
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      const halves = r.pair.halves as {
        readonly [K in BaseSlot]?: (e: SlotEvidence[K]) => ReturnType<NonNullable<typeof r.pair.halves.exchange>>;
      };
      const half = halves[slot]?.(e);
      if (!half) continue;
      this.halvesKept = true;
      const v = this.ctx.pairs.feed(r.pair, r.id, half, this.at, this.evidence, this.outcome(r.n, slot));
      if (into) into(r, v);
      else this.verdict(r, v, false);
    }
  }

  /** What a kept half of the exchange says of it for the merge, asked when a report is made. */
  private outcome(n: number, slot: BaseSlot): () => HalfOutcome {
    return () => {
      const m = this.marks[n]!;
      const others = !(m & JUDGED) || m & PAIR_ONLY ? undefined : m & BROKEN ? 'broken' : 'held';
      return {
        ...(others ? { others } : {}),
        ...(slot === 'record' && !this.recordsCounted ? { uncounted: true } : {}),
      };
    };
  }

  /** One record of a listing: its rules and pair halves, kept until the listing is whole (`records`). */
  record(e: SlotEvidence['record']): void {
    const kept = (this.records ??= new Map());
    const keep = (r: RuleOn, v: Verdict): void => {
      if (v === undefined) return;
      const before = kept.get(r);
      if (before === undefined || (before === 'held' && v !== 'held')) kept.set(r, v);
    };
    for (const r of rulesFor(this.op, 'record')) keep(r, r.judge(e));
    this.pairs('record', e, keep);
  }

  /** The listing ended whole and valid: what its records showed counts (a broken listing's records count for nothing). */
  recordsCount(): void {
    for (const [j, v] of this.records ?? []) this.verdict(j, v, false);
    this.records = undefined;
    this.recordsCounted = true;
  }

  /** One rule's verdict on the exchange. */
  verdict(r: RuleOn, v: Verdict, streamed: boolean): void {
    if (v === undefined) return;
    const judged: JudgedOn = streamed ? r.streamed : r;
    const m = this.marks[judged.n]!;
    let next = m | JUDGED;
    if (r.rule.slot === 'pair') {
      if (!(m & JUDGED)) next |= PAIR_ONLY;
    } else {
      next &= ~PAIR_ONLY;
      if (v !== 'held') next |= BROKEN;
    }
    this.marks[judged.n] = next;
    if (!(m & JUDGED)) this.ctx.findings.judged(judged);
    if (v !== 'held' && !breachedAlready(this.pending, judged.id))
      this.pending.push({ judged, side: r.rule.side, breach: v });
  }

  /** Only the client's breaches kept (the answer will not be judged). */
  clientSideOnly(): void {
    const kept = this.pending.filter((p) => p.side === 'client');
    this.pending.length = 0;
    this.pending.push(...kept);
  }
}
