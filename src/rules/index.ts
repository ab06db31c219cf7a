/**
 * @module Every rule, and the one way a driver reaches them: `rulesFor(operation, slot)`, each rule
 * with its check id on that operation; the ids are the catalogue's.
 */
import { OPERATIONS, type OperationId, type OperationTable } from '../core/operations.js';
import { ACCEPTANCE_RULES } from './acceptance-rules.js';
import { ANSWER_RULES } from './answer-rules.js';
import { AUTH_RULES } from './auth-rules.js';
import { CHAT_ANSWER_RULES } from './chat-answer-rules.js';
import { CLIENT_RULES } from './client-rules.js';
import type { BaseSlot, HalfOf, Slot, SlotEvidence, Verdict } from './evidence.js';
import { PAIR_RULES } from './pair-rules.js';
import type { PairJudgement } from './pairs.js';
import { RECORD_RULES } from './record-rules.js';
import { appliesTo, checkIdentityOf, checkIdOf, checkOperationOf, type Rule, type RuleIdentity } from './rule.js';
import { STREAM_JUDGE_RULES, STREAM_RULES } from './stream-rules.js';
import { TARGET_RULES } from './target-rules.js';

/** Every rule, in the order reports list what a slot judges. */
export const ALL_RULES: readonly Rule[] = [
  ...Object.values(CLIENT_RULES),
  ...Object.values(AUTH_RULES),
  ...Object.values(ACCEPTANCE_RULES),
  ...Object.values(ANSWER_RULES),
  ...Object.values(STREAM_RULES),
  ...Object.values(STREAM_JUDGE_RULES),
  ...Object.values(CHAT_ANSWER_RULES),
  ...Object.values(RECORD_RULES),
  ...Object.values(PAIR_RULES),
  ...Object.values(TARGET_RULES),
];

/** A check id on one operation, as a driver reports what it judged. */
export interface JudgedOn {
  readonly rule: Rule;
  readonly op: OperationId;
  readonly id: string;
  /** The id's place among the operation's check ids (`checkIdsOn`): a driver's per-exchange tally is an array. */
  readonly n: number;
}

/** A rule on one operation: its check id there (and on a streamed answer), and what the check's identity is. */
export interface RuleOn extends JudgedOn {
  readonly streamedId: string;
  /** The rule judged on a streamed answer, under `streamedId`. */
  readonly streamed: JudgedOn;
  /** The rule's side, and whether it is a pair rule: read on each verdict, from one shape of object. */
  readonly side: Rule['side'];
  readonly isPair: boolean;
}

export interface PairRuleOn extends RuleOn {
  // biome-ignore lint/suspicious/noExplicitAny: each rule's own halves and state.
  readonly pair: PairJudgement<any, any>;
}

/** A pair rule that one slot's evidence gives a half. */
export interface PairHalfOn<S extends BaseSlot> extends PairRuleOn {
  half(e: SlotEvidence[S]): HalfOf<unknown> | undefined;
}

type Judged<S extends BaseSlot> = RuleOn & { judge(e: SlotEvidence[S]): Verdict };
type BySlot = { readonly [S in BaseSlot]: readonly Judged<S>[] } & { readonly pair: readonly PairRuleOn[] };
type HalvesBySlot = { readonly [S in BaseSlot]: readonly PairHalfOn<S>[] };

const SLOTS: readonly Slot[] = ['request', 'exchange', 'completion', 'stream', 'record', 'listing', 'pair'];

/** Each operation's check ids, numbered in the order its rules give them. */
const ID_NUMBERS = Object.fromEntries(
  OPERATIONS.map((o) => [o.id, new Map<string, number>()]),
) as unknown as OperationTable<Map<string, number>>;

function numbered(rule: Rule, op: OperationId, streamed = false): JudgedOn {
  const id = checkIdOf(rule, op, streamed);
  const ids = ID_NUMBERS[op];
  if (!ids.has(id)) ids.set(id, ids.size);
  return { rule, op, id, n: ids.get(id)! };
}

function on(rule: Rule, op: OperationId): RuleOn {
  const streamed = numbered(rule, op, true);
  return { ...numbered(rule, op), streamedId: streamed.id, streamed, side: rule.side, isPair: rule.slot === 'pair' };
}

const TABLE = Object.fromEntries(
  OPERATIONS.map((o) => {
    const slots = Object.fromEntries(
      SLOTS.map((slot) => [
        slot,
        ALL_RULES.filter((r) => r.slot === slot && appliesTo(r, o.id)).map((r) =>
          r.slot === 'pair'
            ? { ...on(r, o.id), pair: r.pair }
            : { ...on(r, o.id), judge: (r as unknown as { judge: never }).judge },
        ),
      ]),
    );
    return [o.id, slots];
  }),
) as unknown as OperationTable<BySlot>;

const HALVES = Object.fromEntries(
  OPERATIONS.map((o) => {
    const bySlot = (slot: BaseSlot) =>
      TABLE[o.id].pair.flatMap((r) => (r.pair.halves[slot] ? [{ ...r, half: r.pair.halves[slot] }] : []));
    return [o.id, Object.fromEntries(SLOTS.map((slot) => [slot, slot === 'pair' ? [] : bySlot(slot)]))];
  }),
) as unknown as OperationTable<HalvesBySlot>;

/** The pair rules to which `slot` of an exchange of `op` gives a half. */
export function pairHalvesFor<S extends BaseSlot>(op: OperationId, slot: S): readonly PairHalfOn<S>[] {
  return HALVES[op][slot] as readonly PairHalfOn<S>[];
}

/** How many check ids the rules of `op`'s slots give (their `n` is below it). */
export function checkIdsOn(op: OperationId): number {
  return ID_NUMBERS[op].size;
}

/** The rules whose evidence `slot` of an exchange of `op` shows. */
export function rulesFor<S extends BaseSlot>(op: OperationId, slot: S): readonly Judged<S>[];
export function rulesFor(op: OperationId, slot: 'pair'): readonly PairRuleOn[];
export function rulesFor(op: OperationId, slot: Slot): readonly RuleOn[] {
  return TABLE[op][slot];
}

const ANSWERED = Object.fromEntries(
  OPERATIONS.map((o) => [o.id, on(TARGET_RULES.answersCompletely, o.id)]),
) as unknown as OperationTable<RuleOn>;

/**
 * The rule of every exchange that no slot shows: the server answers it completely. A driver counts
 * it judged on each exchange, and an answer that broke off or never came is its error.
 */
export function answeredOn(op: OperationId): RuleOn {
  return ANSWERED[op];
}

/** Every check id a rule gives, with its identity: the catalogue's view of the rules. */
export interface RuleCheck {
  readonly id: string;
  readonly operation: OperationId;
  readonly rule: Rule;
  readonly section: string;
  readonly level: RuleIdentity['level'];
  readonly requirement: string;
  readonly convention?: string;
}

function ruleChecks(): RuleCheck[] {
  const byId = new Map<string, RuleCheck>();
  for (const rule of ALL_RULES)
    for (const o of OPERATIONS) {
      if (!appliesTo(rule, o.id)) continue;
      // Only chat answers stream: a `.streamed` check is chat's.
      for (const streamed of rule.streamedId && o.id === 'chat.create' ? [false, true] : [false]) {
        const id = checkIdOf(rule, o.id, streamed);
        if (byId.has(id)) continue;
        const operation = checkOperationOf(rule, o.id);
        byId.set(id, { id, operation, rule, ...checkIdentityOf(rule, o.id, streamed) });
      }
    }
  return [...byId.values()];
}

/** Every check id a rule gives, each once (its first rule's identity). */
export const RULE_CHECKS: readonly RuleCheck[] = ruleChecks();

const BY_ID = new Map(RULE_CHECKS.map((c) => [c.id, c]));

/** The rule a check id is reported under, with its identity, or undefined. */
export function ruleCheck(id: string): RuleCheck | undefined {
  return BY_ID.get(id);
}

/** The pair rule a kept half's check id names (several rules may share an id; one of them pairs). */
export function pairRuleOf(id: string): (RuleCheck & { readonly pair: PairJudgement<unknown, unknown> }) | undefined {
  return PAIR_BY_ID.get(id);
}

const PAIR_BY_ID = new Map(
  ALL_RULES.flatMap((rule) =>
    rule.slot === 'pair'
      ? OPERATIONS.filter((o) => appliesTo(rule, o.id)).map((o) => {
          const id = checkIdOf(rule, o.id);
          const check = { id, operation: checkOperationOf(rule, o.id), rule, ...checkIdentityOf(rule, o.id) };
          return [id, { ...check, pair: rule.pair }] as const;
        })
      : [],
  ),
);
