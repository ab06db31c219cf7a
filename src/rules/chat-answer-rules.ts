/**
 * @module The meaning of one chat answer against its request, as rules judged on every whole
 * completion that shows it unambiguously, and the two §7 conditions; the judging functions are
 * chat-answer.ts', chat-logprobs.ts' and chat-structured.ts'.
 */
import {
  type ChatBody,
  completionBoundBreach,
  completionBoundShown,
  completionTokens,
  echoBreach,
  echoShown,
  forbiddenBy71,
  forbiddenBy72,
  minTokensBreach,
  minTokensShown,
  nChoicesBreach,
  nChoicesShown,
  reasoningOmittedBreach,
  reasoningOmittedShown,
  requestIdBreach,
  requestIdOf,
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
import { STRUCTURED_RULES } from './chat-structured-rules.js';
import type { CompletionSeen, ExchangeSeen, Verdict } from './evidence.js';
import { answerSaid, refusalVerdict, validBody } from './answer-facts.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { type RuleIdentity, chatRules } from './rule.js';

type Shown = (request: ChatBody, completion: ChatBody) => boolean;
type Said = (request: ChatBody, completion: ChatBody) => string | undefined;

/** A rule of one chat answer: judged where `shown`, its breach from `breach` (which the suite's check calls too). */
export interface ChatAnswerRule extends RuleIdentity {
  readonly slot: 'completion';
  judge(e: CompletionSeen): Verdict;
  readonly shown: Shown;
  readonly breach: Said;
}

function answerRule(identity: Omit<RuleIdentity, 'side'>, shown: Shown, breach: Said): ChatAnswerRule {
  return {
    side: 'server',
    ...identity,
    slot: 'completion',
    shown,
    breach,
    judge: (e) => {
      if (!shown(e.request, e.completion)) return undefined;
      const said = breach(e.request, e.completion);
      return said === undefined ? 'held' : { expected: identity.requirement as string, actual: said };
    },
  };
}

const withLogprobs =
  (shown: Shown): Shown =>
  (request, completion) =>
    request.logprobs === true && shown(request, completion);

const chatRequest = (e: ExchangeSeen): ChatBody | undefined =>
  e.request.json && isJsonObject(e.request.body) ? e.request.body : undefined;

/** A §7 condition: a request it forbids is refused with a 4xx, never served. */
function forbidden(forbids: (request: ChatBody, e: ExchangeSeen) => string | undefined) {
  return (e: ExchangeSeen): Verdict => {
    const request = chatRequest(e);
    const why = request && forbids(request, e);
    return why === undefined ? undefined : refusalVerdict(e.status, `a 4xx to a request with ${why}`, answerSaid(e));
  };
}

/** A bound on completion tokens small enough that no context window cuts a choice short of it. */
const SMALL_BOUND = 64;

/**
 * What each choice of an answer shows it generated at least: its token_ids, or the whole bound when
 * it finished by length under a small one. Undefined for a choice that shows nothing.
 */
function choiceFloors(request: ChatBody, completion: ChatBody): (number | undefined)[] {
  const bound = request.max_completion_tokens ?? request.max_tokens;
  const small = Number.isInteger(bound) && (bound as number) >= 1 && (bound as number) <= SMALL_BOUND;
  return (Array.isArray(completion.choices) ? completion.choices : []).map((c) => {
    if (!isJsonObject(c)) return undefined;
    if (Array.isArray(c.token_ids)) return c.token_ids.length;
    return small && c.finish_reason === 'length' ? (bound as number) : undefined;
  });
}

const cachedTokensOf = (completion: ChatBody): unknown => {
  const details = isJsonObject(completion.usage) ? completion.usage.prompt_tokens_details : undefined;
  return isJsonObject(details) ? details.cached_tokens : undefined;
};

/** How §7.1 is judged, for a driver's start line: no priority scheduling unless `flag` says so. */
export function describePriority(scheduling: boolean, flag: string): string {
  return scheduling
    ? `§7.1 judged with priority scheduling (${flag}): a non-zero priority is served`
    : `§7.1 judged as if the served model has no priority scheduling: a non-zero priority must be refused (${flag} if it has)`;
}

const REQUEST_ID_RETURNED =
  'The request_id a client sets is returned in the response (in the id, a request_id field, or the x-request-id header).';

/** A request target whose path (its query aside) ends in "/". */
const PATH_ENDS_IN_SLASH = /^[^?]*\/(?:\?|$)/;

export const CHAT_ANSWER_RULES = chatRules({
  nChoices: answerRule(
    {
      id: 'chat-completions.n-choices-indexed',
      level: 'SHOULD',
      convention: 'OpenAI chat completions: n choices with indices 0..n-1',
      requirement: 'A request with n (default 1) is answered with exactly n choices whose indices are 0..n-1.',
      needs: 'a whole 2xx chat answer (streamed or not) to a request with n absent or a positive integer',
    },
    nChoicesShown,
    nChoicesBreach,
  ),
  completionBound: answerRule(
    {
      id: 'chat-completions.max-tokens-bound-completion',
      streamedId: 'chat-completions.max-tokens-bound-completion.streamed',
      level: 'SHOULD',
      convention: 'OpenAI max_completion_tokens: completion_tokens <= the bound, finish_reason "length" when it is hit',
      requirement:
        'max_completion_tokens (else the deprecated max_tokens) bounds usage.completion_tokens of a one-choice answer; with ignore_eos and no stop string or stop token, reaching the bound ends with finish_reason "length".',
      needs: 'a one-choice 2xx chat answer with usage to a request with max_completion_tokens or max_tokens',
    },
    completionBoundShown,
    completionBoundBreach,
  ),
  minTokens: answerRule(
    {
      id: 'chat-completions.min-tokens-honoured',
      streamedId: 'chat-completions.min-tokens-honoured.streamed',
      level: 'SHOULD',
      convention: 'vLLM min_tokens: nothing ends the output before min_tokens tokens',
      requirement:
        'With min_tokens m, an answer of n choices that all finished with "stop" has usage.completion_tokens of at least n × m: nothing, a stop string included, ends a choice earlier.',
      needs: 'a 2xx chat answer with usage, every choice finished with "stop", to a request with min_tokens > 0',
    },
    minTokensShown,
    minTokensBreach,
  ),
  stopStrings: answerRule(
    {
      id: 'chat-completions.stop-strings-honoured',
      level: 'SHOULD',
      convention: 'OpenAI/vLLM stop: output ends before the stop string, kept only with include_stop_str_in_output',
      requirement:
        'The content never contains a stop string unless include_stop_str_in_output is true; an output cut at the string finishes with "stop" (stop_reason, when given, is the string); with include_stop_str_in_output, an output stopped by a stop string ends with that string.',
      needs: 'a 2xx chat answer with content to a request with stop (without echo or min_tokens)',
    },
    stopStringsShown,
    stopStringsBreach,
  ),
  tokenIdsPerChoice: answerRule(
    {
      id: 'chat-completions.return-token-ids-per-choice',
      level: 'MUST',
      requirement:
        'With return_token_ids true, every choice carries token_ids, an array of integers (non-empty when tokens were generated).',
      needs: 'a 2xx chat answer that generated tokens, to a request with return_token_ids',
    },
    tokenIdsShown,
    tokenIdsPerChoiceBreach,
  ),
  tokenIdsMatchUsage: answerRule(
    {
      id: 'chat-completions.return-token-ids-match-usage',
      level: 'SHOULD',
      convention: 'vLLM return_token_ids: prompt_token_ids and token_ids counted as in usage',
      requirement:
        'With return_token_ids true, prompt_token_ids has usage.prompt_tokens ids and the token_ids of the choices add up to usage.completion_tokens.',
      needs: 'a 2xx chat answer with usage to a request with return_token_ids (a stream: with include_usage)',
    },
    tokenIdsMatchUsageShown,
    tokenIdsMatchUsageBreach,
  ),
  logprobsShape: answerRule(
    {
      id: 'chat-completions.logprobs-shape-and-counts',
      streamedId: 'chat-completions.logprobs-shape-and-counts.streamed',
      level: 'SHOULD',
      convention: 'OpenAI logprobs: one entry per generated token, top_logprobs alternatives each',
      requirement:
        'With logprobs true, each choice has logprobs.content (one entry per generated token for a one-choice answer without reasoning), each a token string, a logprob <= 0, bytes, and exactly top_logprobs alternatives.',
      needs: 'a 2xx chat answer to a request with logprobs (counts: one choice, usage, no reasoning)',
    },
    withLogprobs(logprobsShapeShown),
    logprobsShapeBreach,
  ),
  logprobsBytesOrder: answerRule(
    {
      id: 'chat-completions.logprobs-bytes-and-order',
      level: 'SHOULD',
      convention:
        "OpenAI logprobs: bytes is the token's UTF-8, top_logprobs are the most likely tokens, most likely first (vLLM logprobs tests)",
      requirement:
        "Every logprobs entry's bytes is its token's UTF-8, its top_logprobs are sorted by logprob, most likely first, and the sampled token's logprob is not above the best alternative's.",
      needs: 'a 2xx chat answer with logprobs entries',
    },
    withLogprobs(logprobsBytesOrderShown),
    logprobsBytesOrderBreach,
  ),
  logprobsJoin: answerRule(
    {
      id: 'chat-completions.logprobs-tokens-join-to-content',
      streamedId: 'chat-completions.logprobs-tokens-join-to-content.streamed',
      level: 'SHOULD',
      convention: 'OpenAI/vLLM logprobs: logprobs.content lists the generated tokens, in order (vLLM logprobs tests)',
      requirement:
        'With logprobs true, joining logprobs.content[].token of a choice gives exactly its message content.',
      needs:
        'a 2xx chat answer with logprobs entries, without stop, echo, token ids as tokens, reasoning or tool calls',
    },
    withLogprobs(logprobsJoinShown),
    logprobsJoinBreach,
  ),
  tokensAsTokenIds: answerRule(
    {
      id: 'chat-completions.tokens-as-token-ids',
      level: 'MUST',
      requirement:
        'With return_tokens_as_token_ids and logprobs, every logprobs token (and top_logprobs token) is a string token_id:<id>.',
      needs: 'a 2xx chat answer with logprobs entries to a request with return_tokens_as_token_ids',
    },
    withLogprobs(tokensAsTokenIdsShown),
    tokensAsTokenIdsBreach,
  ),
  echoPrepends: answerRule(
    {
      id: 'chat-completions.echo-prepends-last-message',
      streamedId: 'chat-completions.echo-prepends-last-message.streamed',
      level: 'MUST',
      requirement:
        'With echo true and a last message of the assistant role, the new message content starts with that last message.',
      needs: 'a 2xx chat answer to a request with echo true whose last message is the assistant’s, with text',
    },
    echoShown,
    echoBreach,
  ),
  reasoningOmitted: answerRule(
    {
      id: 'chat-completions.include-reasoning-false-omits-reasoning',
      streamedId: 'chat-completions.include-reasoning-false-omits-reasoning.streamed',
      level: 'SHOULD',
      convention: 'vLLM include_reasoning: false leaves reasoning out of the message',
      requirement: 'With include_reasoning false, no choice message carries reasoning.',
      needs: 'a 2xx chat answer to a request with include_reasoning false',
    },
    reasoningOmittedShown,
    reasoningOmittedBreach,
  ),
  requestIdReturned: {
    id: 'chat-completions.returns-request-id',
    streamedId: 'chat-completions.returns-request-id.streamed',
    level: 'MUST',
    requirement: REQUEST_ID_RETURNED,
    needs:
      'a 2xx chat answer to a request with request_id (a stream: only when its headers were seen or its id shows it)',
    slot: 'completion',
    judge: (e) => {
      if (requestIdOf(e.request) === undefined) return undefined;
      // Headers unseen: the body alone can show the id returned, never that it was not.
      const breach = requestIdBreach(e.request, e.completion, e.headers);
      if (!e.headers && breach !== undefined) return undefined;
      return breach === undefined ? 'held' : { expected: REQUEST_ID_RETURNED, actual: breach };
    },
  },
  rejectsContinueWithGenerationPrompt: {
    id: 'chat-completions.rejects-continue-with-generation-prompt',
    streamedId: 'chat-completions.rejects-continue-with-generation-prompt.streamed',
    section: '§7',
    level: 'MUST',
    requirement:
      'A request with both continue_final_message and add_generation_prompt set to true is rejected with a 4xx.',
    needs: 'a chat request with continue_final_message and add_generation_prompt both true',
    slot: 'exchange',
    judge: forbidden((request) => forbiddenBy72(request)),
  },
  acceptsContinueAlone: {
    id: 'chat-completions.accepts-continue-final-message-alone',
    section: '§7',
    level: 'SHOULD',
    convention: 'vLLM: only continue_final_message and add_generation_prompt both sent as true are refused',
    requirement:
      'A request with continue_final_message true and add_generation_prompt left to its default is accepted (prefill).',
    needs: 'a valid chat request with continue_final_message true and no add_generation_prompt',
    slot: 'exchange',
    judge: (e) => {
      const request = chatRequest(e);
      if (request?.continue_final_message !== true || 'add_generation_prompt' in request) return undefined;
      if (!validBody(e.request)) return undefined;
      if (e.status === 400 || e.status === 422)
        return { expected: 'a 2xx: continue_final_message alone is a prefill, not §7.2', actual: answerSaid(e) };
      return is2xx(e.status) ? 'held' : undefined;
    },
  },
  priorityFollowsScheduling: {
    id: 'chat-completions.priority-follows-scheduling',
    streamedId: 'chat-completions.priority-follows-scheduling.streamed',
    section: '§7',
    level: 'MUST',
    requirement:
      'A non-zero priority is rejected with a 4xx when the served model does not use priority scheduling, and accepted when it does; priority 0 is always accepted.',
    needs:
      'a chat request with a non-zero priority, the served model without priority scheduling (the default; --priority-scheduling on says it has it)',
    slot: 'exchange',
    judge: (e) => {
      const request = chatRequest(e);
      // Priority 0, the default, is always accepted: a refusal naming it refuses a valid request.
      if (request?.priority === 0 && (e.status === 400 || e.status === 422) && validBody(e.request))
        return /priority/i.test(e.text ?? '')
          ? { expected: 'a 2xx to priority 0, the default (§4.1)', actual: answerSaid(e) }
          : undefined;
      return forbidden((r, x) => forbiddenBy71(r, x.request.settings.priorityScheduling))(e);
    },
  },
  trailingSlashPath: {
    id: 'chat-completions.trailing-slash-path',
    level: 'SHOULD',
    convention:
      'FastAPI/Starlette redirect_slashes (a 307 to the path without the slash), as vLLM serves it; §4.1 only shows the variant in a request example',
    requirement:
      'POST /v1/chat/completions/ (the trailing-slash variant of the spec example) is answered with a chat completion, directly or through a 307/308 redirect to /v1/chat/completions on the same origin.',
    needs: 'a valid chat request to /v1/chat/completions/',
    slot: 'exchange',
    judge: (e) => {
      if (!PATH_ENDS_IN_SLASH.test(e.request.target) || !validBody(e.request)) return undefined;
      if (e.status === 404 || e.status === 405)
        return {
          expected: 'a chat completion, or a 307/308 redirect to /v1/chat/completions',
          actual: answerSaid(e),
        };
      return is2xx(e.status) || e.status === 307 || e.status === 308 ? 'held' : undefined;
    },
  },
  ...STRUCTURED_RULES,
  usageCountsEveryChoice: answerRule(
    {
      id: 'chat-completions.usage-counts-every-choice',
      level: 'SHOULD',
      convention:
        'OpenAI/vLLM usage accounting: completion_tokens counts the tokens of every choice when n > 1 (vLLM and SGLang usage tests)',
      requirement:
        'With several choices, usage.completion_tokens counts the tokens of every choice: at least the sum of what each shows it generated (its token_ids, or a small max_completion_tokens reached with finish_reason "length").',
      needs: `a 2xx chat answer with usage and two or more choices that show their length (token_ids, or finish_reason "length" under a bound of at most ${SMALL_BOUND})`,
    },
    (request, completion) =>
      Number.isInteger(completionTokens(completion)) &&
      choiceFloors(request, completion).filter((f) => f !== undefined).length >= 2,
    (request, completion) => {
      const floors = choiceFloors(request, completion);
      const least = floors.reduce<number>((sum, f) => sum + (f ?? 0), 0);
      const counted = completionTokens(completion) as number;
      if (counted >= least) return undefined;
      const each = floors.map((f, i) => `choice ${i}: ${f === undefined ? '?' : `at least ${f}`}`).join(', ');
      return `usage.completion_tokens ${counted}, fewer than the ${least} token(s) the choices show (${each})`;
    },
  ),
  cachedTokensWithinPrompt: answerRule(
    {
      id: 'chat-completions.cached-tokens-within-prompt',
      level: 'SHOULD',
      convention:
        'OpenAI/vLLM usage: prompt_tokens_details.cached_tokens counts the prompt tokens served from the prefix cache',
      requirement:
        'usage.prompt_tokens_details.cached_tokens, when present, is an integer between 0 and usage.prompt_tokens.',
      needs: 'a 2xx chat answer whose usage carries prompt_tokens_details.cached_tokens',
    },
    (_request, completion) => cachedTokensOf(completion) !== undefined && cachedTokensOf(completion) !== null,
    (_request, completion) => {
      const cached = cachedTokensOf(completion);
      const prompt = isJsonObject(completion.usage) ? completion.usage.prompt_tokens : undefined;
      if (
        Number.isInteger(cached) &&
        (cached as number) >= 0 &&
        (typeof prompt !== 'number' || (cached as number) <= prompt)
      )
        return undefined;
      return `cached_tokens ${JSON.stringify(cached)} with prompt_tokens ${JSON.stringify(prompt)}`;
    },
  ),
});
