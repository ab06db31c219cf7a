/**
 * @module The rules the proxy judges observed traffic on: every rule value of src/rules (the client's
 * side, any answer, the records and jobs, one chat answer, streaming), by name. A result is one
 * rule for one operation (`server.response-schema.chat-create`), so the reports group the findings
 * per operation and rule. The stream judge's own rules are src/rules/stream-rules.ts'
 * STREAM_JUDGE_RULES.
 */
import type { OperationId } from '../core/operations.js';
import { ANSWER_RULES } from '../rules/answer-rules.js';
import { CHAT_ANSWER_RULES } from '../rules/chat-answer-rules.js';
import { RECORD_RULES } from '../rules/record-rules.js';
import { CLIENT_RULES } from '../rules/request-rules.js';
import type { Rule } from '../rules/rule.js';
import { STREAM_RULES } from '../rules/stream-rules.js';

export const RULES = {
  ...CLIENT_RULES,
  ...ANSWER_RULES,
  ...RECORD_RULES,
  ...CHAT_ANSWER_RULES,
  ...STREAM_RULES,
} as const satisfies Record<string, Rule>;

/** `chat.create` → `chat-create`: the tail of a result id. */
function slugOf(op: OperationId): string {
  return op.replace(/\./g, '-');
}

/** The result id of a rule judged on an operation. */
export function resultId(rule: Rule, op: OperationId): string {
  return `${rule.side}.${rule.name}.${slugOf(op)}`;
}
