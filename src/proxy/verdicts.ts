/**
 * @module What a framing's judge reports to the exchange it judges: that a rule was judged (so a
 * rule never judged is never shown as a pass), and a breach with what was expected and what came.
 */
import type { ExchangeSeen } from '../core/pair-halves.js';
import type { Rule } from '../rules/rule.js';

export interface Verdicts {
  /** The rule was judged on this exchange. */
  judged(rule: Rule): void;
  /** The exchange broke the rule. */
  breach(rule: Rule, expected: string, actual: string): void;
  /** The exchange judged, as the later half of a pair the merge may judge (src/core/pair-halves.ts). */
  seen?(): ExchangeSeen;
  /**
   * When the exchange's request arrived, in epoch ms: the time its pair halves carry, so halves on
   * different proxies order as the client sent them, not as each proxy finished judging them.
   */
  startedAt?(): number;
}

/** A JSON object's text parsed, or undefined when it is not one. */
export function parsedObject(text: string): Record<string, unknown> | undefined {
  const p = parseJson(text);
  return p.ok && typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value)
    ? (p.value as Record<string, unknown>)
    : undefined;
}

/** A JSON text parsed, or undefined when it is not JSON. */
export function parsedJsonOrUndefined(text: string): unknown {
  const p = parseJson(text);
  return p.ok ? p.value : undefined;
}

/** JSON.parse as a result, never a throw. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
