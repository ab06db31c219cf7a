/**
 * @module What each proxy rule shares with the suite and what it needs of the traffic, for
 * docs/proxy-rules.md (scripts/generate-proxy-rules-doc.ts): the catalogue checks that judge the
 * same thing (ids; `{op}` stands for every operation slug the check exists for), and the traffic on
 * which the proxy can judge it.
 */
import { RECORD_KINDS } from '../core/record-kinds.js';
import type { RULES } from './rules.js';

export interface RuleDoc {
  readonly shares: readonly string[];
  readonly needs: string;
}

/** The ids of records checks, as suites/records makes them: each name for each record kind, kind by kind. */
const perKind = (...names: string[]): string[] => RECORD_KINDS.flatMap((k) => names.map((n) => `${k.name}.${n}`));

/** What each rule of RULES shares with the suite, and the traffic it needs (docs/proxy-rules.md). */
export const RULE_DOCS: Readonly<Record<keyof typeof RULES, RuleDoc>> = {
  credentials: { shares: [], needs: 'any request (a client-side rule: the suite sends its credentials right)' },
  requestJson: { shares: [], needs: 'a request with a body (client side)' },
  requestSchema: { shares: [], needs: 'a request with a body (client side)' },
  section7: { shares: [], needs: 'a chat request (client side)' },
  requestRules: { shares: [], needs: 'a chat request (client side)' },
  answers: { shares: [], needs: 'any exchange: one the server did not answer completely is an error' },
  credentialsRequired: {
    shares: [
      'auth.rejects-missing-credentials.{op}',
      'auth.rejects-malformed-credentials.{op}',
      'auth.rejects-other-scheme.{op}',
    ],
    needs: 'a request without credentials in the path’s scheme',
  },
  otherCredentialsRefused: {
    shares: ['auth.rejects-wrong-credentials.{op}', 'auth.rejects-derived-credentials.{op}'],
    needs: 'other credentials than those given with --token/--basic',
  },
  responseSchema: { shares: ['acceptance.valid-request-succeeds.{op}'], needs: 'a 2xx JSON answer' },
  jsonContentType: { shares: ['acceptance.json-content-type.{op}'], needs: 'a 2xx JSON answer' },
  usageAddsUp: { shares: ['chat-completions.usage-adds-up'], needs: 'a 2xx chat completion' },
  streamContentType: { shares: ['streaming.event-stream-content-type'], needs: 'a 2xx answer to stream: true' },
  jsonlRecords: {
    shares: perKind('list-is-jsonl-of-records'),
    needs: 'a 2xx listing',
  },
  jsonlContentType: {
    shares: [...perKind('list-content-type-jsonl'), 'acceptance.jsonl-content-type.{op}'],
    needs: 'a 2xx listing',
  },
  errorShape: { shares: ['errors.error-body-shape.{op}'], needs: 'a body the server rejects with 400/422' },
  errorShape7: {
    shares: ['trajectories.validation-error-body', 'errors.error-body-shape.trajectories-log'],
    needs: 'a log body the server rejects with 400/422',
  },
  listLimit: {
    shares: perKind('limit-bounds-count'),
    needs: 'a whole listing asked with limit',
  },
  listFilter: {
    shares: perKind('filter-by-evaluation-run'),
    needs: 'a whole listing asked with evaluation_run_id',
  },
  stableOrder: {
    shares: perKind('stable-order'),
    needs: 'two full listings of a project (no limit, offset or filter) holding the same records (with ids)',
  },
  pageMatchesListing: {
    shares: perKind('offset-skips', 'paging-yields-each-record-once'),
    needs:
      'a full listing (no limit, offset or filter), pages of the same project, then the same full listing again (records with ids)',
  },
  filterComplete: {
    shares: perKind('filter-by-evaluation-run'),
    needs:
      'a full listing, a listing filtered by evaluation_run_id of the same project, then the same full listing again (records with ids)',
  },
  readsIdAsked: {
    shares: [...perKind('listed-records-read-back'), 'training-jobs.get-returns-same-id'],
    needs: 'a 2xx read by id',
  },
  readsListedRecord: {
    shares: perKind('listed-records-read-back'),
    needs: 'a record listed, then read by its id (the pair; split between proxies, the merge judges it)',
  },
  getsCreatedJob: {
    shares: ['training-jobs.get-returns-same-id'],
    needs: 'a training job created, then fetched by the id returned (the pair)',
  },
  acceptsMalformedJson: {
    shares: ['errors.rejects-malformed-json.{op}'],
    needs: 'a request whose body is not JSON (client side too)',
  },
  acceptsInvalidBody: {
    shares: ['errors.rejects-invalid-body.{op}', 'errors.rejects-non-object-json.{op}'],
    needs: 'a JSON body invalid against the request schema under every lax reading (client side too)',
  },
  answers401: {
    shares: ['auth.answers-401.{op}'],
    needs: 'a request refused for its credentials with a 4xx other than 404',
  },
  errorWithoutInternals: {
    shares: ['errors.error-message-without-internals.{op}'],
    needs: 'an error answer (4xx or 5xx) with a body',
  },
  refusalServesNoData: {
    shares: [
      'auth.rejects-missing-credentials.{op}',
      'auth.rejects-malformed-credentials.{op}',
      'auth.rejects-other-scheme.{op}',
      'auth.rejects-wrong-credentials.{op}',
    ],
    needs: 'a request refused for its credentials with a 4xx',
  },
  svcUserId: {
    shares: perKind('svc-user-id-server-filled'),
    needs: 'a 2xx listing',
  },
  streamedCount: {
    shares: ['streaming.token-count-matches-non-streamed'],
    needs: 'the same greedy seeded chat request seen streamed and unstreamed (the pair), with the same text',
  },
  no5xx: { shares: ['errors.never-5xx-on-odd-input.{op}'], needs: 'any answer' },
  recordsBelong: {
    shares: perKind('records-belong-to-project'),
    needs: 'a 2xx listing or read of records that carry their model or scorer URI',
  },
  oneUriScheme: {
    shares: perKind('uri-fields-share-one-scheme'),
    needs: 'records of one kind with model or scorer URIs, over the session (listings and reads)',
  },
  unknownId404: {
    shares: [...perKind('unknown-id-is-404'), 'training-jobs.unknown-id-is-404'],
    needs: 'a read by id refused with a 4xx that is about the id (for a training job: a UUID)',
  },
  malformedJobId: {
    shares: ['training-jobs.malformed-id-is-4xx'],
    needs: 'a training job asked for by an id that is not a UUID',
  },
  nChoices: {
    shares: ['chat-completions.n-choices-indexed'],
    needs: 'a whole 2xx chat answer (streamed or not) to a request with n absent or a positive integer',
  },
  completionBound: {
    shares: ['chat-completions.max-tokens-bound-completion', 'chat-completions.max-tokens-bound-completion.streamed'],
    needs: 'a one-choice 2xx chat answer with usage to a request with max_completion_tokens or max_tokens',
  },
  minTokens: {
    shares: ['chat-completions.min-tokens-honoured', 'chat-completions.min-tokens-honoured.streamed'],
    needs: 'a one-choice 2xx chat answer with usage, finished with "stop", to a request with min_tokens > 0',
  },
  stopStrings: {
    shares: ['chat-completions.stop-strings-honoured'],
    needs: 'a 2xx chat answer with content to a request with stop (without echo or min_tokens)',
  },
  requestIdReturned: {
    shares: ['chat-completions.returns-request-id', 'chat-completions.returns-request-id.streamed'],
    needs:
      'a 2xx chat answer to a request with request_id (a stream: only when its headers were seen or its id shows it)',
  },
  acceptsForbidden: {
    shares: [
      'chat-completions.rejects-continue-with-generation-prompt',
      'chat-completions.rejects-continue-with-generation-prompt.streamed',
      'chat-completions.priority-follows-scheduling',
      'chat-completions.priority-follows-scheduling.streamed',
    ],
    needs:
      'a chat request with continue_final_message and add_generation_prompt both true, or (with --priority-scheduling off) a non-zero priority, answered 2xx or 4xx',
  },
  tokenIdsPerChoice: {
    shares: ['chat-completions.return-token-ids-per-choice'],
    needs: 'a 2xx chat answer that generated tokens, to a request with return_token_ids',
  },
  tokenIdsMatchUsage: {
    shares: ['chat-completions.return-token-ids-match-usage'],
    needs: 'a 2xx chat answer with usage to a request with return_token_ids (a stream: with include_usage)',
  },
  logprobsShape: {
    shares: ['chat-completions.logprobs-shape-and-counts', 'chat-completions.logprobs-shape-and-counts.streamed'],
    needs: 'a 2xx chat answer to a request with logprobs (counts: one choice, usage, no reasoning)',
  },
  logprobsBytesOrder: {
    shares: ['chat-completions.logprobs-bytes-and-order'],
    needs: 'a 2xx chat answer with logprobs entries',
  },
  logprobsJoin: {
    shares: [
      'chat-completions.logprobs-tokens-join-to-content',
      'chat-completions.logprobs-tokens-join-to-content.streamed',
    ],
    needs: 'a 2xx chat answer with logprobs entries, without stop, echo, token ids as tokens, reasoning or tool calls',
  },
  tokensAsTokenIds: {
    shares: ['chat-completions.tokens-as-token-ids'],
    needs: 'a 2xx chat answer with logprobs entries to a request with return_tokens_as_token_ids',
  },
  echoPrepends: {
    shares: ['chat-completions.echo-prepends-last-message', 'chat-completions.echo-prepends-last-message.streamed'],
    needs: 'a 2xx chat answer to a request with echo true whose last message is the assistant’s, with text',
  },
  reasoningOmitted: {
    shares: [
      'chat-completions.include-reasoning-false-omits-reasoning',
      'chat-completions.include-reasoning-false-omits-reasoning.streamed',
    ],
    needs: 'a 2xx chat answer to a request with include_reasoning false',
  },
  structuredOutput: {
    shares: [
      'chat-completions.structured-outputs-choice',
      'chat-completions.structured-outputs-choice.streamed',
      'chat-completions.structured-outputs-regex',
      'chat-completions.structured-outputs-regex.streamed',
      'chat-completions.structured-outputs-json',
      'chat-completions.structured-outputs-json.streamed',
      'chat-completions.response-format-json-schema',
      'chat-completions.response-format-json-schema.streamed',
    ],
    needs:
      'a 2xx chat answer to a request with structured_outputs choice, regex (a pattern that compiles and matches within 50 ms) or json, or response_format json_schema (a schema ajv compiles)',
  },
};
