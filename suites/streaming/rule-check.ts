/** @module One streaming check per rule of the stream judge, as a table row. */
import { defineCheck, type CheckDefinition } from '../../src/core/check.js';
import { pass, type SkipOutcome } from '../../src/core/result.js';
import type { ChatStreamVerdict, StreamRule } from '../../src/rules/chat-stream-verdict.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import { STREAM_JUDGE_RULES } from '../../src/rules/stream-rules.js';
import { failOnRule, isProbe, probeChatStream, skipAbsent, type StreamProbe } from './stream-probe.js';

export interface StreamRuleRow {
  readonly id: string;
  /** The fields added to the minimal streamed request. */
  readonly request: Record<string, unknown>;
  /** The stream judge's rule: the check takes its identity from it (src/rules/stream-rules.ts). */
  readonly rule: StreamRule;
  /** What the rule expects, for the failure's `expected`. */
  readonly expected: string;
  /** The rule's subject is absent (no payload, no chunk, no choice): skip rather than pass vacuously. */
  readonly absent?: {
    readonly when: (v: ChatStreamVerdict) => boolean;
    readonly nothing: string;
    readonly reportedBy: readonly string[];
  };
  /** The skip when the rule held but part of its subject never arrived (a choice of the `n` asked for). */
  readonly unjudged?: (probe: StreamProbe) => SkipOutcome | undefined;
  readonly notes?: (probe: StreamProbe) => readonly string[];
}

export function streamRuleCheck(row: StreamRuleRow): CheckDefinition {
  return defineCheck({
    id: row.id,
    ...checkIdentityOn(STREAM_JUDGE_RULES[row.rule], 'chat.create'),
    async run(ctx) {
      const probe = await probeChatStream(ctx, row.request);
      if (!isProbe(probe)) return probe;
      const absent = row.absent;
      return (
        failOnRule(probe, row.rule, row.expected) ??
        (absent?.when(probe.verdict) ? skipAbsent(probe, absent.nothing, absent.reportedBy) : undefined) ??
        row.unjudged?.(probe) ??
        pass(row.notes?.(probe))
      );
    },
  });
}
