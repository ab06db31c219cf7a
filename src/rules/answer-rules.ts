/**
 * @module The server's side of any exchange, as rules: a valid request succeeds with a body of the
 * operation's response schema, labelled as JSON; a body that is not JSON, not an object, or breaks
 * the request shape however a lax validator reads it is refused with a 4xx; an error body has the
 * ecosystem's shape and none of the server's internals; odd input never makes the server fail.
 */
import { excerpt } from '../core/describe.js';
import { OPERATIONS, operation, type OperationId } from '../core/operations.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { usageBreach } from './chat-answer.js';
import { ERROR_SHAPE_CONVENTION, errorMessageOf, internalsIn, judgeErrorBody } from './error-shape.js';
import type { ExchangeSeen, RequestSeen, Verdict } from './evidence.js';
import { isJsonlMediaType, isJsonMediaType, JSONL_CONVENTION, JSONL_MEDIA_TYPES } from './media-types.js';
import type { Rule } from './rule.js';

/** Gateways and overload: an answer that says nothing of the request. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

const label = (op: OperationId): string => `${operation(op).method} ${operation(op).path}`;
const ops = (keep: (o: (typeof OPERATIONS)[number]) => boolean): OperationId[] =>
  OPERATIONS.filter(keep).map((o) => o.id);
const BODY_OPS = ops((o) => o.requestSchema !== undefined);
const JSON_OPS = ops((o) => !o.jsonl);
const LIST_OPS = ops((o) => o.jsonl === true);

/**
 * A request no conformant server serves, answered: a 4xx holds; a gateway's 502/503/504 shows
 * nothing; anything else (a 2xx first of all) is the breach, in words.
 */
export function refusalVerdict(status: number, expected: string, said: string): Verdict {
  if (status >= 400 && status <= 499) return 'held';
  if (GATEWAY_STATUSES.has(status)) return undefined;
  const why = is2xx(status)
    ? 'the request was accepted'
    : status >= 500
      ? 'a server error instead of a rejection'
      : 'not a 4xx';
  return { expected, actual: `${said}: ${why}` };
}

/** `HTTP 200: {…}`: an answer in a few words. */
export const answerSaid = (e: ExchangeSeen): string => `HTTP ${e.status}${e.text ? `: ${excerpt(e.text, 160)}` : ''}`;

/** A request body is valid: JSON, an object valid against the request schema, breaking no vLLM rule. */
const validBody = (r: RequestSeen): boolean =>
  r.json && isJsonObject(r.body) && r.schemaProblem === undefined && r.vllm.length === 0;

/** A request the server must serve: a valid body where the operation takes one; a listing with a well-typed query. */
function validRequest(r: RequestSeen): boolean {
  if (r.op.requestSchema) return r.kept && validBody(r);
  return r.op.jsonl === true && !r.asked.invalid;
}

/** What a valid request of each operation is, in the requirement's words. */
function validRequestRequirement(op: OperationId): string {
  const o = operation(op);
  const title = op.startsWith('predictions.') ? 'Prediction' : 'Score';
  if (o.requestSchema)
    return `${label(op)} answers a schema-valid request with a 2xx and a body valid against the response schema.`;
  if (op === 'training-jobs.get')
    return `${label(op)} answers the id of an existing job with a 2xx and a training job valid against the response schema.`;
  return o.jsonl
    ? `${label(op)} answers valid query parameters with a 2xx and a JSONL body whose every line is a valid ${title}.`
    : `${label(op)} answers the id of a listed record with a 2xx and a record valid against the ${title} schema.`;
}

const bodyOf = (kind: 'malformed-json' | 'non-object-json' | 'invalid-body', e: ExchangeSeen): string | undefined => {
  const r = e.request;
  if (!r.op.requestSchema || !r.kept || r.text === undefined) return undefined;
  if (kind === 'malformed-json') return r.json ? undefined : 'a body that is not JSON';
  if (!r.json) return undefined;
  if (kind === 'non-object-json') return isJsonObject(r.body) ? undefined : 'a JSON body that is not an object';
  return isJsonObject(r.body) && r.refusable !== undefined
    ? `a body that breaks the request shape: ${r.refusable}`
    : undefined;
};

function refusalOf(kind: 'malformed-json' | 'non-object-json' | 'invalid-body') {
  return (e: ExchangeSeen): Verdict => {
    const what = bodyOf(kind, e);
    return what === undefined ? undefined : refusalVerdict(e.status, `a 4xx rejection: ${what}`, answerSaid(e));
  };
}

function errorShape(section7: boolean) {
  return (e: ExchangeSeen): Verdict => {
    if ((e.status !== 400 && e.status !== 422) || e.text === undefined || e.cut) return undefined;
    const verdict = judgeErrorBody(
      e.text,
      section7 ? 'validation-error' : 'body-rejection',
      e.request.settings.tools.schemas,
    );
    return verdict.ok
      ? 'held'
      : {
          expected: section7
            ? 'a JSON body of the §7 shape: `detail` an array of objects with `loc` (array), `msg` and `type` (strings)'
            : "a JSON error body: FastAPI's `detail`, the OpenAI envelope or vLLM's flat error object",
          actual: `HTTP ${e.status}: ${verdict.problem}: ${excerpt(e.text, 160) || '(empty)'}`,
        };
  };
}

export const ANSWER_RULES = {
  validRequestSucceeds: {
    side: 'server',
    id: 'acceptance.valid-request-succeeds.{op}',
    level: 'MUST',
    requirement: validRequestRequirement,
    needs:
      'a 2xx JSON answer (its body against the response schema), or a valid request (a valid body; a listing with a well-typed query) answered with a 5xx other than 502, 503, 504',
    slot: 'exchange',
    judge: (e) => {
      if (e.status >= 500 && !GATEWAY_STATUSES.has(e.status) && validRequest(e.request))
        return { expected: 'a 2xx answer to a valid request', actual: `${answerSaid(e)}: a server error` };
      if (!is2xx(e.status) || e.framing !== 'json' || e.cut || !e.request.op.responseSchema) return undefined;
      return e.schemaProblem === undefined
        ? 'held'
        : { expected: `a body valid against ${e.request.op.responseSchema}`, actual: e.schemaProblem };
    },
  },
  jsonContentType: {
    side: 'server',
    id: 'acceptance.json-content-type.{op}',
    ops: JSON_OPS,
    level: 'SHOULD',
    convention: (op: OperationId) =>
      `${operation(op).path.startsWith('/v2/') ? 'evaluation-record service' : operation(op).path.startsWith('/v1/preview/') ? 'FastAPI service' : 'OpenAI-compatible server'} answers JSON with a JSON media type`,
    requirement: (op) => `${label(op)} labels its successful JSON answer with a JSON media type (application/json).`,
    needs: 'a 2xx JSON answer',
    slot: 'exchange',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'json' || e.json === undefined) return undefined;
      const type = e.headers['content-type'];
      return isJsonMediaType(type)
        ? 'held'
        : { expected: 'Content-Type application/json (or a +json type)', actual: `Content-Type: ${type ?? '(none)'}` };
    },
  },
  jsonlContentType: {
    side: 'server',
    id: 'acceptance.jsonl-content-type.{op}',
    ops: LIST_OPS,
    level: 'SHOULD',
    convention: JSONL_CONVENTION,
    requirement: (op) =>
      `${label(op)} labels its JSONL listing with a JSONL media type (${JSONL_MEDIA_TYPES.slice(0, 2).join(', ')}, …).`,
    needs: 'a 2xx listing',
    slot: 'exchange',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'jsonl') return undefined;
      const type = e.headers['content-type'];
      return isJsonlMediaType(type)
        ? 'held'
        : {
            expected: `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
            actual: `Content-Type: ${type ?? '(none)'}`,
          };
    },
  },
  rejectsMalformedJson: {
    side: 'server',
    id: 'errors.rejects-malformed-json.{op}',
    ops: BODY_OPS,
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} rejects a body that is not JSON (§1: request bodies are JSON) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a request whose body is not JSON (client side too)',
    slot: 'exchange',
    judge: refusalOf('malformed-json'),
  },
  rejectsNonObjectJson: {
    side: 'server',
    id: 'errors.rejects-non-object-json.{op}',
    ops: BODY_OPS,
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} rejects a JSON body that is not an object (an array, a string, null, a number) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a JSON body that is not an object (client side too)',
    slot: 'exchange',
    judge: refusalOf('non-object-json'),
  },
  rejectsInvalidBody: {
    side: 'server',
    id: 'errors.rejects-invalid-body.{op}',
    ops: BODY_OPS,
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} rejects a body that breaks the documented request shape (a required field missing, a value of an unrelated type, an enum value outside the documented set, a number outside its range) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a JSON object invalid against the request schema under every lax reading (decisions/0004; client side too)',
    slot: 'exchange',
    judge: refusalOf('invalid-body'),
  },
  errorBodyShape: {
    side: 'server',
    id: 'errors.error-body-shape.{op}',
    ops: BODY_OPS.filter((op) => op !== 'trajectories.log'),
    level: 'SHOULD',
    convention: ERROR_SHAPE_CONVENTION,
    requirement: (op) =>
      `${label(op)} answers an invalid body with a JSON error body in a FastAPI shape (\`detail[]\` or a \`detail\` string), the OpenAI error envelope or vLLM's flat error object.`,
    needs: 'a body the server rejects with 400/422',
    slot: 'exchange',
    judge: errorShape(false),
  },
  errorBodyShape7: {
    side: 'server',
    id: 'errors.error-body-shape.{op}',
    ops: ['trajectories.log'],
    section: '§7',
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} answers an invalid body with the §7 validation-error body (\`detail[]\` of \`loc\` array, \`msg\`, \`type\`).`,
    needs: 'a log body the server rejects with 400/422',
    slot: 'exchange',
    judge: errorShape(true),
  },
  errorWithoutInternals: {
    side: 'server',
    id: 'errors.error-message-without-internals.{op}',
    level: 'SHOULD',
    convention:
      'OWASP error handling (no stack traces to clients); vLLM and FastAPI answer a message, never a traceback',
    requirement: (op) =>
      `${label(op)} answers an error with a message that carries no stack trace or exception dump (and, refusing an invalid body, says what is wrong).`,
    needs: 'an error answer (4xx or 5xx) with a body',
    slot: 'exchange',
    judge: (e) => {
      if (e.status < 400 || e.text === undefined || e.text.trim() === '' || e.cut) return undefined;
      const leak = internalsIn(errorMessageOf(e.json ?? e.text)) ?? internalsIn(e.text);
      return leak
        ? {
            expected: "an error message without the server's internals",
            actual: `HTTP ${e.status}: ${leak}: ${excerpt(e.text, 160)}`,
          }
        : 'held';
    },
  },
  never5xx: {
    side: 'server',
    id: 'errors.never-5xx-on-odd-input.{op}',
    level: 'SHOULD',
    convention:
      'RFC 9110 §15.5–15.6 (a client error is a 4xx, a 5xx is the server failing); the odd inputs of the vLLM, SGLang and llama.cpp server test suites',
    requirement: (op) =>
      `${label(op)} answers odd input (a body or a query it refuses, values at the edges of their types) with a 4xx or a 2xx, never a 5xx (502, 503 and 504 aside: gateways and overload).`,
    needs: 'a request that is not valid (or a read) answered with a 5xx',
    slot: 'exchange',
    judge: (e) => {
      if (validRequest(e.request)) return undefined;
      if (e.status < 500) return 'held';
      return GATEWAY_STATUSES.has(e.status)
        ? undefined
        : { expected: 'a 4xx or a 2xx, never a 5xx (other than 502, 503, 504)', actual: answerSaid(e) };
    },
  },
  usageAddsUp: {
    side: 'server',
    id: 'chat-completions.usage-adds-up',
    ops: ['chat.create'],
    level: 'SHOULD',
    convention: 'OpenAI usage accounting',
    requirement:
      'usage.total_tokens equals usage.prompt_tokens plus usage.completion_tokens, all non-negative integers.',
    needs: 'a 2xx chat completion',
    slot: 'exchange',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'json' || !isJsonObject(e.json)) return undefined;
      const breach = usageBreach(e.json.usage);
      return breach
        ? { expected: 'total_tokens = prompt_tokens + completion_tokens (non-negative integers)', actual: breach }
        : 'held';
    },
  },
} as const satisfies Record<string, Rule>;
