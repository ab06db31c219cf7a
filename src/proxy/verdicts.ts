/**
 * @module What a framing's judge reports to the exchange it judges: that a rule was judged (so a
 * rule never judged is never shown as a pass), and a breach with what was expected and what came.
 */
import type { ProxyRule } from './rules.js';

export interface Verdicts {
  /** The rule was judged on this exchange. */
  judged(rule: ProxyRule): void;
  /** The exchange broke the rule. */
  breach(rule: ProxyRule, expected: string, actual: string): void;
}

/** JSON.parse as a result, never a throw. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
