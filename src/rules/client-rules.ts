/**
 * @module The client's side of the traffic, as rules: what a request alone shows is wrong with it.
 * Only traffic shows them, so the proxy and the replay report them apart, as the clients'.
 */
import { excerpt } from '../core/describe.js';
import { isJsonObject, mediaTypeOf } from '../core/values.js';
import type { RequestSeen, Verdict } from './evidence.js';
import type { Rule } from './rule.js';

/** Presentations that carry no credentials in the path's scheme. */
const LACKING: ReadonlySet<string> = new Set(['no-credentials', 'malformed', 'other-scheme']);

const BODY_OPS = ['chat.create', 'training-jobs.create', 'trajectories.log'] as const;
const CHAT = ['chat.create'] as const;

/** A chat request's JSON object body, when it has one. */
const chatBody = (e: RequestSeen) => (e.json && isJsonObject(e.body) ? e.body : undefined);

function credentials(e: RequestSeen): Verdict {
  if (!LACKING.has(e.presentation)) return 'held';
  const bearer = e.op.auth === 'bearer';
  return {
    expected: `credentials in the ${bearer ? 'Bearer' : 'Basic'} scheme (§5, ${e.op.path.slice(0, 3)}/…)`,
    actual:
      e.authorization === undefined
        ? 'no Authorization header'
        : `an Authorization header that is not ${bearer ? 'Bearer <token>' : 'Basic <base64 of user:password>'}`,
  };
}

function requestJson(e: RequestSeen): Verdict {
  if (!e.kept) return undefined;
  if (!e.json)
    return {
      expected: 'a JSON body (§1)',
      actual: e.text === undefined ? 'no body' : `a body that is not JSON: ${excerpt(e.text, 120)}`,
    };
  return mediaTypeOf(e.contentType) === 'application/json'
    ? 'held'
    : { expected: 'Content-Type: application/json (§1)', actual: `Content-Type: ${e.contentType ?? '(none)'}` };
}

export const CLIENT_RULES = {
  credentials: {
    side: 'client',
    id: 'client.credentials.{op}',
    section: '§5',
    level: 'MUST',
    requirement: 'The request carries credentials in the scheme §5 gives its path (Bearer on /v1, Basic on /v2).',
    needs: 'any request (a client-side rule: the suite sends its credentials right)',
    slot: 'request',
    judge: credentials,
  },
  requestJson: {
    side: 'client',
    id: 'client.request-json.{op}',
    section: '§1',
    level: 'MUST',
    ops: BODY_OPS,
    requirement: 'The request body is JSON, sent with Content-Type: application/json.',
    needs: 'a request with a body (client side)',
    slot: 'request',
    judge: requestJson,
  },
  requestSchema: {
    side: 'client',
    id: 'client.request-schema.{op}',
    level: 'MUST',
    ops: BODY_OPS,
    requirement:
      "The request body is valid against the operation's request schema (fields, types, bounds of §4 and §8).",
    needs: 'a request with a body (client side)',
    slot: 'request',
    judge: (e) =>
      !e.json
        ? undefined
        : e.schemaProblem === undefined
          ? 'held'
          : { expected: `a body valid against ${e.op.requestSchema} (${e.op.section})`, actual: e.schemaProblem },
  },
  section7: {
    side: 'client',
    id: 'client.section-7-conditions.{op}',
    section: '§7',
    level: 'MUST',
    ops: CHAT,
    requirement: 'A chat request never sets continue_final_message together with add_generation_prompt (§7.2).',
    needs: 'a chat request (client side)',
    slot: 'request',
    judge: (e) => {
      if (!chatBody(e)) return undefined;
      const stated = e.vllm.find((r) => r.rule === 'continue-with-generation-prompt');
      return stated
        ? {
            expected: 'continue_final_message and add_generation_prompt never both true (§7.2)',
            actual: stated.message,
          }
        : 'held';
    },
  },
  requestRules: {
    side: 'client',
    id: 'client.request-rules.{op}',
    level: 'SHOULD',
    ops: CHAT,
    convention: 'vLLM request rules (docs/conventions.md)',
    requirement:
      'A chat request breaks none of the cross-field rules a vLLM server enforces (stream_options without stream, top_logprobs without logprobs, ranges of the sampling fields…).',
    needs: 'a chat request (client side)',
    slot: 'request',
    judge: (e) => {
      if (!chatBody(e)) return undefined;
      // §7.1 depends on the served model (the server's to judge), §7.2 is client.section-7-conditions'.
      const others = e.vllm.filter(
        (r) => r.rule !== 'priority-without-scheduling' && r.rule !== 'continue-with-generation-prompt',
      );
      return others.length
        ? {
            expected: 'a request a vLLM server accepts',
            actual: others.map((r) => `${r.rule}: ${r.message}`).join('; '),
          }
        : 'held';
    },
  },
} as const satisfies Record<string, Rule>;
