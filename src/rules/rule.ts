/**
 * @module A rule as one value, written once and read by both drivers: the suite (a check that judges
 * it on generated cases takes its identity from it) and the judging proxy (which judges it on the
 * traffic, reports it as `<side>.<name>.<op>`, and documents it from the same value). The value says
 * whose fault a breach is, the section, the level and the convention a SHOULD rests on, the
 * requirement in one sentence, the suite checks that judge the same thing, and the traffic on which
 * the proxy can judge it. The judging functions live beside the values (src/rules/*).
 */
import type { Level } from '../core/check-identity.js';
import { operation, type OperationId } from '../core/operations.js';

/** Whose fault a breach is: the client that sent a request the interface forbids, or the server. */
export type Side = 'client' | 'server';

export interface Rule {
  readonly side: Side;
  /** `<side>.<name>`: the proxy's result id adds the operation (`server.response-schema.chat-create`). */
  readonly name: string;
  /**
   * The section the rule rests on: one for every operation, one per operation (a records rule rests on
   * its kind's §2.1 or §2.2), or undefined: the operation's own (§4.x).
   */
  readonly section?: string | ((op: OperationId) => string);
  readonly level: Level;
  /** For a SHOULD: the convention it rests on. */
  readonly convention?: string;
  /** The requirement in one sentence, the words of the suite check and of the proxy's result. */
  readonly requirement: string;
  /** The operations the rule is judged on, when not every operation that shows it. */
  readonly appliesTo?: (op: OperationId) => boolean;
  /**
   * The suite checks that are this rule judged on generated cases: they take their identity (section,
   * level, requirement, convention) from it (`checkIdentityOf`).
   */
  readonly checks?: readonly string[];
  /**
   * Suite checks that judge part of what the rule judges, in their own words, at the same level and
   * on the same section (`{op}` stands for every operation slug the check exists for, among those the
   * rule applies to).
   */
  readonly alsoJudgedBy?: readonly string[];
  /** The traffic on which the proxy can judge the rule. */
  readonly needs: string;
}

/** The section of a rule on an operation: the rule's own, or the operation's. */
export function sectionOf(rule: Pick<Rule, 'section'>, op: OperationId): string {
  const s = rule.section;
  return typeof s === 'function' ? s(op) : (s ?? operation(op).section);
}

/**
 * What a suite check about the same thing takes from the rule: section (on `op`), level,
 * requirement and convention.
 */
export function checkIdentityOf(
  rule: Rule,
  op: OperationId,
): { section: string; level: Rule['level']; requirement: string; convention?: string } {
  return {
    section: sectionOf(rule, op),
    level: rule.level,
    requirement: rule.requirement,
    ...(rule.convention ? { convention: rule.convention } : {}),
  };
}
