/**
 * @module What several rules of an exchange read alike: whether a request must be served, how a due
 * refusal reads, an answer in a few words.
 */
import { excerpt } from '../core/describe.js';
import { is2xx, isJsonObject } from '../core/values.js';
import type { ExchangeSeen, RequestSeen, Verdict } from './evidence.js';

/** Gateways and overload: an answer that says nothing of the request. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * The ground of every "rejected with a 4xx" for a body that breaks the documented request shape: the
 * interface describes the valid bodies but not the answer to an invalid one (§7: "HTTP status codes
 * and the condition that yields each: not shown"), so such a check is a SHOULD on this convention.
 */
export const BODY_REJECTION_CONVENTION =
  'RFC 9110 §15.5 (a request the server will not process is a 4xx client error); FastAPI answers 422 and vLLM 400 to a body that fails validation';

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
export const validBody = (r: RequestSeen): boolean =>
  r.json && isJsonObject(r.body) && r.schemaProblem === undefined && r.vllm.length === 0;

/** A request the server must serve: a valid body where the operation takes one; a listing with a well-typed query. */
export function validRequest(r: RequestSeen): boolean {
  if (r.op.requestSchema) return r.kept && validBody(r);
  return r.op.jsonl === true && !r.asked.invalid;
}
