/** @module Planted faults for the chat-completions checks (§4.1, §7, §8): one rule of each broken. */
import { randomUUID } from 'node:crypto';
import { openaiError, routeNotFound } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import {
  chatBody,
  dropChatFields,
  ignoreChatField,
  isChat,
  type Json,
  rawText,
  refuseWhen,
  rewriteChatWhen,
  rewriteChunks,
  rewriteJsonAnswer,
  withText,
} from './rewrite.js';
import { faultTable, type Fault } from './types.js';

type Choice = Json & { message?: Json; logprobs?: { content?: Json[] } | null };

const rewriteAnswer = (rewrite: (body: Json & { choices: Choice[] }) => void) =>
  rewriteJsonAnswer<Json & { choices: Choice[] }>((req) => chatBody(req) !== undefined, rewrite);

/** A `before` that refuses a chat request whose body passes `when`, in vLLM's envelope. */
const refuseChat = (when: (body: Json) => unknown, status: number, message: string, param: string | null = null) =>
  refuseWhen(chatBody, when, () => openaiError(status, message, param));

/** The exact integer text of a top-level numeric field in the raw body (seed, truncate_prompt_tokens). */
function rawInteger(req: MockRequest, field: string): bigint | undefined {
  const m = new RegExp(`"${field}"\\s*:\\s*(-?\\d+)(?![.eE\\d])`).exec(rawText(req));
  return m ? BigInt(m[1]!) : undefined;
}
const replaceRawInteger = (req: MockRequest, field: string, value: string): MockRequest =>
  withText(req, rawText(req).replace(new RegExp(`("${field}"\\s*:\\s*)-?\\d+`), `$1${value}`));

/** A `before` for a chat request whose raw integer `field` passes `test` (exact beyond 2^53): replaced, or refused. */
const onRawInteger =
  (field: string, test: (v: bigint) => boolean, outcome: string | (() => MockResponse)) =>
  (req: MockRequest): MockRequest | MockResponse => {
    const v = isChat(req) ? rawInteger(req, field) : undefined;
    if (v === undefined || !test(v)) return req;
    return typeof outcome === 'string' ? replaceRawInteger(req, field, outcome) : outcome();
  };
const abs = (v: bigint): bigint => (v < 0n ? -v : v);
const PRINTED_BOUND = 9223372036854776000n;
const INT64_MAX = 9223372036854775807n;

const cc = (rule: string): string => `chat-completions.${rule}`;

/** A server that accepts a §4.1 field and ignores it, breaking the checks `rules`. */
const ignored = (field: string, consequence: string, ...rules: string[]): Omit<Fault, 'id'> => ({
  description: `${field} is ignored: ${consequence}`,
  breaks: rules.map(cc),
  before: ignoreChatField(field),
});

export const chatFaults: readonly Fault[] = faultTable({
  'chat-completions.usage-does-not-add-up': {
    description: 'Non-streamed chat completions report total_tokens = prompt_tokens + completion_tokens + 1.',
    breaks: [cc('usage-adds-up')],
    after: rewriteJsonAnswer<{ usage?: { total_tokens: number } }>(
      () => true,
      (body) => body.usage && body.usage.total_tokens++,
    ),
  },

  'chat-completions.n-ignored': ignored('n', 'one choice whatever was asked.', 'n-choices-indexed'),
  'chat-completions.token-ids-missing': ignored(
    'return_token_ids',
    'no token_ids, no prompt_token_ids.',
    'return-token-ids-per-choice',
    'return-token-ids-match-usage',
  ),
  'chat-completions.tokens-as-text-despite-token-ids': ignored(
    'return_tokens_as_token_ids',
    'logprobs tokens are text.',
    'tokens-as-token-ids',
  ),
  'chat-completions.min-tokens-ignored': ignored(
    'min_tokens',
    'a stop string ends the output before it.',
    'min-tokens-honoured',
  ),
  'chat-completions.include-stop-str-ignored': ignored(
    'include_stop_str_in_output',
    'the stop string is always cut.',
    'stop-strings-honoured',
  ),
  'chat-completions.structured-outputs-ignored': ignored(
    'structured_outputs',
    'free text whatever the constraint.',
    'structured-outputs-choice',
    'structured-outputs-regex',
    'structured-outputs-json',
  ),
  'chat-completions.response-format-ignored': ignored(
    'response_format',
    'free text instead of JSON.',
    'response-format-json-schema',
  ),

  'chat-completions.priority-field-rejected': {
    description: 'Any request carrying priority, even the default 0, is refused with a 400.',
    breaks: [cc('priority-follows-scheduling')],
    before: refuseChat((b) => b.priority !== undefined, 400, 'Unsupported field: priority', 'priority'),
  },
  'chat-completions.priority-crashes-scheduler': {
    description: 'A non-zero priority makes the scheduler fail with a 500, with or without priority scheduling.',
    breaks: [cc('priority-follows-scheduling')],
    before: refuseChat((b) => b.priority !== undefined && b.priority !== 0, 500, 'Internal Server Error'),
  },

  'chat-completions.continue-with-generation-prompt-accepted': {
    description:
      'continue_final_message and add_generation_prompt both true are accepted (add_generation_prompt dropped).',
    breaks: [cc('rejects-continue-with-generation-prompt')],
    before: dropChatFields(
      (b) => b.continue_final_message === true && b.add_generation_prompt === true,
      'add_generation_prompt',
    ),
  },
  'chat-completions.continue-final-message-alone-rejected': {
    description:
      'continue_final_message true is refused unless add_generation_prompt is sent as false (the strict reading of §7.2).',
    breaks: [cc('accepts-continue-final-message-alone')],
    before: refuseChat(
      (b) => b.continue_final_message === true && b.add_generation_prompt !== false,
      400,
      'Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
      'continue_final_message',
    ),
  },

  'chat-completions.seed-limited-to-safe-integers': {
    description: 'A seed beyond ±(2^53-1) is refused with a 400 (the server parses it as a double).',
    breaks: [cc('accepts-seed-within-int64')],
    before: onRawInteger(
      'seed',
      (v) => abs(v) > BigInt(Number.MAX_SAFE_INTEGER),
      () => openaiError(400, 'seed must be a safe integer', 'seed'),
    ),
  },
  'chat-completions.seed-range-not-enforced': {
    description: 'A seed beyond the §8 bound is accepted (replaced by 0).',
    breaks: [cc('rejects-seed-beyond-bound')],
    before: onRawInteger('seed', (v) => abs(v) > PRINTED_BOUND, '0'),
  },
  'chat-completions.seed-overflow-crashes': {
    description: 'A seed beyond the signed 64-bit range overflows and answers 500.',
    breaks: [cc('rejects-seed-beyond-bound'), cc('seed-between-int64-and-printed-bound')],
    before: onRawInteger(
      'seed',
      (v) => abs(v) > INT64_MAX,
      () => openaiError(500, 'Internal Server Error'),
    ),
  },

  'chat-completions.truncate-minus-one-rejected': {
    description: 'truncate_prompt_tokens -1 (the §8 lower bound) is refused.',
    breaks: [cc('truncate-prompt-tokens-range')],
    before: refuseChat(
      (b) => b.truncate_prompt_tokens === -1,
      400,
      'truncate_prompt_tokens must be >= 1',
      'truncate_prompt_tokens',
    ),
  },
  'chat-completions.truncate-range-not-enforced': {
    description: 'truncate_prompt_tokens outside -1..9223372036854776000 is accepted (clamped to -1).',
    breaks: [cc('truncate-prompt-tokens-range')],
    before: onRawInteger('truncate_prompt_tokens', (v) => v < -1n || v > PRINTED_BOUND, '-1'),
  },

  'chat-completions.tool-choice-not-enforced': {
    description: 'tool_choice values other than "none" are accepted (dropped).',
    breaks: [cc('tool-choice-only-none')],
    before: dropChatFields((b) => b.tool_choice !== undefined && b.tool_choice !== 'none', 'tool_choice'),
  },
  'chat-completions.reasoning-effort-not-enforced': {
    description: 'reasoning_effort outside low/medium/high is accepted (dropped).',
    breaks: [cc('reasoning-effort-enum')],
    before: dropChatFields(
      (b) => typeof b.reasoning_effort === 'string' && !['low', 'medium', 'high'].includes(b.reasoning_effort),
      'reasoning_effort',
    ),
  },
  'chat-completions.service-tier-outside-set': {
    description: 'Responses carry service_tier "standard", outside the §4.1 set.',
    breaks: [cc('service-tier-in-set')],
    after: rewriteAnswer((body) => (body.service_tier = 'standard')),
  },
  'chat-completions.messages-not-required': {
    description: 'A request without messages is served with a default conversation.',
    breaks: [cc('requires-messages')],
    before: rewriteChatWhen(
      (b) => !('messages' in b),
      (b) => (b.messages = [{ role: 'user', content: 'Hello' }]),
    ),
  },
  'chat-completions.trailing-slash-not-served': {
    description: 'POST /v1/chat/completions/ answers 404.',
    breaks: [cc('trailing-slash-path')],
    before: (req) => (req.method === 'POST' && req.path === '/v1/chat/completions/' ? routeNotFound() : req),
  },

  'chat-completions.request-id-not-returned': {
    description: "The caller's request_id is neither in the id, nor a request_id field, nor the x-request-id header.",
    breaks: [cc('returns-request-id')],
    after: (req, res) => {
      const out = rewriteAnswer((body) => {
        body.id = `chatcmpl-${randomUUID()}`;
        delete body.request_id;
      })(req, res);
      const { 'x-request-id': _dropped, ...headers } = out.headers;
      return { ...out, headers };
    },
  },
  'chat-completions.choice-indices-from-one': {
    description: 'Choice indices start at 1.',
    breaks: [cc('n-choices-indexed')],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) c.index = (c.index as number) + 1;
    }),
  },
  'chat-completions.prompt-token-ids-miscounted': {
    description: 'prompt_token_ids misses the first prompt token.',
    breaks: [cc('return-token-ids-match-usage')],
    after: rewriteAnswer((body) => {
      if (Array.isArray(body.prompt_token_ids)) body.prompt_token_ids = body.prompt_token_ids.slice(1);
    }),
  },
  'chat-completions.max-tokens-ignored': {
    description: 'max_completion_tokens and max_tokens are ignored when ignore_eos is set (the output runs on).',
    breaks: [cc('max-tokens-bound-completion')],
    before: dropChatFields((b) => b.ignore_eos === true, 'max_completion_tokens', 'max_tokens'),
  },
  'chat-completions.deprecated-max-tokens-ignored': {
    description: 'The deprecated max_tokens is ignored (only max_completion_tokens bounds the output).',
    breaks: [cc('max-tokens-bound-completion')],
    before: rewriteChatWhen(
      (b) => b.max_tokens !== undefined,
      (b) => {
        delete b.max_tokens;
        if (b.ignore_eos === true) b.max_completion_tokens = 64;
      },
    ),
  },
  'chat-completions.length-reported-as-stop': {
    description: 'A choice cut by the token bound reports finish_reason "stop".',
    breaks: [cc('max-tokens-bound-completion')],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) if (c.finish_reason === 'length') c.finish_reason = 'stop';
    }),
  },
  'chat-completions.logprobs-ignored': {
    description: 'logprobs: true is accepted and ignored: every choice has logprobs null, streamed or not.',
    breaks: [cc('logprobs-shape-and-counts'), cc('logprobs-shape-and-counts.streamed')],
    after: (req, res) => {
      const erase = (body: { choices?: Choice[] }) => {
        for (const c of body.choices ?? []) c.logprobs = null;
      };
      const answered = rewriteAnswer(erase)(req, res);
      return rewriteChunks<{ choices?: Choice[] }>((chunk) => {
        erase(chunk);
        return chunk;
      })(req, answered);
    },
  },
  'chat-completions.top-logprobs-short': {
    description: 'Each logprobs entry has one top_logprobs alternative fewer than asked.',
    breaks: [cc('logprobs-shape-and-counts')],
    after: rewriteAnswer((body) => {
      for (const e of body.choices.flatMap((c) => c.logprobs?.content ?? []))
        if (Array.isArray(e.top_logprobs)) e.top_logprobs.pop();
    }),
  },
  'chat-completions.logprobs-entry-missing': {
    description: 'logprobs.content lacks the entry of the last generated token.',
    breaks: [cc('logprobs-shape-and-counts')],
    after: rewriteAnswer((body) => {
      for (const c of body.choices) c.logprobs?.content?.pop();
    }),
  },
  'chat-completions.stop-string-kept': {
    description: 'The matched stop string is left in the content although include_stop_str_in_output is false.',
    breaks: [cc('stop-strings-honoured')],
    before: rewriteChatWhen(
      (b) => Array.isArray(b.stop) && b.stop.length > 0,
      (b) => (b.include_stop_str_in_output = true),
    ),
  },
  'chat-completions.reasoning-despite-include-false': {
    description: 'include_reasoning: false is ignored: the reasoning is in the message.',
    breaks: [cc('include-reasoning-false-omits-reasoning')],
    before: dropChatFields((b) => b.include_reasoning === false, 'include_reasoning'),
  },
  'chat-completions.echo-ignored': {
    description: 'echo is ignored: the last message is not prepended.',
    breaks: [cc('echo-prepends-last-message')],
    before: dropChatFields((b) => b.echo === true, 'echo'),
  },
  'chat-completions.seed-ignored': {
    description: 'The seed is ignored: each request samples with a fresh random seed.',
    breaks: [cc('seeded-determinism')],
    before: rewriteChatWhen(
      (b) => typeof b.seed === 'number',
      (b) => (b.seed = Math.floor(Math.random() * 2 ** 31)),
    ),
  },
});
