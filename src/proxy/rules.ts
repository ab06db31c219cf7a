/**
 * @module The rules the proxy judges observed traffic on, as a table: each names the side whose
 * fault a breach is (the client that sent a request the interface forbids, or the server that
 * answered against the interface), the section, the level and the requirement. A result is one rule
 * for one operation (`server.response-schema.chat-create`), so the reports group the findings per
 * operation and rule. The stream judge's rules are in stream-rules.ts; what each rule shares with the
 * suite, in rule-docs.ts.
 */
import type { Level } from '../core/check-identity.js';
import { operation, type OperationId } from '../core/operations.js';
import { ERROR_SHAPE_CONVENTION } from '../rules/error-shape.js';
import { JSONL_CONVENTION } from '../rules/media-types.js';
import { ONE_SCHEME_CONVENTION, RECORD_URI_CONVENTION, STABLE_ORDER_CONVENTION } from '../rules/records.js';

/** Whose fault a breach is: reported apart (two reports, one column each). */
export type Side = 'client' | 'server';

export interface ProxyRule {
  readonly side: Side;
  /** `<side>.<name>`: the result id adds the operation (`server.response-schema.chat-create`). */
  readonly name: string;
  /** The section the rule rests on; undefined: the operation's own (§4.x). */
  readonly section?: string;
  readonly level: Level;
  readonly convention?: string;
  readonly requirement: string;
}

export const STREAM_CONVENTION =
  'OpenAI chat.completion.chunk streaming format (Server-Sent Events ended by data: [DONE])';

export const RULES = {
  // The client's side: what the request alone shows.
  credentials: {
    side: 'client',
    name: 'credentials',
    section: '§5',
    level: 'MUST',
    requirement: 'The request carries credentials in the scheme §5 gives its path (Bearer on /v1, Basic on /v2).',
  },
  requestJson: {
    side: 'client',
    name: 'request-json',
    section: '§1',
    level: 'MUST',
    requirement: 'The request body is JSON, sent with Content-Type: application/json.',
  },
  requestSchema: {
    side: 'client',
    name: 'request-schema',
    level: 'MUST',
    requirement:
      "The request body is valid against the operation's request schema (fields, types, bounds of §4 and §8).",
  },
  section7: {
    side: 'client',
    name: 'section-7-conditions',
    section: '§7',
    level: 'MUST',
    requirement: 'A chat request never sets continue_final_message together with add_generation_prompt (§7.2).',
  },
  requestRules: {
    side: 'client',
    name: 'request-rules',
    level: 'SHOULD',
    convention: 'vLLM request rules (docs/conventions.md)',
    requirement:
      'A chat request breaks none of the cross-field rules a vLLM server enforces (stream_options without stream, top_logprobs without logprobs, ranges of the sampling fields…).',
  },
  // The server's side.
  answers: {
    side: 'server',
    name: 'answers',
    level: 'MUST',
    requirement: 'The server answers every request with a complete HTTP response.',
  },
  credentialsRequired: {
    side: 'server',
    name: 'credentials-required',
    section: '§5',
    level: 'MUST',
    requirement: 'A request without credentials in the scheme §5 gives its path is never answered 2xx.',
  },
  otherCredentialsRefused: {
    side: 'server',
    name: 'other-credentials-refused',
    section: '§5',
    level: 'MUST',
    requirement:
      "With the credentials the target accepts given to the proxy (--token, --basic), a request presenting other credentials in its scheme (unknown, truncated or extended token, wrong password, the other family's secret) is never answered 2xx.",
  },
  responseSchema: {
    side: 'server',
    name: 'response-schema',
    level: 'MUST',
    requirement: "A 2xx answer is JSON valid against the operation's response schema.",
  },
  jsonContentType: {
    side: 'server',
    name: 'json-content-type',
    level: 'SHOULD',
    convention: 'RFC 8259: JSON is labelled application/json',
    requirement: 'A 2xx JSON answer is labelled Content-Type: application/json.',
  },
  usageAddsUp: {
    side: 'server',
    name: 'usage-adds-up',
    level: 'SHOULD',
    convention: 'OpenAI usage accounting',
    requirement:
      'usage.total_tokens equals usage.prompt_tokens plus usage.completion_tokens, all non-negative integers.',
  },
  streamContentType: {
    side: 'server',
    name: 'stream-content-type',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_CONVENTION,
    requirement: 'A streamed chat completion (stream: true) is answered with Content-Type: text/event-stream.',
  },
  jsonlRecords: {
    side: 'server',
    name: 'jsonl-records',
    level: 'MUST',
    requirement:
      'A 2xx listing is JSONL: every line a JSON object valid against the record schema (§2.1/§2.2), none an error object, the last one complete.',
  },
  jsonlContentType: {
    side: 'server',
    name: 'jsonl-content-type',
    level: 'SHOULD',
    convention: JSONL_CONVENTION,
    requirement: 'A 2xx listing is labelled with a JSON Lines media type.',
  },
  errorShape: {
    side: 'server',
    name: 'error-shape',
    level: 'SHOULD',
    convention: ERROR_SHAPE_CONVENTION,
    requirement:
      'A request body rejected with 400/422 is answered with a JSON error body: FastAPI `detail[]` or `detail` string, the OpenAI `{error: {message, type, param, code}}` envelope or vLLM\'s flat `{object: "error", message, type, param, code}`.',
  },
  errorShape7: {
    side: 'server',
    name: 'error-shape',
    section: '§7',
    level: 'MUST',
    requirement:
      'A trajectory-logging body rejected with 400/422 is answered with the §7 validation-error body (`detail[]` of `loc` array, `msg`, `type`).',
  },
  listLimit: {
    side: 'server',
    name: 'list-limit',
    level: 'MUST',
    requirement:
      'A listing asked for with `limit` (the parameter named as the evaluation-record service names it) holds at most that many records (§4.5, §4.7: "maximum number to return").',
  },
  listFilter: {
    side: 'server',
    name: 'list-filter',
    level: 'MUST',
    requirement:
      'A listing filtered by `evaluation_run_id` holds only records of that evaluation run (§4.5, §4.7: "filter by evaluation run ID").',
  },
  stableOrder: {
    side: 'server',
    name: 'stable-order',
    level: 'SHOULD',
    convention: STABLE_ORDER_CONVENTION,
    requirement:
      'Two full listings of a project holding the same records list them in the same order (pages taken with offset are consistent only then).',
  },
  pageMatchesListing: {
    side: 'server',
    name: 'page-matches-listing',
    level: 'MUST',
    requirement:
      'A page asked with offset k and limit m holds the records at positions k…k+m-1 of the full listing (§4.5, §4.7: "number to skip", "maximum number to return"); judged when the full listing read before and after the page is the same, record for record.',
  },
  filterComplete: {
    side: 'server',
    name: 'filter-complete',
    level: 'MUST',
    requirement:
      'A listing filtered by `evaluation_run_id` holds every record of that run the full listing holds (§4.5, §4.7: "filter by evaluation run ID"); judged when the full listing read before and after it is the same, record for record.',
  },
  readsIdAsked: {
    side: 'server',
    name: 'reads-id-asked',
    level: 'MUST',
    requirement:
      'A 2xx read by id answers the record, or the training job, whose id the path names (§4.3, §4.6, §4.8).',
  },
  readsListedRecord: {
    side: 'server',
    name: 'reads-listed-record',
    level: 'MUST',
    requirement:
      'A record listed earlier in the traffic, read by its id, is answered 2xx with the same record: the same value for every field both carry (§4.6, §4.8).',
  },
  getsCreatedJob: {
    side: 'server',
    name: 'gets-created-job',
    section: '§4.3',
    level: 'MUST',
    requirement: 'A training job created earlier in the traffic is found by the id its creation returned (§4.2, §4.3).',
  },
  acceptsMalformedJson: {
    side: 'server',
    name: 'accepts-malformed-json',
    level: 'MUST',
    requirement: 'A request whose body is not JSON (§1: request bodies are JSON) is refused, never answered 2xx.',
  },
  acceptsInvalidBody: {
    side: 'server',
    name: 'accepts-invalid-body',
    level: 'MUST',
    requirement:
      'A body that breaks the documented request shape (a required field missing, a value of an unrelated type, an enum value outside the documented set, a number outside its range), even as the lax validators of the ecosystem read it (decisions/0004), is refused with a 4xx, never answered 2xx.',
  },
  answers401: {
    side: 'server',
    name: 'answers-401',
    section: '§5',
    level: 'SHOULD',
    convention: 'RFC 9110 401 for missing or invalid credentials',
    requirement:
      'A request refused for its credentials (missing, malformed, of the other scheme, or other than those given with --token/--basic) is answered 401 (a 404 aside: whether the resource exists may be checked first).',
  },
  errorWithoutInternals: {
    side: 'server',
    name: 'error-without-internals',
    level: 'SHOULD',
    convention:
      'OWASP error handling (no stack traces to clients); vLLM and FastAPI answer a message, never a traceback',
    requirement: "An error answer's body carries no stack trace or exception dump of the server's internals.",
  },
  refusalServesNoData: {
    side: 'server',
    name: 'refusal-serves-no-data',
    section: '§5',
    level: 'MUST',
    requirement:
      'A request refused for its credentials carries none of the data of a successful answer (a completion, a job, a record).',
  },
  svcUserId: {
    side: 'server',
    name: 'svc-user-id',
    level: 'SHOULD',
    convention:
      'svc_user_id is "filled in by the server" (§2.1, §2.2; required-ness not shown); the evaluation-record service sends it on every record',
    requirement: 'Every listed record carries svc_user_id, a non-empty string filled in by the server.',
  },
  streamedCount: {
    side: 'server',
    name: 'streamed-count-matches',
    section: '§4.1',
    level: 'SHOULD',
    convention:
      'vLLM streaming usage: the token_ids of the chunks add up to usage.completion_tokens of the same request unstreamed (vLLM streaming tests)',
    requirement:
      'A greedy seeded chat request (temperature 0, a seed, one choice) that gives the same text streamed and unstreamed gives the same number of completion tokens: token ids over the chunks and the usage chunk, against usage unstreamed.',
  },
  no5xx: {
    side: 'server',
    name: 'no-5xx',
    level: 'SHOULD',
    convention: 'RFC 9110 §15.6: a 5xx is the server failing (502, 503 and 504 excepted: gateways and overload)',
    requirement: 'The server does not fail with a 5xx (other than 502, 503, 504).',
  },
  recordsBelong: {
    side: 'server',
    name: 'records-belong-to-project',
    level: 'SHOULD',
    convention: RECORD_URI_CONVENTION,
    requirement:
      'Every record listed or read under /v2/{entity}/{project} belongs there: its model (prediction) or scorer (score) URI names that entity and project.',
  },
  oneUriScheme: {
    side: 'server',
    name: 'one-uri-scheme',
    level: 'SHOULD',
    convention: ONE_SCHEME_CONVENTION,
    requirement:
      "Every record's model or scorer URI in the traffic uses one scheme, the service's own (§2.1, §2.2): the first one seen of its kind.",
  },
  unknownId404: {
    side: 'server',
    name: 'unknown-id-404',
    level: 'SHOULD',
    convention: 'evaluation-record service and FastAPI training service: an id that names nothing is answered 404',
    requirement:
      'A read by a well-formed id refused for the id itself (a 4xx other than for credentials, negotiation, framing or rate) is refused with 404.',
  },
  malformedJobId: {
    side: 'server',
    name: 'malformed-id-refused',
    section: '§4.3',
    level: 'MUST',
    requirement:
      'A training job asked for by an id that is not a UUID (it can name no job, §2.3) is refused with a 4xx, never answered 2xx or 5xx.',
  },
  // The meaning of one chat answer (src/rules/chat-answer.ts, as the suite's chat checks judge it).
  nChoices: {
    side: 'server',
    name: 'n-choices',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI chat completions: n choices with indices 0..n-1',
    requirement: 'A request with n (default 1) is answered with exactly n choices whose indices are 0..n-1.',
  },
  completionBound: {
    side: 'server',
    name: 'completion-bound',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI max_completion_tokens: completion_tokens <= the bound, finish_reason "length" when it is hit',
    requirement:
      'max_completion_tokens (else the deprecated max_tokens) bounds usage.completion_tokens of a one-choice answer; with ignore_eos and no stop string or stop token, reaching the bound ends with finish_reason "length".',
  },
  minTokens: {
    side: 'server',
    name: 'min-tokens',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM min_tokens: nothing ends the output before min_tokens tokens',
    requirement:
      'A one-choice answer to a request with min_tokens m that finished with "stop" has usage.completion_tokens of at least m.',
  },
  stopStrings: {
    side: 'server',
    name: 'stop-strings',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI/vLLM stop: output ends before the stop string, kept only with include_stop_str_in_output',
    requirement:
      'The content never contains a stop string unless include_stop_str_in_output is true; with it, a choice whose stop_reason is a stop string ends with that string.',
  },
  requestIdReturned: {
    side: 'server',
    name: 'request-id-returned',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'The request_id a client sets is returned in the response (in the id, a request_id field, or the x-request-id header).',
  },
  acceptsForbidden: {
    side: 'server',
    name: 'accepts-forbidden',
    section: '§7',
    level: 'MUST',
    requirement:
      'A chat request §7 forbids is refused with a 4xx, never answered 2xx: continue_final_message and add_generation_prompt both true (§7.2), and, when the proxy is told the model has no priority scheduling (--priority-scheduling off), a non-zero priority (§7.1).',
  },
  tokenIdsPerChoice: {
    side: 'server',
    name: 'token-ids-per-choice',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With return_token_ids true, every choice carries token_ids, an array of integers (non-empty when tokens were generated).',
  },
  tokenIdsMatchUsage: {
    side: 'server',
    name: 'token-ids-match-usage',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM return_token_ids: prompt_token_ids and token_ids counted as in usage',
    requirement:
      'With return_token_ids true, prompt_token_ids has usage.prompt_tokens ids and the token_ids of the choices add up to usage.completion_tokens.',
  },
  logprobsShape: {
    side: 'server',
    name: 'logprobs-shape',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI logprobs: one entry per generated token, top_logprobs alternatives each',
    requirement:
      'With logprobs true, each choice has logprobs.content (one entry per generated token for a one-choice answer without reasoning), each a token string, a logprob <= 0, bytes, and exactly top_logprobs alternatives.',
  },
  logprobsBytesOrder: {
    side: 'server',
    name: 'logprobs-bytes-order',
    section: '§4.1',
    level: 'SHOULD',
    convention:
      "OpenAI logprobs: bytes is the token's UTF-8, top_logprobs are the most likely tokens, most likely first (vLLM logprobs tests)",
    requirement:
      "Every logprobs entry's bytes is its token's UTF-8, its top_logprobs are sorted by logprob, most likely first, and the sampled token's logprob is not above the best alternative's.",
  },
  logprobsJoin: {
    side: 'server',
    name: 'logprobs-join',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI/vLLM logprobs: logprobs.content lists the generated tokens, in order (vLLM logprobs tests)',
    requirement: 'With logprobs true, joining logprobs.content[].token of a choice gives exactly its message content.',
  },
  tokensAsTokenIds: {
    side: 'server',
    name: 'tokens-as-token-ids',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With return_tokens_as_token_ids and logprobs, every logprobs token (and top_logprobs token) is a string token_id:<id>.',
  },
  echoPrepends: {
    side: 'server',
    name: 'echo-prepends',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With echo true and a last message of the assistant role, the new message content starts with that last message.',
  },
  reasoningOmitted: {
    side: 'server',
    name: 'reasoning-omitted',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM include_reasoning: false leaves reasoning out of the message',
    requirement: 'With include_reasoning false, no choice message carries reasoning.',
  },
  structuredOutput: {
    side: 'server',
    name: 'structured-output',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM structured outputs (choice, regex, json); OpenAI response_format json_schema',
    requirement:
      'With structured_outputs.choice the content is exactly one of the choices; with structured_outputs.regex a finished content matches the expression in whole; with structured_outputs.json or response_format json_schema it parses as JSON valid against the schema (an answer cut by the token bound: a prefix of such content).',
  },
} as const satisfies Record<string, ProxyRule>;

/** `chat.create` → `chat-create`: the tail of a result id. */
function slugOf(op: OperationId): string {
  return op.replace(/\./g, '-');
}

/** The result id of a rule judged on an operation. */
export function resultId(rule: ProxyRule, op: OperationId): string {
  return `${rule.side}.${rule.name}.${slugOf(op)}`;
}

/** The section of a rule on an operation: the rule's own, or the operation's. */
export function sectionOf(rule: ProxyRule, op: OperationId): string {
  return rule.section ?? operation(op).section;
}
