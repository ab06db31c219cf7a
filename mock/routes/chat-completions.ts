/**
 * @module §4.1 `POST /v1/chat/completions`: validation as vLLM does it (spec schema, then the
 * cross-field rules with vLLM's wording, then the convention overlay; every failure a 400 in the
 * OpenAI envelope), then a planned completion answered as JSON or as Server-Sent Events.
 */
import { randomUUID } from 'node:crypto';
import { sseStream } from '../chat/stream.js';
import { completionBody } from '../chat/completion.js';
import { planCompletion } from '../chat/plan.js';
import { checkChatRules } from '../chat/rules.js';
import type { ChatRequest } from '../chat/types.js';
import { jsonResponse, openaiError } from '../errors.js';
import { readJsonObject } from '../http/body.js';
import { toOpenAI, validateInOrder } from '../http/validate.js';
import type { MockResponse } from '../types.js';
import type { RouteContext } from './types.js';

export async function createChatCompletion({ req, state }: RouteContext): Promise<MockResponse> {
  const body = readJsonObject(req, 'openai');
  if (!body.ok) return body.response;
  const specErrors = validateInOrder(['chat/chat-completion-request'], body.value);
  if (specErrors) {
    const { message, param } = toOpenAI(specErrors);
    return openaiError(400, message, param);
  }
  const chat = body.value as unknown as ChatRequest;
  const violation = checkChatRules(chat, { priorityScheduling: state.options.priorityScheduling });
  if (violation) return openaiError(400, violation.message, violation.param);
  const overlayErrors = validateInOrder(['conventions/chat-completion-request'], body.value);
  if (overlayErrors) {
    const { message, param } = toOpenAI(overlayErrors);
    return openaiError(400, message, param);
  }
  // §4.1 request_id: the caller's value, or a random UUID; returned as `id: chatcmpl-<request_id>`.
  const requestId = chat.request_id ?? randomUUID();
  const plan = await planCompletion(chat, requestId);
  if ('message' in plan) return openaiError(400, plan.message, plan.param);
  if (chat.stream === true) {
    return {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-request-id': requestId },
      stream: sseStream(plan, req.signal),
    };
  }
  return jsonResponse(200, completionBody(plan), { 'x-request-id': requestId });
}
