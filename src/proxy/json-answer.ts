/**
 * @module A whole JSON answer judged: a 2xx against the operation's response schema and media type
 * (chat: `usage` adding up), a 400/422 to a body the operation rejects against the error shapes
 * (src/rules: §7 `detail[]` on the log endpoint, the FastAPI, OpenAI and vLLM shapes elsewhere).
 */
import type { Operation } from '../core/operations.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { describeSchemaErrors, excerpt } from '../kit/describe.js';
import { judgeErrorBody } from '../rules/error-shape.js';
import { isJsonMediaType } from '../rules/media-types.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { RULES } from './rules.js';
import { parseJson, type Verdicts } from './verdicts.js';

export function judgeJsonAnswer(
  op: Operation,
  status: number,
  contentType: string | undefined,
  text: string,
  schemas: Pick<SchemaRegistry, 'validate'>,
  v: Verdicts,
): void {
  if (is2xx(status) && op.responseSchema) {
    v.judged(RULES.responseSchema);
    const parsed = parseJson(text);
    if (!parsed.ok) {
      v.breach(
        RULES.responseSchema,
        `a JSON body valid against ${op.responseSchema}`,
        `a body that is not JSON: ${excerpt(text, 160) || '(empty)'}`,
      );
      return;
    }
    v.judged(RULES.jsonContentType);
    if (!isJsonMediaType(contentType))
      v.breach(RULES.jsonContentType, 'Content-Type: application/json', `Content-Type: ${contentType ?? '(none)'}`);
    const valid = schemas.validate(op.responseSchema, parsed.value);
    if (!valid.ok)
      v.breach(
        RULES.responseSchema,
        `a body valid against ${op.responseSchema} (${op.section})`,
        `${describeSchemaErrors(valid.errors)}: ${excerpt(text, 160)}`,
      );
    if (op.id === 'chat.create' && isJsonObject(parsed.value)) {
      const usage = isJsonObject(parsed.value.usage) ? parsed.value.usage : {};
      const { prompt_tokens: p, completion_tokens: c, total_tokens: t } = usage;
      v.judged(RULES.usageAddsUp);
      const ints = [p, c, t].every((x) => Number.isInteger(x) && (x as number) >= 0);
      if (!ints || (p as number) + (c as number) !== t)
        v.breach(
          RULES.usageAddsUp,
          'total_tokens = prompt_tokens + completion_tokens (non-negative integers)',
          `prompt_tokens ${String(p)}, completion_tokens ${String(c)}, total_tokens ${String(t)}`,
        );
    }
    return;
  }
  if ((status === 400 || status === 422) && op.requestSchema) {
    const section7 = op.id === 'trajectories.log';
    const rule = section7 ? RULES.errorShape7 : RULES.errorShape;
    v.judged(rule);
    const verdict = judgeErrorBody(text, section7 ? 'validation-error' : 'body-rejection', schemas);
    if (!verdict.ok)
      v.breach(rule, rule.requirement, `HTTP ${status}: ${verdict.problem}: ${excerpt(text, 160) || '(empty)'}`);
  }
}
