/**
 * @module The meaning of one chat answer against its request, as rules (src/rules/rule.ts): the
 * identity the suite's chat checks take, and what the proxy judges on every whole 2xx chat answer
 * (non-streamed, or a stream reassembled), each with its judgement where the two bodies show it.
 * The judging functions are in chat-answer.ts, chat-logprobs.ts and chat-structured.ts.
 */
import {
  type ChatBody,
  completionBoundBreach,
  completionBoundShown,
  echoBreach,
  echoShown,
  minTokensBreach,
  minTokensShown,
  nChoicesBreach,
  nChoicesShown,
  reasoningOmittedBreach,
  reasoningOmittedShown,
  stopStringsBreach,
  stopStringsShown,
  tokenIdsMatchUsageBreach,
  tokenIdsMatchUsageShown,
  tokenIdsPerChoiceBreach,
  tokenIdsShown,
} from './chat-answer.js';
import {
  logprobsBytesOrderBreach,
  logprobsBytesOrderShown,
  logprobsJoinBreach,
  logprobsJoinShown,
  logprobsShapeBreach,
  logprobsShapeShown,
  tokensAsTokenIdsBreach,
  tokensAsTokenIdsShown,
} from './chat-logprobs.js';
import type { Rule } from './rule.js';

/** What one chat answer shows of a rule: pure functions of the request as sent and the completion as received. */
export interface AnswerJudgement {
  /** Whether the one exchange shows the rule unambiguously: only then is it judged on the traffic. */
  readonly shown: (request: ChatBody, completion: ChatBody) => boolean;
  /** The breach in one sentence, or undefined. */
  readonly breach: (request: ChatBody, completion: ChatBody) => string | undefined;
}

/**
 * A rule of one chat answer. With `answer`, the proxy judges it on every whole 2xx chat answer that
 * shows it, and the suite check calls the same `breach`; without, it needs more than the two bodies
 * (a compiled schema, the headers, the status) and is judged beside (src/proxy/json-answer.ts).
 */
export interface ChatAnswerRule extends Rule {
  readonly answer?: AnswerJudgement;
}

const withLogprobs =
  (shown: AnswerJudgement['shown']): AnswerJudgement['shown'] =>
  (request, completion) =>
    request.logprobs === true && shown(request, completion);

export const CHAT_ANSWER_RULES = {
  usageAddsUp: {
    side: 'server',
    name: 'usage-adds-up',
    level: 'SHOULD',
    convention: 'OpenAI usage accounting',
    requirement:
      'usage.total_tokens equals usage.prompt_tokens plus usage.completion_tokens, all non-negative integers.',
    checks: ['chat-completions.usage-adds-up'],
    needs: 'a 2xx chat completion',
  },
  nChoices: {
    side: 'server',
    name: 'n-choices',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI chat completions: n choices with indices 0..n-1',
    requirement: 'A request with n (default 1) is answered with exactly n choices whose indices are 0..n-1.',
    checks: ['chat-completions.n-choices-indexed'],
    needs: 'a whole 2xx chat answer (streamed or not) to a request with n absent or a positive integer',
    answer: { shown: nChoicesShown, breach: nChoicesBreach },
  },
  completionBound: {
    side: 'server',
    name: 'completion-bound',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI max_completion_tokens: completion_tokens <= the bound, finish_reason "length" when it is hit',
    requirement:
      'max_completion_tokens (else the deprecated max_tokens) bounds usage.completion_tokens of a one-choice answer; with ignore_eos and no stop string or stop token, reaching the bound ends with finish_reason "length".',
    checks: ['chat-completions.max-tokens-bound-completion'],
    alsoJudgedBy: ['chat-completions.max-tokens-bound-completion.streamed'],
    needs: 'a one-choice 2xx chat answer with usage to a request with max_completion_tokens or max_tokens',
    answer: { shown: completionBoundShown, breach: completionBoundBreach },
  },
  minTokens: {
    side: 'server',
    name: 'min-tokens',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM min_tokens: nothing ends the output before min_tokens tokens',
    requirement:
      'With min_tokens m, a one-choice answer that finished with "stop" has usage.completion_tokens of at least m: nothing, a stop string included, ends the output earlier.',
    checks: ['chat-completions.min-tokens-honoured'],
    alsoJudgedBy: ['chat-completions.min-tokens-honoured.streamed'],
    needs: 'a one-choice 2xx chat answer with usage, finished with "stop", to a request with min_tokens > 0',
    answer: { shown: minTokensShown, breach: minTokensBreach },
  },
  stopStrings: {
    side: 'server',
    name: 'stop-strings',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI/vLLM stop: output ends before the stop string, kept only with include_stop_str_in_output',
    requirement:
      'The content never contains a stop string unless include_stop_str_in_output is true; an output cut at the string finishes with "stop" (stop_reason, when given, is the string); with include_stop_str_in_output, an output stopped by a stop string ends with that string.',
    checks: ['chat-completions.stop-strings-honoured'],
    needs: 'a 2xx chat answer with content to a request with stop (without echo or min_tokens)',
    answer: { shown: stopStringsShown, breach: stopStringsBreach },
  },
  requestIdReturned: {
    side: 'server',
    name: 'request-id-returned',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'The request_id a client sets is returned in the response (in the id, a request_id field, or the x-request-id header).',
    checks: ['chat-completions.returns-request-id'],
    alsoJudgedBy: ['chat-completions.returns-request-id.streamed'],
    needs:
      'a 2xx chat answer to a request with request_id (a stream: only when its headers were seen or its id shows it)',
  },
  acceptsForbidden: {
    side: 'server',
    name: 'accepts-forbidden',
    section: '§7',
    level: 'MUST',
    requirement:
      'A chat request §7 forbids is refused with a 4xx, never answered 2xx: continue_final_message and add_generation_prompt both true (§7.2), and, when the proxy is told the model has no priority scheduling (--priority-scheduling off), a non-zero priority (§7.1).',
    alsoJudgedBy: [
      'chat-completions.rejects-continue-with-generation-prompt',
      'chat-completions.rejects-continue-with-generation-prompt.streamed',
      'chat-completions.priority-follows-scheduling',
      'chat-completions.priority-follows-scheduling.streamed',
    ],
    needs:
      'a chat request with continue_final_message and add_generation_prompt both true, or (with --priority-scheduling off) a non-zero priority, answered 2xx or 4xx',
  },
  tokenIdsPerChoice: {
    side: 'server',
    name: 'token-ids-per-choice',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With return_token_ids true, every choice carries token_ids, an array of integers (non-empty when tokens were generated).',
    checks: ['chat-completions.return-token-ids-per-choice'],
    needs: 'a 2xx chat answer that generated tokens, to a request with return_token_ids',
    answer: { shown: tokenIdsShown, breach: tokenIdsPerChoiceBreach },
  },
  tokenIdsMatchUsage: {
    side: 'server',
    name: 'token-ids-match-usage',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM return_token_ids: prompt_token_ids and token_ids counted as in usage',
    requirement:
      'With return_token_ids true, prompt_token_ids has usage.prompt_tokens ids and the token_ids of the choices add up to usage.completion_tokens.',
    checks: ['chat-completions.return-token-ids-match-usage'],
    needs: 'a 2xx chat answer with usage to a request with return_token_ids (a stream: with include_usage)',
    answer: { shown: tokenIdsMatchUsageShown, breach: tokenIdsMatchUsageBreach },
  },
  logprobsShape: {
    side: 'server',
    name: 'logprobs-shape',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI logprobs: one entry per generated token, top_logprobs alternatives each',
    requirement:
      'With logprobs true, each choice has logprobs.content (one entry per generated token for a one-choice answer without reasoning), each a token string, a logprob <= 0, bytes, and exactly top_logprobs alternatives.',
    checks: ['chat-completions.logprobs-shape-and-counts'],
    alsoJudgedBy: ['chat-completions.logprobs-shape-and-counts.streamed'],
    needs: 'a 2xx chat answer to a request with logprobs (counts: one choice, usage, no reasoning)',
    answer: { shown: withLogprobs(logprobsShapeShown), breach: logprobsShapeBreach },
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
    checks: ['chat-completions.logprobs-bytes-and-order'],
    needs: 'a 2xx chat answer with logprobs entries',
    answer: { shown: withLogprobs(logprobsBytesOrderShown), breach: logprobsBytesOrderBreach },
  },
  logprobsJoin: {
    side: 'server',
    name: 'logprobs-join',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'OpenAI/vLLM logprobs: logprobs.content lists the generated tokens, in order (vLLM logprobs tests)',
    requirement: 'With logprobs true, joining logprobs.content[].token of a choice gives exactly its message content.',
    checks: ['chat-completions.logprobs-tokens-join-to-content'],
    alsoJudgedBy: ['chat-completions.logprobs-tokens-join-to-content.streamed'],
    needs: 'a 2xx chat answer with logprobs entries, without stop, echo, token ids as tokens, reasoning or tool calls',
    answer: { shown: withLogprobs(logprobsJoinShown), breach: logprobsJoinBreach },
  },
  tokensAsTokenIds: {
    side: 'server',
    name: 'tokens-as-token-ids',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With return_tokens_as_token_ids and logprobs, every logprobs token (and top_logprobs token) is a string token_id:<id>.',
    checks: ['chat-completions.tokens-as-token-ids'],
    needs: 'a 2xx chat answer with logprobs entries to a request with return_tokens_as_token_ids',
    answer: { shown: withLogprobs(tokensAsTokenIdsShown), breach: tokensAsTokenIdsBreach },
  },
  echoPrepends: {
    side: 'server',
    name: 'echo-prepends',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With echo true and a last message of the assistant role, the new message content starts with that last message.',
    checks: ['chat-completions.echo-prepends-last-message'],
    alsoJudgedBy: ['chat-completions.echo-prepends-last-message.streamed'],
    needs: 'a 2xx chat answer to a request with echo true whose last message is the assistant’s, with text',
    answer: { shown: echoShown, breach: echoBreach },
  },
  reasoningOmitted: {
    side: 'server',
    name: 'reasoning-omitted',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM include_reasoning: false leaves reasoning out of the message',
    requirement: 'With include_reasoning false, no choice message carries reasoning.',
    checks: ['chat-completions.include-reasoning-false-omits-reasoning'],
    alsoJudgedBy: ['chat-completions.include-reasoning-false-omits-reasoning.streamed'],
    needs: 'a 2xx chat answer to a request with include_reasoning false',
    answer: { shown: (request) => reasoningOmittedShown(request), breach: reasoningOmittedBreach },
  },
  structuredOutput: {
    side: 'server',
    name: 'structured-output',
    section: '§4.1',
    level: 'SHOULD',
    convention: 'vLLM structured outputs (choice, regex, json); OpenAI response_format json_schema',
    requirement:
      'With structured_outputs.choice the content is exactly one of the choices; with structured_outputs.regex a finished content matches the expression in whole; with structured_outputs.json or response_format json_schema it parses as JSON valid against the schema (an answer cut by the token bound: a prefix of such content).',
    alsoJudgedBy: [
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
} as const satisfies Record<string, ChatAnswerRule>;
