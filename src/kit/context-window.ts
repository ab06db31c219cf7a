/**
 * @module Positive chat cases kept within the deployment's context window (§8 leaves size limits not
 * shown): fitted before sending, made smaller when refused for size, a skip when they cannot fit.
 *
 * A case's size is estimated at the deployment's characters per token once its own counts show them
 * (the `usage` of earlier answers, the tokens a refusal counts), at 3 until then. A refusal counts as a
 * deployment limit only when the request can reach the window it names: its size bound from above,
 * one token per UTF-8 byte plus what a chat template may add, is at least the window; or the window is
 * the user's or one a larger version of the case was refused for (decisions/0011).
 */
import { DEPLOYMENT_LIMIT } from '../core/gaps.js';
import type { CharsPerTokenSource, CheckContext, ContextWindow, TargetConfig } from '../core/check.js';
import type { RunReport } from '../core/report.js';
import { skip, type SkipOutcome } from '../core/result.js';
import {
  boundChatTokens,
  CHARS_PER_TOKEN,
  charsPerTokenOf,
  estimateChatTokens,
  fitChatRequest,
} from '../generation/realistic/context-fit.js';
import { contextLimitOf, type ContextLimitWording } from '../rules/context-limit.js';
import type { HttpExchange } from '../transport/types.js';
import { is2xx, jsonObjectOf } from '../core/values.js';

/** Smaller cases sent after a refusal for size, at most. */
const MAX_REDRAWS = 3;
/** Each smaller case's budget, as a share of the refused one's estimate (when that already fit the window). */
const SHRINK = 0.75;

/** A refusal for size that is a deployment limit. */
export interface SizeRefusal {
  readonly window: number;
  /** The refused request's size by the suite's estimate, in tokens. */
  readonly estimate: number;
  /** The most tokens the refused request can take (one per byte, and the template's). */
  readonly bound: number;
  /** The tokens the target counted, when it said. */
  readonly requestTokens: number | undefined;
  /** Of those, the prompt's, when it said. */
  readonly promptTokens: number | undefined;
  readonly wording: ContextLimitWording;
}

/** A run's context window as it starts: the target's `--max-context`, or none (the checks may learn it). */
export function contextWindowOf(target: TargetConfig): ContextWindow {
  const tokens = target.maxContextTokens;
  return { tokens, source: tokens !== undefined ? 'flag' : 'none' };
}

/** The window a run used, and the characters per token it learned, for its report. */
export function limitsOf(window: ContextWindow): NonNullable<RunReport['limits']> {
  const ratio = window.charsPerToken;
  return {
    ...(window.tokens !== undefined ? { contextTokens: window.tokens } : {}),
    source: window.source,
    ...(ratio !== undefined
      ? { charsPerToken: Math.round(ratio * 100) / 100, charsPerTokenSource: window.charsPerTokenSource ?? 'usage' }
      : {}),
  };
}

/** What a check knows of the run's window (a constraint case's context holds less than a check's). */
type WindowContext = Pick<CheckContext, 'target'> & Partial<Pick<CheckContext, 'contextWindow'>>;

/** The context window the run knows: learned from the target, else `--max-context`; undefined: none. */
function knownWindow(ctx: WindowContext): number | undefined {
  return ctx.contextWindow?.tokens ?? ctx.target.maxContextTokens;
}

/** The characters per token a case's size is estimated at: the deployment's once learned, else the suite's 3. */
function charsPerTokenIn(ctx: Partial<Pick<CheckContext, 'contextWindow'>>): number {
  return ctx.contextWindow?.charsPerToken ?? CHARS_PER_TOKEN;
}

/** The generators' options that keep a chat case within the known window, at the known characters per token. */
export function windowOptions(ctx: WindowContext): { maxContextTokens?: number; charsPerToken?: number } {
  const window = knownWindow(ctx);
  return window === undefined ? {} : { maxContextTokens: window, charsPerToken: charsPerTokenIn(ctx) };
}

/** Below the characters per token the run holds by less than this share, a prompt's is the same (rounding, not a tokenizer). */
const SAME_RATIO = 0.95;

/** Keeps the characters per token `request`'s prompt shows, counted `promptTokens`, when fewer than the run held. */
function learnCharsPerToken(
  held: ContextWindow | undefined,
  request: Record<string, unknown>,
  promptTokens: number,
  from: CharsPerTokenSource,
): void {
  const shown = charsPerTokenOf(request, promptTokens);
  if (!held || shown === undefined || shown >= (held.charsPerToken ?? CHARS_PER_TOKEN) * SAME_RATIO) return;
  held.charsPerToken = shown;
  held.charsPerTokenSource = from;
}

/** Learns the deployment's characters per token from a 2xx chat answer's `usage.prompt_tokens` against its prompt. */
export function learnFromAnswer(ctx: CheckContext, ex: HttpExchange): void {
  if (!is2xx(ex.response.status)) return;
  const usage = (ex.json as { usage?: { prompt_tokens?: unknown } } | undefined)?.usage;
  const tokens = usage?.prompt_tokens;
  const request = jsonObjectOf(ex.request.body);
  if (typeof tokens === 'number' && tokens > 0 && request)
    learnCharsPerToken(ctx.contextWindow, request, tokens, 'usage');
}

/** Where the window the run knows came from, in words for a skip reason. */
function sourceWords(ctx: CheckContext): string {
  const source = ctx.contextWindow?.source ?? (ctx.target.maxContextTokens !== undefined ? 'flag' : 'none');
  return source === 'flag' ? '--max-context' : source === 'learned' ? "learned from the target's refusal" : 'unknown';
}

/** What a refusal's claim is: a deployment limit, a claim the request cannot bear out, or no claim. */
type SizeClaim =
  | { readonly kind: 'limit' | 'implausible'; readonly refusal: SizeRefusal; readonly request: Record<string, unknown> }
  | { readonly kind: 'none' };

function claimOf(status: number, bodyText: string, requestText: string | undefined, charsPerToken: number): SizeClaim {
  const named = contextLimitOf(status, bodyText);
  const request = jsonObjectOf(requestText);
  if (!named || named.window === undefined || !request) return { kind: 'none' };
  const refusal = {
    window: named.window,
    estimate: estimateChatTokens(request, charsPerToken),
    bound: boundChatTokens(request),
    requestTokens: named.requestTokens,
    promptTokens: named.promptTokens,
    wording: named.wording,
  };
  return { kind: refusal.bound < named.window ? 'implausible' : 'limit', refusal, request };
}

/** Keeps a window the target named, when the run knew none or a larger one, and the characters per token its count shows. */
function learn(ctx: CheckContext, claim: Extract<SizeClaim, { kind: 'limit' | 'implausible' }>): void {
  const held = ctx.contextWindow;
  const { window, promptTokens } = claim.refusal;
  if (held && (held.tokens === undefined || window < held.tokens)) {
    held.tokens = window;
    held.source = 'learned';
  }
  if (promptTokens !== undefined) learnCharsPerToken(held, claim.request, promptTokens, 'refusal');
}

/** The refusal for size of a chat request, when it is a deployment limit (its window is then learned). */
export function sizeRefusalOf(
  ctx: CheckContext,
  status: number,
  bodyText: string,
  requestText: string | undefined,
): SizeRefusal | undefined {
  const claim = claimOf(status, bodyText, requestText, charsPerTokenIn(ctx));
  if (claim.kind !== 'limit') return undefined;
  learn(ctx, claim);
  return claim.refusal;
}

/** {@link sizeRefusalOf} of a buffered exchange. */
export function sizeRefusalIn(ctx: CheckContext, ex: HttpExchange): SizeRefusal | undefined {
  return sizeRefusalOf(ctx, ex.response.status, ex.response.bodyText, ex.request.body);
}

/** Why a refusal naming a window the request cannot reach is not taken for a deployment limit ('' if none). */
export function sizeClaimNote(status: number, bodyText: string, requestText: string | undefined): string {
  const claim = claimOf(status, bodyText, requestText, CHARS_PER_TOKEN);
  if (claim.kind !== 'implausible') return '';
  const { window, bound, requestTokens } = claim.refusal;
  const counted = requestTokens !== undefined ? ` (it counts ${requestTokens})` : '';
  return ` (it names a context window of ${window} tokens, which this request cannot reach: ${bound} tokens at most${counted}, one per byte of its text plus what a chat template may add: not a deployment limit)`;
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
  const ratio = charsPerTokenIn(ctx);
  return `${what} cannot fit the context window of ${knownWindow(ctx) ?? budget} tokens (${sourceWords(ctx)}), even with earlier turns dropped, a one-token completion, its tools left out and its last message cut: about ${estimateChatTokens(body, ratio)} tokens by the suite's estimate (${Math.round(ratio * 100) / 100} characters per token). ${DEPLOYMENT_LIMIT}, not a failure: nothing judged`;
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
      const fitted = fitChatRequest(current, budget, charsPerTokenIn(ctx));
      if (!fitted) return { ok: false, reason: cannotFitReason(ctx, what, budget, current) };
      current = fitted;
    }
    const ex = await send(current);
    learnFromAnswer(ctx, ex);
    // A case refused naming the window the user gave, or the one its larger self established, is
    // refused for its size however small (the target counts more than the bound: a long template).
    const claim = claimOf(ex.response.status, ex.response.bodyText, ex.request.body, charsPerTokenIn(ctx));
    const limit = claim.kind === 'limit' || (claim.kind === 'implausible' && claim.refusal.window === established);
    if (claim.kind === 'none' || !limit) return { ok: true, ex, body: current };
    learn(ctx, claim);
    established = claim.refusal.window;
    if (attempt >= MAX_REDRAWS)
      return { ok: false, reason: `${sizeSkipReason(claim.refusal, what)}, after ${MAX_REDRAWS} smaller cases` };
    // Smaller: within the window named, and below what was refused, estimated at the characters per
    // token now known (the refusal's own count teaches them).
    budget = Math.min(claim.refusal.window, Math.floor(estimateChatTokens(current, charsPerTokenIn(ctx)) * SHRINK));
  }
}

/** `body` fitted to the run's known window, or the skip's reason, for a case not sent by {@link sendChatWithin}. */
export function fitToWindow(ctx: CheckContext, body: Record<string, unknown>, what = 'a valid chat request'): Fitted {
  const window = knownWindow(ctx);
  if (window === undefined) return { ok: true, body };
  const fitted = fitChatRequest(body, window, charsPerTokenIn(ctx));
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
