/**
 * @module What one proxied exchange was judged on and broke: each slot's evidence handed to its rules,
 * one verdict per check id (its first breach).
 */
import type { OperationId } from '../core/operations.js';
import type { Evidence } from '../core/result.js';
import type { BaseSlot, Breach, SlotEvidence } from '../rules/evidence.js';
import { checkIdsOn, type JudgedOn, pairHalvesFor, rulesFor, type RuleOn } from '../rules/index.js';
import type { Side } from '../rules/rule.js';
import type { Group, Judged } from './findings.js';
import { exchangeEvidence, type ExchangeSeenForEvidence } from './exchange-evidence.js';
import type { JudgeContext } from './judge-context.js';
import type { HalfOutcome, HalfSource } from '../rules/pairs.js';

export interface Pending {
  readonly judged: Judged;
  readonly side: Side;
  readonly breach: Breach;
}

type Verdict = Breach | 'held' | undefined;

/** Whether a check id broke already (asked on a breach only). */
const breachedAlready = (pending: readonly Pending[], id: string): boolean => pending.some((p) => p.judged.id === id);

/** What an exchange's rules said of a check id (`ExchangeVerdicts.marks`): judged, by a pair rule alone, broken. */
const JUDGED = 1;
const PAIR_ONLY = 2;
const BROKEN = 4;
/** Check ids whose three bits share one small integer of `marks` (30 bits: a small integer to V8). */
const PER_WORD = 10;

/** The three bits of check id `n`. */
const markOf = (marks: readonly number[], n: number): number =>
  (marks[(n / PER_WORD) | 0]! >> (3 * (n % PER_WORD))) & 7;

export class ExchangeVerdicts implements HalfSource {
  /** The breaches of the exchange, to be reported with its evidence once it ends. */
  readonly pending: Pending[] = [];
  /**
   * Per check id of the operation (its `n`): judged on the exchange so far, by pair rules alone (for a
   * kept pair half's `outcome`), broken by another rule. Three bits each, ten to a small integer: a
   * kept half keeps the array, so it is made small (a typed array costs more to make).
   */
  private readonly marks: number[];
  /** What the records of a listing showed, per rule: judged once, its first breach kept. */
  private records: Map<RuleOn, Breach | 'held'> | undefined;
  /** The listing ended whole and valid: its records' verdicts counted. */
  private recordsCounted = false;
  private readonly tally: (Group | undefined)[]; // Findings.numberedOn
  /** The exchange gave a pair half (kept for a report, its evidence asked then). */
  halvesKept = false;
  /** What its evidence holds: the request body as kept (set once the request is whole). */
  bytes = 0;

  constructor(
    private readonly ctx: JudgeContext,
    private readonly op: OperationId,
    /** When the exchange's request arrived, in epoch ms (the order pair halves are folded in). */
    private readonly at: number,
    /** The exchange's evidence while it is under way, made only if a kept pair half is reported. */
    private live: (() => Evidence) | undefined,
  ) {
    this.marks = new Array<number>(Math.ceil(checkIdsOn(op) / PER_WORD)).fill(0);
    this.tally = ctx.findings.numberedOn(op);
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
    const rules = pairHalvesFor(this.op, slot);
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      const half = r.half(e);
      if (!half) continue;
      this.halvesKept = true;
      const v = this.ctx.pairs.feed(r.pair, r.id, half, this.at, this, r.n, slot === 'record');
      if (into) into(r, v);
      else this.verdict(r, v, false);
    }
  }

  /** What the ended exchange's evidence is made of (`settle`), when it gave a pair half. */
  private settled: ExchangeSeenForEvidence | undefined;

  /** The exchange ended: a kept pair half's evidence is made of `seen` alone, not of its judge. */
  settle(seen: ExchangeSeenForEvidence | undefined): void {
    this.settled = seen;
    this.live = undefined;
  }

  /** The exchange's evidence for a kept pair half, made when a report is. */
  halfEvidence(): Evidence | undefined {
    return this.settled ? exchangeEvidence(this.ctx, this.settled, '', '') : this.live?.();
  }

  /** What a kept half of the exchange says of it for the merge, asked when a report is made. */
  halfOutcome(n: number, record: boolean): HalfOutcome {
    const m = markOf(this.marks, n);
    const others = !(m & JUDGED) || m & PAIR_ONLY ? undefined : m & BROKEN ? 'broken' : 'held';
    return { ...(others ? { others } : {}), ...(record && !this.recordsCounted ? { uncounted: true } : {}) };
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
    const m = markOf(this.marks, judged.n);
    let next = m | JUDGED;
    if (r.isPair) {
      if (!(m & JUDGED)) next |= PAIR_ONLY;
    } else {
      next &= ~PAIR_ONLY;
      if (v !== 'held') next |= BROKEN;
    }
    const word = (judged.n / PER_WORD) | 0;
    const shift = 3 * (judged.n % PER_WORD);
    this.marks[word] = (this.marks[word]! & ~(7 << shift)) | (next << shift);
    if (!(m & JUDGED)) this.ctx.findings.judged(judged, this.tally);
    if (v !== 'held' && !breachedAlready(this.pending, judged.id))
      this.pending.push({ judged, side: r.side, breach: v });
  }

  /** Only the client's breaches kept (the answer will not be judged). */
  clientSideOnly(): void {
    this.pending.splice(0, Infinity, ...this.pending.filter((p) => p.side === 'client'));
  }
}
