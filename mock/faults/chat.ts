/**
 * @module Planted faults for the chat-completions checks (§4.1, §7, §8): each breaks one rule of
 * `POST /v1/chat/completions`, by rewriting the request before the core (so a rule is not
 * enforced, or is enforced wrongly) or the JSON answer after it.
 */
import { randomUUID } from 'node:crypto';
import { openaiError, routeNotFound } from '../errors.js';
import type { MockRequest } from '../types.js';
import {
  chatBody,
  ignoreChatField,
  isChat,
  type Json,
  rawText,
  rewriteChatWhen,
  rewriteChunks,
  rewriteJsonAnswer,
  withText,
} from './rewrite.js';
import { defineFault, type Fault } from './types.js';

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}
type Choice = Json & { message?: Json; logprobs?: { content?: Json[] } | null };

/** An `after` that rewrites a successful non-streamed chat answer; `sent` is the chat request body. */
const rewriteAnswer = (rewrite: (body: Json & { choices: Choice[] }, sent: Json) => void) =>
  rewriteJsonAnswer<Json & { choices: Choice[] }>(
    (req) => chatBody(req) !== undefined,
    (body, req) => rewrite(body, chatBody(req)!),
  );

/** The exact integer text of a top-level numeric field in the raw body (seed, truncate_prompt_tokens). */
function rawInteger(req: MockRequest, field: string): bigint | undefined {
  const m = new RegExp(`"${field}"\\s*:\\s*(-?\\d+)(?![.eE\\d])`).exec(rawText(req));
  return m ? BigInt(m[1]!) : undefined;
}
const replaceRawInteger = (req: MockRequest, field: string, value: string): MockRequest =>
  withText(req, rawText(req).replace(new RegExp(`("${field}"\\s*:\\s*)-?\\d+`), `$1${value}`));
const abs = (v: bigint): bigint => (v < 0n ? -v : v);
const PRINTED_BOUND = 9223372036854776000n;
const INT64_MAX = 9223372036854775807n;

const ids = {
  priority: 'chat-completions.priority-follows-scheduling',
  continueBoth: 'chat-completions.rejects-continue-with-generation-prompt',
  continueAlone: 'chat-completions.accepts-continue-final-message-alone',
  seedInside: 'chat-completions.accepts-seed-within-int64',
  seedBeyond: 'chat-completions.rejects-seed-beyond-bound',
  seedSliver: 'chat-completions.seed-between-int64-and-printed-bound',
  truncate: 'chat-completions.truncate-prompt-tokens-range',
  toolChoice: 'chat-completions.tool-choice-only-none',
  reasoningEffort: 'chat-completions.reasoning-effort-enum',
  serviceTier: 'chat-completions.service-tier-in-set',
  messages: 'chat-completions.requires-messages',
  trailingSlash: 'chat-completions.trailing-slash-path',
  requestId: 'chat-completions.returns-request-id',
  n: 'chat-completions.n-choices-indexed',
  tokenIds: 'chat-completions.return-token-ids-per-choice',
  tokenIdsUsage: 'chat-completions.return-token-ids-match-usage',
  asTokenIds: 'chat-completions.tokens-as-token-ids',
  usage: 'chat-completions.usage-adds-up',
  maxTokens: 'chat-completions.max-tokens-bound-completion',
  logprobs: 'chat-completions.logprobs-shape-and-counts',
  minTokens: 'chat-completions.min-tokens-honoured',
  stop: 'chat-completions.stop-strings-honoured',
  choice: 'chat-completions.structured-outputs-choice',
  regex: 'chat-completions.structured-outputs-regex',
  json: 'chat-completions.structured-outputs-json',
  responseFormat: 'chat-completions.response-format-json-schema',
  reasoning: 'chat-completions.include-reasoning-false-omits-reasoning',
  echo: 'chat-completions.echo-prepends-last-message',
  determinism: 'chat-completions.seeded-determinism',
} as const;

/** The mock author's example fault, kept: §4.1 usage whose total is off by one. */
const usageDoesNotAddUp = defineFault({
  id: 'chat-completions.usage-does-not-add-up',
  description: 'Non-streamed chat completions report total_tokens = prompt_tokens + completion_tokens + 1.',
  breaks: [ids.usage],
  after(_req, res) {
    const body = res.json as { usage?: Usage } | undefined;
    if (res.status !== 200 || !body?.usage) return res;
    return { ...res, json: { ...body, usage: { ...body.usage, total_tokens: body.usage.total_tokens + 1 } } };
  },
});

/** A server that accepts a §4.1 field and ignores it: one fault per field, each breaking the checks of that field. */
const ignoredFieldFaults: readonly Fault[] = (
  [
    ['chat-completions.n-ignored', 'n', 'n is ignored: one choice whatever was asked.', [ids.n]],
    [
      'chat-completions.token-ids-missing',
      'return_token_ids',
      'return_token_ids is ignored: no token_ids, no prompt_token_ids.',
      [ids.tokenIds, ids.tokenIdsUsage],
    ],
    [
      'chat-completions.tokens-as-text-despite-token-ids',
      'return_tokens_as_token_ids',
      'return_tokens_as_token_ids is ignored: logprobs tokens are text.',
      [ids.asTokenIds],
    ],
    [
      'chat-completions.min-tokens-ignored',
      'min_tokens',
      'min_tokens is ignored: a stop string ends the output before it.',
      [ids.minTokens],
    ],
    [
      'chat-completions.include-stop-str-ignored',
      'include_stop_str_in_output',
      'include_stop_str_in_output is ignored: the stop string is always cut.',
      [ids.stop],
    ],
    [
      'chat-completions.structured-outputs-ignored',
      'structured_outputs',
      'structured_outputs is ignored: free text whatever the constraint.',
      [ids.choice, ids.regex, ids.json],
    ],
    [
      'chat-completions.response-format-ignored',
      'response_format',
      'response_format is ignored: free text instead of JSON.',
      [ids.responseFormat],
    ],
  ] as const
).map(([id, field, description, breaks]) => defineFault({ id, description, breaks, before: ignoreChatField(field) }));

export const chatFaults: readonly Fault[] = [
  usageDoesNotAddUp,
  ...ignoredFieldFaults,

  // §7.1 priority. Each fault breaks the check whichever way the target is declared.
  defineFault({
    id: 'chat-completions.priority-field-rejected',
    description: 'Any request carrying priority, even the default 0, is refused with a 400.',
    breaks: [ids.priority],
    before: (req) =>
      chatBody(req)?.priority !== undefined ? openaiError(400, 'Unsupported field: priority', 'priority') : req,
  }),
  defineFault({
    id: 'chat-completions.priority-crashes-scheduler',
    description: 'A non-zero priority makes the scheduler fail with a 500, with or without priority scheduling.',
    breaks: [ids.priority],
    before: (req) => {
      const p = chatBody(req)?.priority;
      return p !== undefined && p !== 0 ? openaiError(500, 'Internal Server Error') : req;
    },
  }),

  // §7.2 continue_final_message with add_generation_prompt.
  defineFault({
    id: 'chat-completions.continue-with-generation-prompt-accepted',
    description:
      'continue_final_message and add_generation_prompt both true are accepted (add_generation_prompt dropped).',
    breaks: [ids.continueBoth],
    before: rewriteChatWhen(
      (b) => b.continue_final_message === true && b.add_generation_prompt === true,
      (b) => delete b.add_generation_prompt,
    ),
  }),
  defineFault({
    id: 'chat-completions.continue-final-message-alone-rejected',
    description:
      'continue_final_message true is refused unless add_generation_prompt is sent as false (the strict reading of §7.2).',
    breaks: [ids.continueAlone],
    before: (req) => {
      const b = chatBody(req);
      return b?.continue_final_message === true && b.add_generation_prompt !== false
        ? openaiError(
            400,
            'Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
            'continue_final_message',
          )
        : req;
    },
  }),

  // §8 seed.
  defineFault({
    id: 'chat-completions.seed-limited-to-safe-integers',
    description: 'A seed beyond ±(2^53-1) is refused with a 400 (the server parses it as a double).',
    breaks: [ids.seedInside],
    before: (req) => {
      const seed = isChat(req) ? rawInteger(req, 'seed') : undefined;
      return seed !== undefined && abs(seed) > BigInt(Number.MAX_SAFE_INTEGER)
        ? openaiError(400, 'seed must be a safe integer', 'seed')
        : req;
    },
  }),
  defineFault({
    id: 'chat-completions.seed-range-not-enforced',
    description: 'A seed beyond the §8 bound is accepted (replaced by 0).',
    breaks: [ids.seedBeyond],
    before: (req) => {
      const seed = isChat(req) ? rawInteger(req, 'seed') : undefined;
      return seed !== undefined && abs(seed) > PRINTED_BOUND ? replaceRawInteger(req, 'seed', '0') : req;
    },
  }),
  defineFault({
    id: 'chat-completions.seed-overflow-crashes',
    description: 'A seed beyond the signed 64-bit range overflows and answers 500.',
    breaks: [ids.seedBeyond, ids.seedSliver],
    before: (req) => {
      const seed = isChat(req) ? rawInteger(req, 'seed') : undefined;
      return seed !== undefined && abs(seed) > INT64_MAX ? openaiError(500, 'Internal Server Error') : req;
    },
  }),

  // §8 truncate_prompt_tokens.
  defineFault({
    id: 'chat-completions.truncate-minus-one-rejected',
    description: 'truncate_prompt_tokens -1 (the §8 lower bound) is refused.',
    breaks: [ids.truncate],
    before: (req) =>
      chatBody(req)?.truncate_prompt_tokens === -1
        ? openaiError(400, 'truncate_prompt_tokens must be >= 1', 'truncate_prompt_tokens')
        : req,
  }),
  defineFault({
    id: 'chat-completions.truncate-range-not-enforced',
    description: 'truncate_prompt_tokens outside -1..9223372036854776000 is accepted (clamped to -1).',
    breaks: [ids.truncate],
    before: (req) => {
      const v = isChat(req) ? rawInteger(req, 'truncate_prompt_tokens') : undefined;
      return v !== undefined && (v < -1n || v > PRINTED_BOUND)
        ? replaceRawInteger(req, 'truncate_prompt_tokens', '-1')
        : req;
    },
  }),

  // §4.1 enums.
  defineFault({
    id: 'chat-completions.tool-choice-not-enforced',
    description: 'tool_choice values other than "none" are accepted (dropped).',
    breaks: [ids.toolChoice],
    before: rewriteChatWhen(
      (b) => b.tool_choice !== undefined && b.tool_choice !== 'none',
      (b) => delete b.tool_choice,
    ),
  }),
  defineFault({
    id: 'chat-completions.reasoning-effort-not-enforced',
    description: 'reasoning_effort outside low/medium/high is accepted (dropped).',
    breaks: [ids.reasoningEffort],
    before: rewriteChatWhen(
      (b) => typeof b.reasoning_effort === 'string' && !['low', 'medium', 'high'].includes(b.reasoning_effort),
      (b) => delete b.reasoning_effort,
    ),
  }),
  defineFault({
    id: 'chat-completions.service-tier-outside-set',
    description: 'Responses carry service_tier "standard", outside the §4.1 set.',
    breaks: [ids.serviceTier],
    after: rewriteAnswer((body) => (body.service_tier = 'standard')),
  }),
  defineFault({
    id: 'chat-completions.messages-not-required',
    description: 'A request without messages is served with a default conversation.',
    breaks: [ids.messages],
    before: rewriteChatWhen(
      (b) => !('messages' in b),
      (b) => (b.messages = [{ role: 'user', content: 'Hello' }]),
    ),
  }),
  defineFault({
    id: 'chat-completions.trailing-slash-not-served',
    description: 'POST /v1/chat/completions/ answers 404.',
    breaks: [ids.trailingSlash],
    before: (req) => (req.method === 'POST' && req.path === '/v1/chat/completions/' ? routeNotFound() : req),
  }),

  // Semantics.
  defineFault({
    id: 'chat-completions.request-id-not-returned',
    description: "The caller's request_id is neither in the id, nor a request_id field, nor the x-request-id header.",
    breaks: [ids.requestId],
    after: (req, res) => {
      const out = rewriteAnswer((body) => {
        body.id = `chatcmpl-${randomUUID()}`;
        delete body.request_id;
      })(req, res);
      const { 'x-request-id': _dropped, ...headers } = out.headers;
      return { ...out, headers };
    },
  }),
  defineFault({
    id: 'chat-completions.choice-indices-from-one',
    description: 'Choice indices start at 1.',
    breaks: [ids.n],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) c.index = (c.index as number) + 1;
    }),
  }),
  defineFault({
    id: 'chat-completions.prompt-token-ids-miscounted',
    description: 'prompt_token_ids misses the first prompt token.',
    breaks: [ids.tokenIdsUsage],
    after: rewriteAnswer((body) => {
      if (Array.isArray(body.prompt_token_ids)) body.prompt_token_ids = body.prompt_token_ids.slice(1);
    }),
  }),
  defineFault({
    id: 'chat-completions.max-tokens-ignored',
    description: 'max_completion_tokens and max_tokens are ignored when ignore_eos is set (the output runs on).',
    breaks: [ids.maxTokens],
    before: rewriteChatWhen(
      (b) => b.ignore_eos === true,
      (b) => {
        delete b.max_completion_tokens;
        delete b.max_tokens;
      },
    ),
  }),
  defineFault({
    id: 'chat-completions.deprecated-max-tokens-ignored',
    description: 'The deprecated max_tokens is ignored (only max_completion_tokens bounds the output).',
    breaks: [ids.maxTokens],
    before: rewriteChatWhen(
      (b) => b.max_tokens !== undefined,
      (b) => {
        delete b.max_tokens;
        if (b.ignore_eos === true) b.max_completion_tokens = 64;
      },
    ),
  }),
  defineFault({
    id: 'chat-completions.length-reported-as-stop',
    description: 'A choice cut by the token bound reports finish_reason "stop".',
    breaks: [ids.maxTokens],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) if (c.finish_reason === 'length') c.finish_reason = 'stop';
    }),
  }),
  defineFault({
    id: 'chat-completions.logprobs-ignored',
    description: 'logprobs: true is accepted and ignored: every choice has logprobs null, streamed or not.',
    breaks: [ids.logprobs, `${ids.logprobs}.streamed`],
    after: (req, res) =>
      rewriteChunks<{ choices?: Choice[] }>((chunk) => {
        for (const c of chunk.choices ?? []) c.logprobs = null;
        return chunk;
      })(
        req,
        rewriteAnswer((body) => {
          for (const c of body.choices) c.logprobs = null;
        })(req, res),
      ),
  }),
  defineFault({
    id: 'chat-completions.top-logprobs-short',
    description: 'Each logprobs entry has one top_logprobs alternative fewer than asked.',
    breaks: [ids.logprobs],
    after: rewriteAnswer((body) => {
      for (const e of body.choices.flatMap((c) => c.logprobs?.content ?? []))
        if (Array.isArray(e.top_logprobs)) e.top_logprobs.pop();
    }),
  }),
  defineFault({
    id: 'chat-completions.logprobs-entry-missing',
    description: 'logprobs.content lacks the entry of the last generated token.',
    breaks: [ids.logprobs],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) c.logprobs?.content?.pop();
    }),
  }),
  defineFault({
    id: 'chat-completions.stop-string-kept',
    description: 'The matched stop string is left in the content although include_stop_str_in_output is false.',
    breaks: [ids.stop],
    before: rewriteChatWhen(
      (b) => Array.isArray(b.stop) && b.stop.length > 0,
      (b) => (b.include_stop_str_in_output = true),
    ),
  }),
  defineFault({
    id: 'chat-completions.reasoning-despite-include-false',
    description: 'include_reasoning: false is ignored: the reasoning is in the message.',
    breaks: [ids.reasoning],
    before: rewriteChatWhen(
      (b) => b.include_reasoning === false,
      (b) => delete b.include_reasoning,
    ),
  }),
  defineFault({
    id: 'chat-completions.echo-ignored',
    description: 'echo is ignored: the last message is not prepended.',
    breaks: [ids.echo],
    before: rewriteChatWhen(
      (b) => b.echo === true,
      (b) => delete b.echo,
    ),
  }),
  defineFault({
    id: 'chat-completions.seed-ignored',
    description: 'The seed is ignored: each request samples with a fresh random seed.',
    breaks: [ids.determinism],
    before: rewriteChatWhen(
      (b) => typeof b.seed === 'number',
      (b) => (b.seed = Math.floor(Math.random() * 2 ** 31)),
    ),
  }),
];
