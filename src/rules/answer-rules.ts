/**
 * @module The errors of an exchange, as rules: a malformed body is refused with a 4xx, an error body
 * has the ecosystem's shape and no internals, odd input never makes the server fail.
 */
import { excerpt } from '../core/describe.js';
import { OPERATIONS, operationLabel as label } from '../core/operations.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { usageBreach } from './chat-answer.js';
import { ERROR_SHAPE_CONVENTION, errorMessageOf, internalsIn, judgeErrorBody } from './error-shape.js';
import {
  answerSaid,
  BODY_REJECTION_CONVENTION,
  GATEWAY_STATUSES,
  refusalVerdict,
  validRequest,
} from './answer-facts.js';
import type { ExchangeSeen, Verdict } from './evidence.js';
import { serverExchangeRules } from './rule.js';

const BODY_OPS = OPERATIONS.filter((o) => o.requestSchema !== undefined).map((o) => o.id);

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

const LIST_OPS = OPERATIONS.filter((o) => o.jsonl === true).map((o) => o.id);
const QUERY_CONVENTION = 'evaluation-record service list parameters';

export const ANSWER_RULES = serverExchangeRules({
  rejectsMalformedJson: {
    id: 'errors.rejects-malformed-json.{op}',
    ops: BODY_OPS,
    level: 'SHOULD',
    convention: BODY_REJECTION_CONVENTION,
    requirement: (op) =>
      `${label(op)} rejects a body that is not JSON (§1: request bodies are JSON) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a request whose body is not JSON (client side too)',
    judge: refusalOf('malformed-json'),
  },
  rejectsNonObjectJson: {
    id: 'errors.rejects-non-object-json.{op}',
    ops: BODY_OPS,
    level: 'SHOULD',
    convention: BODY_REJECTION_CONVENTION,
    requirement: (op) =>
      `${label(op)} rejects a JSON body that is not an object (an array, a string, null, a number) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a JSON body that is not an object (client side too)',
    judge: refusalOf('non-object-json'),
  },
  rejectsInvalidBody: {
    id: 'errors.rejects-invalid-body.{op}',
    ops: BODY_OPS,
    level: 'SHOULD',
    convention: BODY_REJECTION_CONVENTION,
    requirement: (op) =>
      `${label(op)} rejects a body that breaks the documented request shape (a required field missing, a value of an unrelated type, an enum value outside the documented set, a number outside its range) with a 4xx, never a 2xx or 5xx.`,
    needs: 'a JSON object invalid against the request schema under every lax reading (decisions/0004; client side too)',
    judge: refusalOf('invalid-body'),
  },
  errorBodyShape: {
    id: 'errors.error-body-shape.{op}',
    ops: BODY_OPS.filter((op) => op !== 'trajectories.log'),
    level: 'SHOULD',
    convention: ERROR_SHAPE_CONVENTION,
    requirement: (op) =>
      `${label(op)} answers an invalid body with a JSON error body in a FastAPI shape (\`detail[]\` or a \`detail\` string), the OpenAI error envelope or vLLM's flat error object.`,
    needs: 'a body the server rejects with 400/422',
    judge: errorShape(false),
  },
  errorBodyShape7: {
    id: 'errors.error-body-shape.{op}',
    ops: ['trajectories.log'],
    section: '§7',
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} answers an invalid body with the §7 validation-error body (\`detail[]\` of \`loc\` array, \`msg\`, \`type\`).`,
    needs: 'a log body the server rejects with 400/422',
    judge: errorShape(true),
  },
  errorWithoutInternals: {
    id: 'errors.error-message-without-internals.{op}',
    level: 'SHOULD',
    convention:
      'OWASP error handling (no stack traces to clients); vLLM and FastAPI answer a message, never a traceback',
    requirement: (op) =>
      `${label(op)} answers an error with a message that carries no stack trace or exception dump (and, refusing an invalid body, says what is wrong).`,
    needs: 'an error answer (4xx or 5xx) with a body',
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
    id: 'errors.never-5xx-on-odd-input.{op}',
    level: 'SHOULD',
    convention:
      'RFC 9110 §15.5–15.6 (a client error is a 4xx, a 5xx is the server failing); the odd inputs of the vLLM, SGLang and llama.cpp server test suites',
    requirement: (op) =>
      `${label(op)} answers odd input (a body or a query it refuses, values at the edges of their types) with a 4xx or a 2xx, never a 5xx (502, 503 and 504 aside: gateways and overload).`,
    needs: 'a request that is not valid (or a read) answered with a 5xx',
    judge: (e) => {
      if (validRequest(e.request)) return undefined;
      if (e.status < 500) return 'held';
      return GATEWAY_STATUSES.has(e.status)
        ? undefined
        : { expected: 'a 4xx or a 2xx, never a 5xx (other than 502, 503, 504)', actual: answerSaid(e) };
    },
  },
  rejectsWrongTypeQuery: {
    id: 'errors.rejects-wrong-type-query.{op}',
    ops: LIST_OPS,
    level: 'SHOULD',
    convention: QUERY_CONVENTION,
    requirement: (op) =>
      `${label(op)} rejects an integer query parameter (limit, offset) of the wrong type with a 4xx instead of ignoring it.`,
    needs: 'a listing asked with limit or offset that is not a whole number',
    judge: (e) => {
      const param = e.request.asked.invalid;
      return param === undefined
        ? undefined
        : refusalVerdict(e.status, `a 4xx for ${param} that is not a whole number`, answerSaid(e));
    },
  },
  queryErrorShape: {
    id: 'errors.query-error-shape.{op}',
    ops: LIST_OPS,
    level: 'SHOULD',
    convention: QUERY_CONVENTION,
    requirement: (op) =>
      `${label(op)} answers a query parameter of the wrong type with 422 and a FastAPI \`detail[]\` body (\`loc\`, \`msg\`, \`type\`).`,
    needs: 'a listing asked with limit or offset that is not a whole number, refused with a 4xx',
    judge: (e) => {
      const param = e.request.asked.invalid;
      if (param === undefined || e.status < 400 || e.status > 499 || e.text === undefined || e.cut) return undefined;
      const expected = `HTTP 422 with {"detail": [{"loc": [...], "msg": "...", "type": "..."}]} for ${param} that is not a whole number`;
      if (e.status !== 422) return { expected, actual: answerSaid(e) };
      const verdict = judgeErrorBody(e.text, 'validation-error', e.request.settings.tools.schemas);
      return verdict.ok ? 'held' : { expected, actual: `${answerSaid(e)}: ${verdict.problem}` };
    },
  },
  usageAddsUp: {
    id: 'chat-completions.usage-adds-up',
    ops: ['chat.create'],
    level: 'SHOULD',
    convention: 'OpenAI usage accounting',
    requirement:
      'usage.total_tokens equals usage.prompt_tokens plus usage.completion_tokens, all non-negative integers.',
    needs: 'a 2xx chat completion',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'json' || !isJsonObject(e.json)) return undefined;
      const breach = usageBreach(e.json.usage);
      return breach
        ? { expected: 'total_tokens = prompt_tokens + completion_tokens (non-negative integers)', actual: breach }
        : 'held';
    },
  },
});
