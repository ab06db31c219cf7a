/**
 * @module §4.1 helpers shared by the chat-completion checks: send a request (JSON or a raw body),
 * and the two verdicts most checks start from, "answered with a valid completion" and "rejected
 * with a 4xx".
 */
import type { CheckContext } from '../../src/core/check.js';
import { fail, type FailOutcome, type SkipOutcome } from '../../src/core/result.js';
import { describeResponse, describeSchemaErrors } from '../../src/core/describe.js';
import { sizeClaimNote, sizeRefusalIn, sizeSkip } from '../../src/kit/context-window.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import type { HttpExchange } from '../../src/transport/types.js';

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

/**
 * The minimal request as JSON text with `field` written as the literal `literal` (an exact JSON
 * integer such as 9223372036854775807, which JSON.stringify of a JS number cannot produce).
 */
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

export const is2xx = (ex: HttpExchange): boolean => ex.response.status >= 200 && ex.response.status < 300;
export const is4xx = (ex: HttpExchange): boolean => ex.response.status >= 400 && ex.response.status < 500;

export type Completion = Record<string, unknown> & {
  choices: Array<Record<string, unknown>>;
  usage: Record<string, unknown>;
};

/**
 * A 2xx whose body is a valid §4.1 chat completion, or the failure saying why not. `what` names the
 * request in the failure ("a request with return_token_ids: true").
 *
 * The two failures the operation's root check also judges (an answer that is not 2xx, a 2xx whose
 * body breaks the response schema) are marked `precondition`: when the root fails the same way (the
 * same status and body, or the same schema errors), the runner reports this failure as blocked by
 * it (src/runner/cascades.ts); a 404 or a 4xx the root never saw stays this check's own failure.
 * An empty `choices` is not marked: the root's schema allows it, so it can restate nothing there.
 * A refusal for the request's size (a deployment's context window) is a skip that says so.
 */
export function expectCompletion(
  ctx: CheckContext,
  ex: HttpExchange,
  what: string,
): { ok: true; body: Completion } | { ok: false; outcome: FailOutcome | SkipOutcome } {
  if (!is2xx(ex)) {
    // Refused for its size by a small deployment: not judged (src/kit/context-window.ts).
    const tooLarge = sizeRefusalIn(ctx, ex);
    if (tooLarge) return { ok: false, outcome: sizeSkip(tooLarge, what) };
    return {
      ok: false,
      outcome: fail({
        expected: `${what} is valid (§4.1) and answered 2xx with a chat completion`,
        actual: `${describeResponse(ex)}${sizeClaimNote(ex.response.status, ex.response.bodyText, ex.request.body)}`,
        exchange: ex,
        precondition: 'chat.create',
      }),
    };
  }
  const v = ctx.schemas.validate('chat/chat-completion-response', ex.json);
  if (!v.ok) {
    return {
      ok: false,
      outcome: fail({
        expected: `the answer to ${what} is a §4.1 chat completion`,
        actual: ex.json === undefined ? describeResponse(ex) : describeSchemaErrors(v.errors),
        exchange: ex,
        precondition: 'chat.create',
      }),
    };
  }
  const body = ex.json as Completion;
  // The schema leaves `choices` open (it may be empty), but §1 states the service "returns one or
  // more generated completions (choices)". An answer with none is no completion at all, and every
  // per-choice property judged on it would hold vacuously: a FAIL here, for every caller.
  if (body.choices.length === 0) {
    return {
      ok: false,
      outcome: fail({
        expected: `the answer to ${what} carries at least one choice (§1: the service returns one or more generated completions)`,
        actual: `${describeResponse(ex)}: choices is empty`,
        exchange: ex,
      }),
    };
  }
  return { ok: true, body };
}

/** The URL a request to `path` goes to, built as the transport builds it (for resolving a Location). */
export function targetUrl(ctx: CheckContext, path: string): URL {
  return new URL(ctx.target.baseUrl.replace(/\/+$/, '') + path);
}

/** Fails unless the exchange is a 4xx (a 2xx accepts what must be refused; a 5xx is not a refusal). */
export function expectRejected(ex: HttpExchange, expected: string): FailOutcome | undefined {
  if (is4xx(ex)) return undefined;
  return fail({ expected, actual: describeResponse(ex), exchange: ex });
}

/** The text content of a choice's message ('' when absent or null). */
export function contentOf(choice: Record<string, unknown> | undefined): string {
  const message = choice?.message as Record<string, unknown> | undefined;
  return typeof message?.content === 'string' ? message.content : '';
}

/** A request id no server would produce by accident. */
export function uniqueRequestId(seed: number): string {
  return `conformance-${(seed >>> 0).toString(16)}-${Math.random().toString(16).slice(2, 10)}`;
}
