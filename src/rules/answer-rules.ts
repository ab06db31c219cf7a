/**
 * @module The server's side of any exchange, as rules (src/rules/rule.ts): answered at all, refusing
 * what §5 refuses, answering valid JSON of the right schema and media type, refusing bodies the
 * interface forbids, error bodies of the ecosystem's shapes without internals, no 5xx.
 */
import { ERROR_SHAPE_CONVENTION } from './error-shape.js';
import type { Rule } from './rule.js';

export const ANSWER_RULES = {
  answers: {
    side: 'server',
    name: 'answers',
    level: 'MUST',
    requirement: 'The server answers every request with a complete HTTP response.',
    needs: 'any exchange: one the server did not answer completely is an error',
  },
  credentialsRequired: {
    side: 'server',
    name: 'credentials-required',
    section: '§5',
    level: 'MUST',
    requirement: 'A request without credentials in the scheme §5 gives its path is never answered 2xx.',
    alsoJudgedBy: [
      'auth.rejects-missing-credentials.{op}',
      'auth.rejects-malformed-credentials.{op}',
      'auth.rejects-other-scheme.{op}',
    ],
    needs: 'a request without credentials in the path’s scheme',
  },
  otherCredentialsRefused: {
    side: 'server',
    name: 'other-credentials-refused',
    section: '§5',
    level: 'MUST',
    requirement:
      "With the credentials the target accepts given to the proxy (--token, --basic), a request presenting other credentials in its scheme (unknown, truncated or extended token, wrong password, the other family's secret) is never answered 2xx.",
    alsoJudgedBy: ['auth.rejects-wrong-credentials.{op}', 'auth.rejects-derived-credentials.{op}'],
    needs: 'other credentials than those given with --token/--basic',
  },
  responseSchema: {
    side: 'server',
    name: 'response-schema',
    level: 'MUST',
    requirement: "A 2xx answer is JSON valid against the operation's response schema.",
    alsoJudgedBy: ['acceptance.valid-request-succeeds.{op}'],
    needs: 'a 2xx JSON answer',
  },
  jsonContentType: {
    side: 'server',
    name: 'json-content-type',
    level: 'SHOULD',
    convention: 'RFC 8259: JSON is labelled application/json',
    requirement: 'A 2xx JSON answer is labelled Content-Type: application/json.',
    alsoJudgedBy: ['acceptance.json-content-type.{op}'],
    needs: 'a 2xx JSON answer',
  },
  errorShape: {
    side: 'server',
    name: 'error-shape',
    level: 'SHOULD',
    appliesTo: (op) => op !== 'trajectories.log',
    convention: ERROR_SHAPE_CONVENTION,
    requirement:
      'A request body rejected with 400/422 is answered with a JSON error body: FastAPI `detail[]` or `detail` string, the OpenAI `{error: {message, type, param, code}}` envelope or vLLM\'s flat `{object: "error", message, type, param, code}`.',
    alsoJudgedBy: ['errors.error-body-shape.{op}'],
    needs: 'a body the server rejects with 400/422',
  },
  errorShape7: {
    side: 'server',
    name: 'error-shape',
    section: '§7',
    appliesTo: (op) => op === 'trajectories.log',
    level: 'MUST',
    requirement:
      'A trajectory-logging body rejected with 400/422 is answered with the §7 validation-error body (`detail[]` of `loc` array, `msg`, `type`).',
    alsoJudgedBy: ['trajectories.validation-error-body', 'errors.error-body-shape.trajectories-log'],
    needs: 'a log body the server rejects with 400/422',
  },
  acceptsMalformedJson: {
    side: 'server',
    name: 'accepts-malformed-json',
    level: 'MUST',
    requirement: 'A request whose body is not JSON (§1: request bodies are JSON) is refused, never answered 2xx.',
    alsoJudgedBy: ['errors.rejects-malformed-json.{op}'],
    needs: 'a request whose body is not JSON (client side too)',
  },
  acceptsInvalidBody: {
    side: 'server',
    name: 'accepts-invalid-body',
    level: 'MUST',
    requirement:
      'A body that breaks the documented request shape (a required field missing, a value of an unrelated type, an enum value outside the documented set, a number outside its range), even as the lax validators of the ecosystem read it (decisions/0004), is refused with a 4xx, never answered 2xx.',
    alsoJudgedBy: ['errors.rejects-invalid-body.{op}', 'errors.rejects-non-object-json.{op}'],
    needs: 'a JSON body invalid against the request schema under every lax reading (client side too)',
  },
  answers401: {
    side: 'server',
    name: 'answers-401',
    section: '§5',
    level: 'SHOULD',
    convention: 'RFC 9110 401 for missing or invalid credentials',
    requirement:
      'A request refused for its credentials (missing, malformed, of the other scheme, or other than those given with --token/--basic) is answered 401 (a 404 aside: whether the resource exists may be checked first).',
    alsoJudgedBy: ['auth.answers-401.{op}'],
    needs: 'a request refused for its credentials with a 4xx other than 404',
  },
  errorWithoutInternals: {
    side: 'server',
    name: 'error-without-internals',
    level: 'SHOULD',
    convention:
      'OWASP error handling (no stack traces to clients); vLLM and FastAPI answer a message, never a traceback',
    requirement: "An error answer's body carries no stack trace or exception dump of the server's internals.",
    alsoJudgedBy: ['errors.error-message-without-internals.{op}'],
    needs: 'an error answer (4xx or 5xx) with a body',
  },
  refusalServesNoData: {
    side: 'server',
    name: 'refusal-serves-no-data',
    section: '§5',
    level: 'MUST',
    requirement:
      'A request refused for its credentials carries none of the data of a successful answer (a completion, a job, a record).',
    alsoJudgedBy: [
      'auth.rejects-missing-credentials.{op}',
      'auth.rejects-malformed-credentials.{op}',
      'auth.rejects-other-scheme.{op}',
      'auth.rejects-wrong-credentials.{op}',
    ],
    needs: 'a request refused for its credentials with a 4xx',
  },
  no5xx: {
    side: 'server',
    name: 'no-5xx',
    level: 'SHOULD',
    convention: 'RFC 9110 §15.6: a 5xx is the server failing (502, 503 and 504 excepted: gateways and overload)',
    requirement: 'The server does not fail with a 5xx (other than 502, 503, 504).',
    alsoJudgedBy: ['errors.never-5xx-on-odd-input.{op}'],
    needs: 'any answer',
  },
} as const satisfies Record<string, Rule>;
