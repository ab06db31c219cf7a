/** @module §4.1 `POST /v1/chat/completions`: validated as vLLM does, then planned (or scripted) and answered. */
import { randomUUID } from 'node:crypto';
import { eventTails, sseHeaders, sseStream } from '../chat/stream.js';
import { completionHead, completionTail } from '../chat/completion.js';
import type { CachedChat } from '../chat/plan-cache.js';
import { contextRefusal } from '../chat/context-window.js';
import { fromPrefixCache, planCompletion, type ChatPlan } from '../chat/plan.js';
import { checkChatRules, type RuleViolation } from '../chat/rules.js';
import { chatReplyResponse } from '../scripts/chat-reply.js';
import type { ChatRequest } from '../chat/types.js';
import { openaiError, serializedJson } from '../errors.js';
import { bodyKey, readJsonObject } from '../http/body.js';
import { toOpenAI, validateInOrder } from '../http/validate.js';
import { registry, type SchemaName } from '../../src/schemas/registry.js';
import { goneOf } from '../exchange.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { RouteContext } from './types.js';

/** At most this many events of a streamed answer are cached. */
const MAX_CACHED_EVENTS = 1024;

export function createChatCompletion({ req, state, reply }: RouteContext): MockResponse | Promise<MockResponse> {
  const key = reply === undefined && isPlainJson(req) && req.body ? bodyKey(req.body) : undefined;
  const seen = key === undefined ? undefined : state.chatPlans.get(key);
  if (seen) return cachedAnswer(seen, req);
  const body = readJsonObject(req, 'openai');
  if (!body.ok) return body.response;
  const chat = body.value as unknown as ChatRequest;
  const rejection = rejectionOf(chat, state.options.priorityScheduling);
  if (rejection) return rejection;
  const { maxContextTokens, contextWording, tokenizer } = state.options;
  const tooLarge = contextRefusal(chat, maxContextTokens, contextWording, tokenizer);
  if (tooLarge) return tooLarge;
  // §4.1 request_id: the caller's value, or a random UUID; returned as `id: chatcmpl-<request_id>`.
  const requestId = chat.request_id ?? randomUUID();
  if (reply) return chatReplyResponse(reply, chat, requestId, req.signal, state.options.model);
  const plan = planCompletion(chat, requestId, state.options.model, tokenizer);
  const answer = (planned: ChatPlan | RuleViolation): MockResponse => {
    if ('message' in planned) return openaiError(400, planned.message, planned.param);
    if (chat.stream === true) {
      const size = planned.choices.reduce((n, c) => n + c.tokens.length + c.reasoningTokens.length + 2, 0);
      if (key === undefined || size > MAX_CACHED_EVENTS) return streamed(planned, requestId, req);
      const tails = [...eventTails(planned)];
      state.chatPlans.add(key, { chat, plan: planned, tail: tails });
      return streamed(planned, requestId, req, tails);
    }
    const tail = completionTail(planned);
    if (key !== undefined) state.chatPlans.add(key, { chat, plan: planned, tail });
    return serializedJson(200, completionHead(planned.id, planned.created) + tail, { 'x-request-id': requestId });
  };
  return plan instanceof Promise ? plan.then(answer) : answer(plan);
}

/** The answer to a body answered before, with its own id and time, its prompt served from the prefix cache. */
function cachedAnswer({ chat, plan, tail }: CachedChat, req: MockRequest): MockResponse {
  const requestId = chat.request_id ?? randomUUID();
  const created = Math.floor(Date.now() / 1000);
  if (typeof tail === 'string') {
    const head = completionHead(`chatcmpl-${requestId}`, created, chat.request_id === undefined);
    return serializedJson(200, head + fromPrefixCache(tail, plan), { 'x-request-id': requestId });
  }
  const tails = [...tail].map((t) => (t === null ? t : fromPrefixCache(t, plan)));
  return streamed({ ...plan, id: `chatcmpl-${requestId}`, created }, requestId, req, tails);
}

function streamed(plan: ChatPlan, requestId: string, req: MockRequest, tails?: Iterable<string | null>): MockResponse {
  return { status: 200, headers: sseHeaders(requestId), stream: sseStream(plan, goneOf(req), tails) };
}

/** A body declared as plain JSON (other media types take the full path). */
function isPlainJson(req: MockRequest): boolean {
  const type = req.headers['content-type'];
  return type === 'application/json' || type === 'application/json; charset=utf-8';
}

/** The request's 400 in vLLM's order: spec schema, rules, overlay (which includes the spec: one validation if it passes). */
function rejectionOf(chat: ChatRequest, priorityScheduling: boolean): MockResponse | undefined {
  const conforming = registry().validate('conventions/chat-completion-request', chat).ok;
  const specError = conforming ? undefined : schemaError('chat/chat-completion-request', chat);
  if (specError) return specError;
  const violation = checkChatRules(chat, { priorityScheduling });
  if (violation) return openaiError(400, violation.message, violation.param);
  return conforming ? undefined : schemaError('conventions/chat-completion-request', chat);
}

function schemaError(name: SchemaName, chat: ChatRequest): MockResponse | undefined {
  const errors = validateInOrder([name], chat);
  if (!errors) return undefined;
  const { message, param } = toOpenAI(errors);
  return openaiError(400, message, param);
}
