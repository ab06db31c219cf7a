/**
 * @module A rule as one value, read by every driver: its identity (check id, §, level, requirement,
 * release) and, where traffic can show it, its slot and the pure function that judges that evidence.
 */
import type { Level } from '../core/check-identity.js';
import { operation, type OperationId } from '../core/operations.js';
import { RECORD_KINDS, type RecordKind } from '../core/record-kinds.js';
import type { ExchangeSeen, SlotJudge, Verdict } from './evidence.js';

/** Whose fault a breach is: the client that sent a request the interface forbids, or the server. */
export type Side = 'client' | 'server';

export interface RuleIdentity {
  readonly side: Side;
  /**
   * The check id: literal (`chat-completions.usage-adds-up`) or, for a rule of several operations,
   * with `{op}` standing for the operation's slug (`auth.rejects-missing-credentials.{op}`) or
   * `{kind}` for its record kind's name (`{kind}.offset-skips`: `predictions.offset-skips`).
   */
  readonly id: string;
  /** A `{kind}` rule's check is about the kind's listing or its read (default: the listing). */
  readonly on?: 'list' | 'read';
  /** The operation of a rule's check with a literal id judged on several operations (a job created, then read). */
  readonly checkOp?: OperationId;
  /** The id of the same rule judged on a streamed chat answer, where the catalogue has one (`….streamed`). */
  readonly streamedId?: string;
  /** The section: one for every operation, one per operation, or undefined: the operation's own (§4.x). */
  readonly section?: string | ((op: OperationId) => string);
  readonly level: Level;
  /** For a SHOULD (and an INFO built on one): the convention it rests on (per operation where it names its service). */
  readonly convention?: string | ((op: OperationId) => string);
  /** The requirement in one sentence (per operation where it names the operation's path). */
  readonly requirement: string | ((op: OperationId) => string);
  /** The operations the rule is judged on; undefined: every operation. */
  readonly ops?: readonly OperationId[];
  /** The traffic that shows the rule, in words (docs/proxy-rules.md). */
  readonly needs: string;
}

/** A rule: its identity and, when traffic can show it, the judgement of its slot's evidence. */
export type Rule = RuleIdentity & ({ readonly slot?: undefined } | SlotJudge);

/** A rule of the server's, its side left to {@link serverRules}. */
type ServerRule<R = Rule> = R extends Rule ? Omit<R, 'side'> : never;

/** The server's rules, their side (and what `shared` says for all of them) said once. */
export function serverRules<const T extends Readonly<Record<string, ServerRule>>>(
  rules: T,
  shared?: Pick<RuleIdentity, 'ops' | 'section'>,
): { readonly [K in keyof T]: T[K] & { readonly side: 'server' } } {
  const out: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) out[name] = { side: 'server', ...shared, ...rule };
  return out as { readonly [K in keyof T]: T[K] & { readonly side: 'server' } };
}

/** {@link serverRules} of chat completions: of `chat.create`, in §4.1 unless a rule says otherwise. */
export const chatRules = <const T extends Readonly<Record<string, ServerRule>>>(rules: T) =>
  serverRules(rules, { ops: ['chat.create'], section: '§4.1' });

/** The server's rules judged on one exchange, their side and slot said once. */
export function serverExchangeRules<
  const T extends Readonly<Record<string, Omit<RuleIdentity, 'side'> & { judge(e: ExchangeSeen): Verdict }>>,
>(rules: T): { readonly [K in keyof T]: T[K] & { readonly side: 'server'; readonly slot: 'exchange' } } {
  const out: Record<string, Rule> = {};
  for (const [name, rule] of Object.entries(rules)) out[name] = { side: 'server', ...rule, slot: 'exchange' };
  return out as { readonly [K in keyof T]: T[K] & { readonly side: 'server'; readonly slot: 'exchange' } };
}

/** `chat.create` → `chat-create`: the operation part of a check id. */
export function slugOf(op: OperationId): string {
  return op.replace(/\./g, '-');
}

export function appliesTo(rule: Pick<RuleIdentity, 'ops'>, op: OperationId): boolean {
  return rule.ops === undefined || rule.ops.includes(op);
}

/** The record kind an operation lists or reads. */
export function kindOf(op: OperationId): RecordKind | undefined {
  return RECORD_KINDS.find((k) => k.listOp === op || k.readOp === op);
}

/** The check id of a rule on an operation (`streamed`: judged on a streamed chat answer). */
export function checkIdOf(rule: Pick<RuleIdentity, 'id' | 'streamedId'>, op: OperationId, streamed = false): string {
  const id = streamed && rule.streamedId ? rule.streamedId : rule.id;
  if (id.includes('{op}')) return id.replace('{op}', slugOf(op));
  return id.includes('{kind}') ? id.replace('{kind}', kindOf(op)?.name ?? slugOf(op)) : id;
}

/** The operation of a rule's check when the rule is judged on `op`. */
export function checkOperationOf(
  rule: Pick<RuleIdentity, 'id' | 'on' | 'ops' | 'checkOp'>,
  op: OperationId,
): OperationId {
  if (rule.id.includes('{op}')) return op;
  const kind = rule.id.includes('{kind}') ? kindOf(op) : undefined;
  if (kind) return rule.on === 'read' ? kind.readOp : kind.listOp;
  return rule.checkOp ?? (rule.ops?.length === 1 ? rule.ops[0]! : op);
}

/** A rule's requirement on a streamed chat answer (its `.streamed` check). */
export function streamedRequirement(requirement: string): string {
  return `${requirement} (With stream: true, judged on the reassembled stream.)`;
}

/** The section of a rule on an operation: the rule's own, or the operation's. */
function sectionOf(rule: Pick<RuleIdentity, 'section'>, op: OperationId): string {
  const s = rule.section;
  return typeof s === 'function' ? s(op) : (s ?? operation(op).section);
}

/** What a check about the rule on `op` takes from it (`streamed`: its `.streamed` twin), its id aside. */
export function checkIdentityOf(
  rule: RuleIdentity,
  op: OperationId,
  streamed = false,
): { section: string; level: RuleIdentity['level']; requirement: string; convention?: string } {
  const at = checkOperationOf(rule, op);
  const convention = typeof rule.convention === 'function' ? rule.convention(at) : rule.convention;
  const requirement = typeof rule.requirement === 'function' ? rule.requirement(at) : rule.requirement;
  return {
    section: sectionOf(rule, at),
    level: rule.level,
    requirement: streamed && rule.streamedId ? streamedRequirement(requirement) : requirement,
    ...(convention ? { convention } : {}),
  };
}

/** {@link checkIdentityOf} with the operation: what `defineCheck` takes of a rule on `op`, its id aside. */
export const checkIdentityOn = (rule: RuleIdentity, op: OperationId, streamed = false) => ({
  operation: op,
  ...checkIdentityOf(rule, op, streamed),
});
