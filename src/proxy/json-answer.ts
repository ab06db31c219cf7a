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
import { jobIdBreach, readIdBreach } from '../rules/records.js';
import { RECORD_KINDS } from '../core/record-kinds.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { RULES } from './rules.js';
import { parseJson, type Verdicts } from './verdicts.js';

/** A read by id answers what the path names (src/rules/records.ts, as the suite's read checks judge it). */
function judgeReadId(
  op: Operation,
  params: Readonly<Record<string, string>>,
  body: Readonly<Record<string, unknown>>,
  v: Verdicts,
): void {
  if (op.id === 'training-jobs.get' && params.training_job_id !== undefined) {
    v.judged(RULES.readsIdAsked);
    const other = jobIdBreach(params.training_job_id, body);
    if (other) v.breach(RULES.readsIdAsked, `id ${params.training_job_id}, the id the path names`, other);
    return;
  }
  const kind = RECORD_KINDS.find((k) => k.readOp === op.id);
  const asked = kind && params[kind.idField];
  if (!kind || asked === undefined) return;
  v.judged(RULES.readsIdAsked);
  const other = readIdBreach(kind.idField, asked, body);
  if (other) v.breach(RULES.readsIdAsked, `${kind.idField} ${JSON.stringify(asked)}, the id the path names`, other);
}

export function judgeJsonAnswer(
  op: Operation,
  status: number,
  contentType: string | undefined,
  text: string,
  schemas: Pick<SchemaRegistry, 'validate'>,
  v: Verdicts,
  params: Readonly<Record<string, string>> = {},
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
    if (valid.ok && isJsonObject(parsed.value)) judgeReadId(op, params, parsed.value, v);
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
