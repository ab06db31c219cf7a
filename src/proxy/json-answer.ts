/**
 * @module A whole JSON answer judged: a 2xx against the operation's response schema and media type
 * (chat: `usage` adding up, and, given the request, what the answer means: src/rules/chat-answer.ts),
 * a 400/422 to a body the operation rejects against the error shapes (src/rules: §7 `detail[]` on
 * the log endpoint, the FastAPI, OpenAI and vLLM shapes elsewhere), an error's text against the
 * server's internals, and any answer to a chat request §7.2 forbids.
 */
import type { Operation } from '../core/operations.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { describeSchemaErrors, excerpt } from '../core/describe.js';
import {
  type ChatBody,
  forbiddenAcceptedBreach,
  forbiddenBy71,
  forbiddenBy72,
  requestIdBreach,
  requestIdOf,
  usageBreach,
} from '../rules/chat-answer.js';
import { CHAT_ANSWER_RULES, type ChatAnswerRule } from '../rules/chat-answer-rules.js';
import {
  jsonSchemaAsked,
  regexVerdict,
  type SchemaCheck,
  structuredBreach,
  structuredShown,
} from '../rules/chat-structured.js';
import { regexInSandbox } from './regex-check.js';
import { errorMessageOf, internalsIn, judgeErrorBody } from '../rules/error-shape.js';
import { isJsonMediaType } from '../rules/media-types.js';
import { createAjv, type SchemaRegistry } from '../schemas/registry.js';
import { RULES } from './rules.js';
import type { Rule } from '../rules/rule.js';
import { parsedObject, parseJson, type Verdicts } from './verdicts.js';

/** Schemas of structured-output requests compiled (by their text), at most this many kept. */
const SCHEMA_CACHE = 64;
let userAjv: ReturnType<typeof createAjv> | undefined;
const compiledSchemas = new Map<string, ((value: unknown) => string | undefined) | null>();

/**
 * A client's structured-output schema compiled (ajv, loaded on the first one), or null when it does
 * not compile here (another draft, a keyword strict mode refuses): then the rule is not judged.
 */
function compiledSchema(schema: unknown): ((value: unknown) => string | undefined) | null {
  const key = JSON.stringify(schema);
  const known = compiledSchemas.get(key);
  if (known !== undefined) return known;
  if (compiledSchemas.size >= SCHEMA_CACHE || !userAjv) {
    compiledSchemas.clear();
    userAjv = createAjv();
  }
  const ajv = userAjv;
  let check: ((value: unknown) => string | undefined) | null;
  try {
    const validate = ajv.compile(schema as object);
    check = (value) => (validate(value) ? undefined : ajv.errorsText(validate.errors));
  } catch {
    check = null;
  }
  compiledSchemas.set(key, check);
  return check;
}

const checkCompiled: SchemaCheck = (schema, value) => compiledSchema(schema)?.(value);

/** The chat answer rules judged on the two bodies alone, in their order. */
const ANSWER_JUDGED = (Object.values(CHAT_ANSWER_RULES) as ChatAnswerRule[]).filter(
  (r): r is ChatAnswerRule & Required<Pick<ChatAnswerRule, 'answer'>> => r.answer !== undefined,
);

/** The chat exchange beside the answer: the request body as the client sent it, the answer's headers. */
export interface ChatSide {
  readonly request: unknown;
  /** Undefined: not seen (a rule the headers could show is then judged only when the body shows it). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether the served model uses priority scheduling (§7.1), when the proxy was told. */
  readonly priorityScheduling?: boolean | undefined;
}

/**
 * What one whole 2xx chat answer means against its request (non-streamed, or a stream reassembled):
 * every rule of src/rules/chat-answer-rules.ts with an `answer` judgement judged when this exchange shows it unambiguously,
 * then structured output and the request id, which need more than the two bodies.
 */
export function judgeChatAnswer(
  request: ChatBody,
  completion: ChatBody,
  headers: Readonly<Record<string, string>> | undefined,
  v: Verdicts,
): void {
  const judge = (rule: Rule, breach: string | undefined): void => {
    v.judged(rule);
    if (breach !== undefined) v.breach(rule, rule.requirement, breach);
  };
  for (const rule of ANSWER_JUDGED)
    if (rule.answer.shown(request, completion)) judge(rule, rule.answer.breach(request, completion));
  const regex = regexVerdict(request, completion, regexInSandbox);
  if (regex.judged) judge(RULES.structuredOutput, regex.breach);
  if (structuredShown(request, completion)) {
    const schema = jsonSchemaAsked(request);
    // A schema that does not compile here leaves the rule unjudged, never passed.
    if (schema === undefined || compiledSchema(schema) !== null)
      judge(RULES.structuredOutput, structuredBreach(request, completion, checkCompiled));
  }
  if (requestIdOf(request) !== undefined) {
    // Headers unseen: the body alone can show the id returned, never that it was not.
    const breach = requestIdBreach(request, completion, headers);
    if (headers || breach === undefined) judge(RULES.requestIdReturned, breach);
  }
}

/** §7.2: a forbidden chat request answered 2xx or 4xx (a 5xx is the server failing: no-5xx's). */
export function judgeForbidden(request: ChatBody, status: number, v: Verdicts, priorityScheduling?: boolean): void {
  const forbidden = forbiddenBy72(request) ?? forbiddenBy71(request, priorityScheduling);
  if (forbidden === undefined || !(is2xx(status) || (status >= 400 && status < 500))) return;
  v.judged(RULES.acceptsForbidden);
  const breach = forbiddenAcceptedBreach(request, status, priorityScheduling);
  if (breach !== undefined) v.breach(RULES.acceptsForbidden, RULES.acceptsForbidden.requirement, breach);
}

export function judgeJsonAnswer(
  op: Operation,
  status: number,
  contentType: string | undefined,
  text: string,
  schemas: Pick<SchemaRegistry, 'validate'>,
  v: Verdicts,
  chat?: ChatSide,
): Record<string, unknown> | undefined {
  const request = op.id === 'chat.create' && chat && isJsonObject(chat.request) ? chat.request : undefined;
  if (request) judgeForbidden(request, status, v, chat?.priorityScheduling);
  if (is2xx(status) && op.responseSchema) {
    v.judged(RULES.responseSchema);
    const parsed = parseJson(text);
    if (!parsed.ok) {
      v.breach(
        RULES.responseSchema,
        `a JSON body valid against ${op.responseSchema}`,
        `a body that is not JSON: ${excerpt(text, 160) || '(empty)'}`,
      );
      return undefined;
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
      v.judged(RULES.usageAddsUp);
      const breach = usageBreach(parsed.value.usage);
      if (breach)
        v.breach(RULES.usageAddsUp, 'total_tokens = prompt_tokens + completion_tokens (non-negative integers)', breach);
    }
    if (!valid.ok || !isJsonObject(parsed.value)) return undefined;
    // Meaning is judged on a valid completion only: a broken one is response-schema's finding.
    if (request) judgeChatAnswer(request, parsed.value, chat?.headers, v);
    return parsed.value;
  }
  if ((status === 400 || status === 422) && op.requestSchema) {
    const section7 = op.id === 'trajectories.log';
    const rule = section7 ? RULES.errorShape7 : RULES.errorShape;
    v.judged(rule);
    const verdict = judgeErrorBody(text, section7 ? 'validation-error' : 'body-rejection', schemas);
    if (!verdict.ok)
      v.breach(rule, rule.requirement, `HTTP ${status}: ${verdict.problem}: ${excerpt(text, 160) || '(empty)'}`);
  }
  return undefined;
}

/** An error answer's text against the server's internals (src/rules/error-shape.ts, as the suite judges it). */
export function judgeErrorText(status: number, text: string, v: Verdicts): void {
  if (text.trim() === '') return;
  v.judged(RULES.errorWithoutInternals);
  const leak = internalsIn(errorMessageOf(parsedObject(text) ?? text)) ?? internalsIn(text);
  if (leak)
    v.breach(
      RULES.errorWithoutInternals,
      "an error message without the server's internals",
      `HTTP ${status}: ${leak}: ${excerpt(text, 160)}`,
    );
}
