/**
 * @module Planted faults for the checks of meaning (issue 15) and their controls (issue 13): a
 * server that always echoes, counts the prompt once per choice, returns logprobs tokens that are
 * not the text, streams an error it knew before generating, crashes on the odd inputs real servers
 * crash on, leaks a traceback, or sends an OpenAI error envelope with nothing but a message.
 */
import { internalError, jsonResponse } from '../errors.js';
import { familyOf } from '../http/family.js';
import type { MockRequest, MockResponse } from '../types.js';
import { chatBody, DONE_EVENT, isChat, rawText, rewriteChatWhen, rewriteChunks, rewriteEvents, rewriteJsonAnswer, sseFrame, type Json } from './rewrite.js';
import { defineFault, type Fault } from './types.js';

type LogprobsChoice = Json & { logprobs?: { content?: Json[] } | null };
type UsageChunk = { choices?: unknown[]; usage?: { completion_tokens: number } & Json };

const ids = {
  echo: 'chat-completions.echo-prepends-last-message',
  promptOnce: 'chat-completions.prompt-tokens-once-for-n',
  logprobsJoin: 'chat-completions.logprobs-tokens-join-to-content',
  logprobsOrder: 'chat-completions.logprobs-bytes-and-order',
  stop: 'chat-completions.stop-strings-honoured',
  preGeneration: 'streaming.pre-generation-error-is-http-4xx',
  continuousUsage: 'streaming.continuous-usage-non-decreasing',
  streamedCount: 'streaming.token-count-matches-non-streamed',
  errorEvent: 'streaming.no-error-event',
  envelope: 'errors.error-body-shape.chat-create',
  never5xx: (slug: string) => `errors.never-5xx-on-odd-input.${slug}`,
  internals: (slug: string) => `errors.error-message-without-internals.${slug}`,
} as const;

const BODY_ROUTES = [/^\/v1\/chat\/completions\/?$/, /^\/v1\/preview\/training-jobs$/, /^\/v1\/preview\/models\/[^/]+\/log$/];
const isBodyRoute = (req: MockRequest): boolean => req.method === 'POST' && BODY_ROUTES.some((re) => re.test(req.path));
const isClientError = (status: number): boolean => status >= 400 && status < 500;
/** A NUL byte, as JSON escapes it in a request body. */
const hasNul = (req: MockRequest): boolean => rawText(req).includes('\\u0000');

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/app/server/routes.py", line 88, in create',
  '    request = Request.parse_obj(body)',
  'pydantic.error_wrappers.ValidationError: 1 validation error',
].join('\n');

/** The logprobs tokens of a choice replaced by tokens that are not its text. */
function scrambleTokens(choice: LogprobsChoice | undefined): void {
  choice?.logprobs?.content?.forEach((e, i) => (e.token = `<t${i}>`));
}

export const semanticsFaults: readonly Fault[] = [
  defineFault({
    id: 'semantics.always-echoes',
    description: 'The last message is echoed in front of the content whenever it is the assistant\'s, echo or not.',
    breaks: [ids.echo, `${ids.echo}.streamed`],
    before: rewriteChatWhen((b) => Array.isArray(b.messages) && (b.messages.at(-1) as Json | undefined)?.role === 'assistant', (b) => (b.echo = true)),
  }),
  defineFault({
    id: 'semantics.prompt-tokens-per-choice',
    description: 'With n > 1, usage.prompt_tokens counts the prompt once per choice (total adjusted).',
    breaks: [ids.promptOnce],
    after: rewriteJsonAnswer<Json & { usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } }>(isChat, (body, req) => {
      const n = chatBody(req)?.n;
      if (typeof n !== 'number' || n <= 1 || !body.usage) return;
      body.usage.prompt_tokens *= n;
      body.usage.total_tokens = body.usage.prompt_tokens + body.usage.completion_tokens;
    }),
  }),
  defineFault({
    id: 'semantics.logprobs-tokens-unrelated',
    description: 'Non-streamed logprobs.content tokens are placeholders, not the generated text.',
    breaks: [ids.logprobsJoin],
    after: rewriteJsonAnswer<{ choices?: LogprobsChoice[] }>(isChat, (body) => body.choices?.forEach(scrambleTokens)),
  }),
  defineFault({
    id: 'semantics.logprobs-tokens-unrelated-streamed',
    description: 'Streamed logprobs.content tokens are placeholders, not the generated text.',
    breaks: [`${ids.logprobsJoin}.streamed`],
    after: rewriteChunks<{ choices?: LogprobsChoice[] }>((chunk) => (chunk.choices?.forEach(scrambleTokens), chunk)),
  }),
  defineFault({
    id: 'semantics.top-logprobs-unsorted',
    description: 'top_logprobs are listed least likely first.',
    breaks: [ids.logprobsOrder],
    after: rewriteJsonAnswer<{ choices?: LogprobsChoice[] }>(isChat, (body) =>
      body.choices?.forEach((c) => c.logprobs?.content?.forEach((e) => Array.isArray(e.top_logprobs) && e.top_logprobs.reverse()))),
  }),
  defineFault({
    id: 'semantics.logprobs-bytes-not-utf8',
    description: 'logprobs bytes are not the token\'s UTF-8 (each code point shifted by one, as a broken detokenizer would).',
    breaks: [ids.logprobsOrder],
    after: rewriteJsonAnswer<{ choices?: LogprobsChoice[] }>(isChat, (body) =>
      body.choices?.forEach((c) => c.logprobs?.content?.forEach((e) => (e.bytes = [...String(e.token)].map((ch) => ch.codePointAt(0)! + 1))))),
  }),
  defineFault({
    id: 'semantics.stop-reason-wrong',
    description: 'An output cut by a stop string reports finish_reason "length" and stop_reason null.',
    breaks: [ids.stop],
    after: rewriteJsonAnswer<{ choices?: Json[] }>(isChat, (body) =>
      body.choices?.forEach((c) => typeof c.stop_reason === 'string' && ((c.finish_reason = 'length'), (c.stop_reason = null)))),
  }),
  defineFault({
    id: 'semantics.stop-strings-ignored',
    description: 'Stop strings are ignored: every answer runs to the token bound (a constant length).',
    breaks: [ids.stop],
    before: rewriteChatWhen((b) => b.stop !== undefined, (b) => delete b.stop),
  }),
  defineFault({
    id: 'semantics.stream-errors-as-events',
    description: 'A streamed request the server refuses is answered 200 with an error event and [DONE].',
    breaks: [ids.preGeneration],
    after: (req, res) =>
      chatBody(req)?.stream === true && isClientError(res.status)
        ? { status: 200, headers: { 'content-type': 'text/event-stream' }, stream: (async function* () { yield sseFrame(res.json); yield DONE_EVENT; })() }
        : res,
  }),
  defineFault({
    id: 'semantics.continuous-usage-ignored',
    description: 'stream_options.continuous_usage_stats is accepted and ignored: usage only in the final chunk.',
    breaks: [ids.continuousUsage],
    after: rewriteChunks<UsageChunk>((chunk) => {
      if (chunk.choices?.length) delete chunk.usage;
      return chunk;
    }),
  }),
  defineFault({
    id: 'semantics.continuous-usage-counts-down',
    description: 'With continuous_usage_stats, each chunk reports the tokens left to the bound, not those generated: the count goes down.',
    breaks: [ids.continuousUsage],
    after: rewriteChunks<UsageChunk>((chunk, i) => {
      if (chunk.choices?.length && chunk.usage) chunk.usage.completion_tokens = Math.max(0, 64 - i);
      return chunk;
    }),
  }),
  defineFault({
    id: 'semantics.streamed-token-ids-doubled',
    description: 'Each streamed content chunk repeats its token_ids twice (a detokenizer that re-sends its window).',
    breaks: [ids.streamedCount],
    after: rewriteChunks<{ choices?: (Json & { token_ids?: number[] | null })[] }>((chunk) => {
      chunk.choices?.forEach((c) => Array.isArray(c.token_ids) && (c.token_ids = [...c.token_ids, ...c.token_ids]));
      return chunk;
    }),
  }),
  defineFault({
    id: 'semantics.old-style-error-event',
    description: 'A stream breaks off with the older vLLM flat error payload `{"object": "error", ...}` after the first chunk.',
    breaks: [ids.errorEvent],
    after: rewriteEvents((event, i) =>
      i === 1 ? [event, sseFrame({ object: 'error', message: 'The engine died', type: 'InternalServerError', param: null, code: 500 })] : event,
    ),
  }),
  defineFault({
    id: 'semantics.error-envelope-message-only',
    description: 'Chat errors are `{error: {message}}`: no type, param or code.',
    breaks: [ids.envelope],
    after: rewriteJsonAnswer<{ error?: Json }>(isChat, (body) => body.error && (body.error = { message: body.error.message }), isClientError),
  }),
  defineFault({
    id: 'semantics.nul-byte-crash',
    description: 'A NUL byte in a chat request makes the tokenizer fail with a 500.',
    breaks: [ids.never5xx('chat-create')],
    before: (req) => (isChat(req) && hasNul(req) ? internalError('openai') : req),
  }),
  defineFault({
    id: 'semantics.junk-in-trajectory-crash',
    description: 'A NUL byte or nested junk in a trajectory makes the preview endpoints fail with a 500.',
    breaks: [ids.never5xx('training-jobs-create'), ids.never5xx('trajectories-log')],
    before: (req) => (isBodyRoute(req) && !isChat(req) && hasNul(req) ? internalError('fastapi') : req),
  }),
  defineFault({
    id: 'semantics.huge-offset-crash',
    description: 'A list parameter beyond 64 bits (a huge limit or offset) overflows and answers 500.',
    breaks: [ids.never5xx('predictions-list'), ids.never5xx('scores-list')],
    before: (req) => (req.method === 'GET' && [...req.query.values()].some((v) => /^\d{16,}$/.test(v)) ? internalError(familyOf(req.path)) : req),
  }),
  defineFault({
    id: 'semantics.traceback-in-errors',
    description: 'Every refusal of a body carries the server\'s Python traceback in its message.',
    breaks: ['chat-create', 'training-jobs-create', 'trajectories-log'].map(ids.internals),
    after: (req, res): MockResponse => (isBodyRoute(req) && isClientError(res.status) ? jsonResponse(res.status, withTraceback(res.json)) : res),
  }),
];

/** The error body with the traceback appended to its message, whatever its shape. */
function withTraceback(json: unknown): unknown {
  const body = structuredClone(json) as Json;
  const error = body.error as Json | undefined;
  if (error) error.message = `${String(error.message)}\n${TRACEBACK}`;
  else if (Array.isArray(body.detail)) (body.detail as Json[]).forEach((d) => (d.msg = `${String(d.msg)}\n${TRACEBACK}`));
  else body.detail = `${String(body.detail ?? '')}\n${TRACEBACK}`;
  return body;
}
