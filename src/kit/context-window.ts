/**
 * @module Positive chat cases kept within the deployment's context window (§8 leaves size limits not
 * shown): fitted before sending, made smaller when refused for size, a skip when they cannot fit.
 *
 * A refusal counts as a deployment limit only when the request can reach the window it names: its size
 * estimated from above is at least half the window (the other half for a chat template's own prompt),
 * or the window is the user's or one a larger version of the case was refused for.
 */
import { DEPLOYMENT_LIMIT } from '../core/gaps.js';
import type { CheckContext, ContextWindow, TargetConfig } from '../core/check.js';
import type { RunReport } from '../core/report.js';
import { skip, type SkipOutcome } from '../core/result.js';
import { estimateChatTokens, fitChatRequest } from '../generation/realistic/context-fit.js';
import { contextLimitOf, type ContextLimitWording } from '../rules/context-limit.js';
import type { HttpExchange } from '../transport/types.js';

/** The share of a named window a request must reach, by the estimate, for its refusal to be a limit. */
const PLAUSIBLE_SHARE = 0.5;
/** Smaller cases sent after a refusal for size, at most. */
const MAX_REDRAWS = 3;
/** Each smaller case's budget, as a share of the refused one's estimate (when that already fit the window). */
const SHRINK = 0.75;

/** A refusal for size that is a deployment limit. */
export interface SizeRefusal {
  readonly window: number;
  /** The refused request's size by the suite's estimate, in tokens. */
  readonly estimate: number;
  /** The tokens the target counted, when it said. */
  readonly requestTokens: number | undefined;
  readonly wording: ContextLimitWording;
}

/** A run's context window as it starts: the target's `--max-context`, or none (the checks may learn it). */
export function contextWindowOf(target: TargetConfig): ContextWindow {
  const tokens = target.maxContextTokens;
  return { tokens, source: tokens !== undefined ? 'flag' : 'none' };
}

/** The window a run used, for its report. */
export function limitsOf(window: ContextWindow): NonNullable<RunReport['limits']> {
  return { ...(window.tokens !== undefined ? { contextTokens: window.tokens } : {}), source: window.source };
}

/** The context window the run knows: learned from the target, else `--max-context`; undefined: none. */
export function knownWindow(ctx: CheckContext): number | undefined {
  return ctx.contextWindow?.tokens ?? ctx.target.maxContextTokens;
}

/** Where the window the run knows came from, in words for a skip reason. */
function sourceWords(ctx: CheckContext): string {
  const source = ctx.contextWindow?.source ?? (ctx.target.maxContextTokens !== undefined ? 'flag' : 'none');
  return source === 'flag' ? '--max-context' : source === 'learned' ? "learned from the target's refusal" : 'unknown';
}

/** A request body sent as JSON text, read back as an object (undefined when it is not one). */
function bodyOf(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What a refusal's claim is: a deployment limit, a claim the request does not bear out, or no claim. */
type SizeClaim = { readonly kind: 'limit' | 'implausible'; readonly refusal: SizeRefusal } | { readonly kind: 'none' };

function claimOf(status: number, bodyText: string, requestText: string | undefined): SizeClaim {
  const named = contextLimitOf(status, bodyText);
  const request = bodyOf(requestText);
  if (!named || named.window === undefined || !request) return { kind: 'none' };
  const estimate = estimateChatTokens(request);
  const refusal = { window: named.window, estimate, requestTokens: named.requestTokens, wording: named.wording };
  return { kind: estimate < named.window * PLAUSIBLE_SHARE ? 'implausible' : 'limit', refusal };
}

/** Keeps a window the target named, when the run knew none or a larger one. */
function learn(ctx: CheckContext, window: number): void {
  const held = ctx.contextWindow;
  if (held && (held.tokens === undefined || window < held.tokens)) {
    held.tokens = window;
    held.source = 'learned';
  }
}

/** The refusal for size of a chat request, when it is a deployment limit (its window is then learned). */
export function sizeRefusalOf(
  ctx: CheckContext,
  status: number,
  bodyText: string,
  requestText: string | undefined,
): SizeRefusal | undefined {
  const claim = claimOf(status, bodyText, requestText);
  if (claim.kind !== 'limit') return undefined;
  learn(ctx, claim.refusal.window);
  return claim.refusal;
}

/** {@link sizeRefusalOf} of a buffered exchange. */
export function sizeRefusalIn(ctx: CheckContext, ex: HttpExchange): SizeRefusal | undefined {
  return sizeRefusalOf(ctx, ex.response.status, ex.response.bodyText, ex.request.body);
}

/** Why a refusal naming a window the request does not reach is not taken for a deployment limit ('' if none). */
export function sizeClaimNote(status: number, bodyText: string, requestText: string | undefined): string {
  const claim = claimOf(status, bodyText, requestText);
  return claim.kind === 'implausible'
    ? ` (it names a context window of ${claim.refusal.window} tokens, which this request, about ${claim.refusal.estimate} tokens at most, does not come near: not a deployment limit)`
    : '';
}

/** The skip of a case the target refused for its size: what it named, what was sent. */
export function sizeSkip(refusal: SizeRefusal, what: string): SkipOutcome {
  return skip(sizeSkipReason(refusal, what));
}

function sizeSkipReason(r: SizeRefusal, what: string): string {
  const counted = r.requestTokens !== undefined ? `, counted ${r.requestTokens} tokens by the target` : '';
  return `${what} was refused for its size: the target's context window is ${r.window} tokens (in ${r.wording}'s words) and the request is about ${r.estimate} tokens by the suite's estimate${counted}. ${DEPLOYMENT_LIMIT} (§8 leaves size limits not shown), not a failure: nothing judged`;
}

function cannotFitReason(ctx: CheckContext, what: string, budget: number, body: Record<string, unknown>): string {
  return `${what} cannot fit the context window of ${knownWindow(ctx) ?? budget} tokens (${sourceWords(ctx)}), even with earlier turns dropped, a one-token completion, its tools left out and its last message cut: about ${estimateChatTokens(body)} tokens by the suite's estimate. ${DEPLOYMENT_LIMIT}, not a failure: nothing judged`;
}

/** A positive chat case sent within the window, or why it was not judged. */
export type WithinWindow =
  | { readonly ok: true; readonly ex: HttpExchange; readonly body: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/** Sends a positive chat case within the run's context window (see the module comment); not ok when it cannot fit. */
export async function sendChatWithin(
  ctx: CheckContext,
  body: Record<string, unknown>,
  send: (body: Record<string, unknown>) => Promise<HttpExchange>,
  what = 'a valid chat request',
): Promise<WithinWindow> {
  let budget = knownWindow(ctx);
  let current = body;
  /** The window the user gave, or the one a refusal of this case named once taken for a deployment limit. */
  let established = ctx.target.maxContextTokens;
  for (let attempt = 0; ; attempt++) {
    if (budget !== undefined) {
      const fitted = fitChatRequest(current, budget);
      if (!fitted) return { ok: false, reason: cannotFitReason(ctx, what, budget, current) };
      current = fitted;
    }
    const ex = await send(current);
    // A case refused naming the window the user gave, or the one its larger self established, is
    // refused for its size however small (the target counts more than the estimate: a chat
    // template's own prompt).
    const claim = claimOf(ex.response.status, ex.response.bodyText, ex.request.body);
    const refusal =
      claim.kind === 'limit' || (claim.kind === 'implausible' && claim.refusal.window === established)
        ? claim.refusal
        : undefined;
    if (!refusal) return { ok: true, ex, body: current };
    learn(ctx, refusal.window);
    established = refusal.window;
    if (attempt >= MAX_REDRAWS)
      return { ok: false, reason: `${sizeSkipReason(refusal, what)}, after ${MAX_REDRAWS} smaller cases` };
    // Smaller: within the window named, and below what was refused when its estimate already fit it
    // (the target counts more than the estimate: a chat template's own prompt).
    budget = Math.min(refusal.window, Math.floor(refusal.estimate * SHRINK));
  }
}

/** `body` fitted to the run's known window, or the skip's reason, for a case not sent by {@link sendChatWithin}. */
export function fitToWindow(ctx: CheckContext, body: Record<string, unknown>, what = 'a valid chat request'): Fitted {
  const window = knownWindow(ctx);
  if (window === undefined) return { ok: true, body };
  const fitted = fitChatRequest(body, window);
  return fitted ? { ok: true, body: fitted } : { ok: false, reason: cannotFitReason(ctx, what, window, body) };
}

/** A case fitted to the window, or why it cannot be. */
export type Fitted =
  | { readonly ok: true; readonly body: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

/** The context window a run starts with, in words for its start line. */
export function describeContextWindow(flag: number | undefined): string {
  return flag !== undefined
    ? `context window ${flag} tokens (--max-context): chat cases kept within it`
    : 'context window not known (--max-context to set it): learned from the first refusal that names it';
}
