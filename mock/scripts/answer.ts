/** @module How a script answers: a raw reply as written, a chat reply through the mock's checks, then timing. */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { familyError } from '../errors.js';
import { familyOf } from '../http/family.js';
import { isEventStream, type Pace, shapeAnswer } from '../stream-shaping.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { ChatReply, RawReply, ReplyTiming, ResolvedReply } from './types.js';

export interface ScriptedAnswerContext {
  /** The mock's core (routing, checks, the route), given the chat reply to render. */
  core(req: MockRequest, reply?: ChatReply): MockResponse | Promise<MockResponse>;
  readonly pace: Pace | undefined;
}

function rawResponse(reply: RawReply, req: MockRequest): MockResponse {
  const status = reply.status ?? 200;
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined) {
    if (status < 400) return { status, headers };
    const error = familyError(familyOf(req.path), status, STATUS_CODES[status] ?? 'Error');
    return { ...error, headers: { ...error.headers, ...headers } };
  }
  if (typeof reply.body === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    return { status, headers, body: reply.body };
  }
  headers['content-type'] ??= 'application/json';
  return { status, headers, json: reply.body };
}

/** The pacing of a reply's answer: its own `ttft_ms`/`itl_ms` (any stream), else the mock's (event streams). */
function paceOf(reply: ReplyTiming, res: MockResponse, pace: Pace | undefined): Pace | undefined {
  if (reply.ttft_ms !== undefined || reply.itl_ms !== undefined)
    return { ttftMs: reply.ttft_ms ?? pace?.ttftMs ?? 0, itlMs: reply.itl_ms ?? pace?.itlMs ?? 0 };
  return pace && isEventStream(res) ? pace : undefined;
}

export async function answerScripted(
  resolved: ResolvedReply,
  req: MockRequest,
  ctx: ScriptedAnswerContext,
): Promise<MockResponse> {
  const { reply } = resolved;
  if (reply.delay_ms) {
    // A client gone during the wait reads nothing of the answer: it is made all the same.
    await sleep(reply.delay_ms, undefined, req.signal ? { signal: req.signal } : undefined).catch(() => {});
  }
  const res =
    resolved.kind === 'raw'
      ? rawResponse(resolved.reply, req)
      : await ctx.core(req, resolved.kind === 'chat' ? resolved.reply : undefined);
  return shapeAnswer(res, paceOf(reply, res, ctx.pace), reply.cut_after_events, req.signal);
}
