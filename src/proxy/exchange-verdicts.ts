/**
 * @module What one proxied exchange was judged on and broke: each slot's evidence handed to its rules,
 * one verdict per check id (its first breach).
 */
import type { OperationId } from '../core/operations.js';
import type { Evidence } from '../core/result.js';
import type { BaseSlot, Breach, SlotEvidence } from '../rules/evidence.js';
import { rulesFor, type RuleOn } from '../rules/index.js';
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

export class ExchangeVerdicts {
  /** The breaches of the exchange, to be reported with its evidence once it ends. */
  readonly pending: Pending[] = [];
  /** The check ids the exchange was judged on so far. */
  private readonly judgedIds = new Set<string>();
  /** What the records of a listing showed, per rule: judged once, its first breach kept. */
  private records: Map<Judged | RuleOn, Breach | 'held'> | undefined;
  /** The listing ended whole and valid: its records' verdicts counted. */
  private recordsCounted = false;
  /**
   * What the rules other than pair rules judged, per check id, for a kept pair half (`outcome`): the
   * ids only pair rules judged, and those another rule broke (each made on first need).
   */
  private pairOnly: Set<string> | undefined;
  private broken: Set<string> | undefined;

  constructor(
    private readonly ctx: JudgeContext,
    private readonly op: OperationId,
    /** When the exchange's request arrived, in epoch ms (the order pair halves are folded in). */
    private readonly at: number,
    /** The exchange's evidence, made only if a kept pair half is reported. */
    private readonly evidence: () => Evidence,
  ) {}

  /** The rules of `slot` on its evidence (`streamed`: a chat request with stream true, the rules' `.streamed` checks). */
  judge<S extends BaseSlot>(slot: S, e: SlotEvidence[S], streamed = false): void {
    // A stream's completion is judged under a rule's `.streamed` check; a rule without one is not judged on it.
    const twin = slot === 'completion' && streamed;
    for (const r of rulesFor(this.op, slot)) if (!twin || r.rule.streamedId) this.verdict(r, r.judge(e), streamed);
    this.pairs(slot, e);
  }

  /** The halves this slot's evidence gives the pair rules, and their verdicts on this exchange. */
  private pairs<S extends BaseSlot>(slot: S, e: SlotEvidence[S], into?: (r: RuleOn, v: Verdict) => void): void {
    for (const r of rulesFor(this.op, 'pair')) {
      const halves = r.pair.halves as {
        readonly [K in BaseSlot]?: (e: SlotEvidence[K]) => ReturnType<NonNullable<typeof r.pair.halves.exchange>>;
      };
      const half = halves[slot]?.(e);
      if (!half) continue;
      const v = this.ctx.pairs.feed(r.pair, r.id, half, this.at, this.evidence, this.outcome(r.id, slot));
      if (into) into(r, v);
      else this.verdict(r, v, false);
    }
  }

  /** What a kept half of the exchange says of it for the merge, asked when a report is made. */
  private outcome(id: string, slot: BaseSlot): () => HalfOutcome {
    return () => {
      const others =
        !this.judgedIds.has(id) || this.pairOnly?.has(id) ? undefined : this.broken?.has(id) ? 'broken' : 'held';
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
  verdict(r: Judged | RuleOn, v: Verdict, streamed: boolean): void {
    if (v === undefined) return;
    const judged: Judged = 'streamedId' in r && streamed ? { rule: r.rule, id: r.streamedId, op: r.op } : r;
    const id = judged.id;
    const first = !this.judgedIds.has(id);
    if (r.rule.slot === 'pair') {
      if (first) (this.pairOnly ??= new Set()).add(id);
    } else {
      this.pairOnly?.delete(id);
      if (v !== 'held') (this.broken ??= new Set()).add(id);
    }
    if (first) {
      this.judgedIds.add(id);
      this.ctx.findings.judged(judged);
    }
    if (v !== 'held' && !this.pending.some((p) => p.judged.id === judged.id))
      this.pending.push({ judged, side: r.rule.side, breach: v });
  }

  /** Only the client's breaches kept (the answer will not be judged). */
  clientSideOnly(): void {
    const kept = this.pending.filter((p) => p.side === 'client');
    this.pending.length = 0;
    this.pending.push(...kept);
  }
}
