/**
 * @module The client's side of an exchange: the request body against what the interface allows of
 * it. JSON (§1) with its media type, the operation's request schema (§4, §8 bounds), §7.2 and the
 * vLLM cross-field rules for chat. The proxy cannot know whether the served model uses priority
 * scheduling (§7.1): that rule is left to the server's answer.
 */
import type { Operation } from '../core/operations.js';
import { isJsonObject, mediaTypeOf } from '../core/values.js';
import { laxlyValid } from '../generation/index.js';
import { vllmRuleViolations } from '../rules/vllm-request-rules.js';
import { describeSchemaErrors, excerpt } from '../core/describe.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { RULES } from './rules.js';
import { parseJson, type Verdicts } from './verdicts.js';

/** What the request showed: its body parsed (undefined: not JSON), and why a server must refuse it. */
export interface RequestSeen {
  readonly body: unknown;
  /**
   * The body breaks the request schema even as the lax validators of the ecosystem read it
   * (decisions/0004): the breach, which no conformant server serves. Undefined otherwise.
   */
  readonly refusable?: string;
}

/**
 * Judges a whole request body (`text` undefined: none was sent) of an operation that takes one, with
 * its request schema.
 */
export function judgeRequest(
  op: Operation,
  schema: NonNullable<Operation['requestSchema']>,
  contentType: string | undefined,
  text: string | undefined,
  schemas: Pick<SchemaRegistry, 'validate'>,
  v: Verdicts,
): RequestSeen {
  v.judged(RULES.requestJson);
  const parsed = text === undefined ? undefined : parseJson(text);
  if (!parsed?.ok) {
    v.breach(
      RULES.requestJson,
      'a JSON body (§1)',
      text === undefined ? 'no body' : `a body that is not JSON: ${excerpt(text, 120)}`,
    );
    return { body: undefined };
  }
  if (mediaTypeOf(contentType) !== 'application/json')
    v.breach(RULES.requestJson, 'Content-Type: application/json (§1)', `Content-Type: ${contentType ?? '(none)'}`);
  v.judged(RULES.requestSchema);
  const valid = schemas.validate(schema, parsed.value);
  let refusable: string | undefined;
  if (!valid.ok) {
    const breach = describeSchemaErrors(valid.errors);
    v.breach(RULES.requestSchema, `a body valid against ${schema} (${op.section})`, breach);
    if (!laxlyValid(schema, parsed.value)) refusable = breach;
  }
  if (op.id === 'chat.create' && isJsonObject(parsed.value)) {
    // §7.2 is stated; the other cross-field rules are vLLM's.
    const all = vllmRuleViolations(parsed.value);
    v.judged(RULES.section7);
    v.judged(RULES.requestRules);
    // Most requests break none: nothing more to look at.
    if (all.length === 0) return { body: parsed.value, ...(refusable !== undefined ? { refusable } : {}) };
    const broken = all.filter((r) => r.rule !== 'priority-without-scheduling');
    const stated = broken.find((r) => r.rule === 'continue-with-generation-prompt');
    if (stated)
      v.breach(
        RULES.section7,
        'continue_final_message and add_generation_prompt never both true (§7.2)',
        stated.message,
      );
    const others = broken.filter((r) => r !== stated);
    if (others.length)
      v.breach(
        RULES.requestRules,
        'a request a vLLM server accepts',
        others.map((r) => `${r.rule}: ${r.message}`).join('; '),
      );
  }
  return { body: parsed.value, ...(refusable !== undefined ? { refusable } : {}) };
}
