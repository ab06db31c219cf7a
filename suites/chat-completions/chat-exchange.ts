/** @module §4.1 helpers of the chat checks: send a request, judge a completion or a 4xx rejection. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, type FailOutcome, type SkipOutcome } from '../../src/core/result.js';
import { describeResponse, describeSchemaErrors } from '../../src/core/describe.js';
import { learnFromAnswer, sizeClaimNote, sizeRefusalIn, sizeSkip } from '../../src/kit/context-window.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import type { HttpExchange } from '../../src/transport/types.js';
import { is2xx, is4xx } from '../../src/core/values.js';

/** The §4.1 path (optionally the trailing-slash variant of the spec's request example). */
export function chatPath(ctx: CheckContext, trailingSlash = false): string {
  const path = pathOf(ctx.target, 'chat.create');
  return trailingSlash ? `${path}/` : path;
}

/** POSTs the minimal chat request merged with `extra` (a key set to `undefined` is left out). */
export function sendChat(
  ctx: CheckContext,
  extra: Record<string, unknown> = {},
  opts: { trailingSlash?: boolean } = {},
): Promise<HttpExchange> {
  return ctx.http.send({
    method: 'POST',
    path: chatPath(ctx, opts.trailingSlash),
    json: minimalChatRequest(ctx.target, extra),
  });
}

/** POSTs a raw JSON text as is (for integers beyond what a JS number holds exactly). */
export function sendRawChat(ctx: CheckContext, body: string): Promise<HttpExchange> {
  return ctx.http.send({ method: 'POST', path: chatPath(ctx), body, headers: { 'content-type': 'application/json' } });
}

/** The minimal request as JSON text with `field` written as `literal` (an exact integer beyond a JS number). */
export function rawChatBody(
  ctx: CheckContext,
  field: string,
  literal: string,
  extra: Record<string, unknown> = {},
): string {
  const marker = '"__conformance_literal__"';
  return JSON.stringify(minimalChatRequest(ctx.target, { ...extra, [field]: '__conformance_literal__' })).replace(
    marker,
    literal,
  );
}

export type Completion = Record<string, unknown> & {
  choices: Array<Record<string, unknown>>;
  usage: Record<string, unknown>;
};

/** A valid §4.1 completion, or why not; failures the root check also judges are marked `precondition`. */
export function expectCompletion(
  ctx: CheckContext,
  ex: HttpExchange,
  what: string,
): { ok: true; body: Completion } | { ok: false; outcome: FailOutcome | SkipOutcome } {
  const bad = (expected: string, actual: string, precondition?: 'chat.create') => ({
    ok: false as const,
    outcome: fail({ expected, actual, exchange: ex, ...(precondition ? { precondition } : {}) }),
  });
  if (!is2xx(ex.response.status)) {
    const tooLarge = sizeRefusalIn(ctx, ex);
    if (tooLarge) return { ok: false, outcome: sizeSkip(tooLarge, what) };
    return bad(
      `${what} is valid (§4.1) and answered 2xx with a chat completion`,
      `${describeResponse(ex)}${sizeClaimNote(ex.response.status, ex.response.bodyText, ex.request.body)}`,
      'chat.create',
    );
  }
  const v = ctx.schemas.validate('chat/chat-completion-response', ex.json);
  if (!v.ok)
    return bad(
      `the answer to ${what} is a §4.1 chat completion`,
      ex.json === undefined ? describeResponse(ex) : describeSchemaErrors(v.errors),
      'chat.create',
    );
  const body = ex.json as Completion;
  learnFromAnswer(ctx, ex);
  // §1: the service "returns one or more generated completions (choices)"; with none, every
  // per-choice property would hold vacuously.
  if (body.choices.length === 0)
    return bad(
      `the answer to ${what} carries at least one choice (§1: the service returns one or more generated completions)`,
      `${describeResponse(ex)}: choices is empty`,
    );
  return { ok: true, body };
}

/** The URL a request to `path` goes to, built as the transport builds it (for resolving a Location). */
export function targetUrl(ctx: CheckContext, path: string): URL {
  return new URL(ctx.target.baseUrl.replace(/\/+$/, '') + path);
}

/** The failure to meet `expected`, shown by the answer `ex` itself. */
export const failAnswer = (ex: HttpExchange, expected: string): FailOutcome =>
  fail({ expected, actual: describeResponse(ex), exchange: ex });

/** Fails unless the exchange is a 4xx (a 2xx accepts what must be refused; a 5xx is not a refusal). */
export function expectRejected(ex: HttpExchange, expected: string): FailOutcome | undefined {
  return is4xx(ex.response.status) ? undefined : failAnswer(ex, expected);
}

export function contentOf(choice: Record<string, unknown> | undefined): string {
  const message = choice?.message as Record<string, unknown> | undefined;
  return typeof message?.content === 'string' ? message.content : '';
}

/** A request id no server would produce by accident. */
export function uniqueRequestId(seed: number): string {
  return `conformance-${(seed >>> 0).toString(16)}-${Math.random().toString(16).slice(2, 10)}`;
}
