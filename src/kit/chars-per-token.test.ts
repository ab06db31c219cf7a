/**
 * Characters per token learned from what a real llama.cpp server said (issue 51): the `usage` of its
 * answers and the counts its refusals name, from fixtures/recordings/llama-cpp (a tiny vocabulary,
 * stories260K, 4 slots of 512 tokens; see its README).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckContext, ContextWindow } from '../core/check.js';
import { boundChatTokens, fitChatRequest } from '../generation/realistic/context-fit.js';
import { contextLimitOf } from '../rules/context-limit.js';
import type { HttpExchange } from '../transport/types.js';
import { learnFromAnswer, limitsOf, sizeClaimNote, sizeRefusalIn } from './context-window.js';

interface Recorded {
  readonly request: { readonly method: string; readonly url: string; readonly body: string };
  readonly response: { readonly status: number; readonly body: string };
}

/** The recorded exchanges of a fixture file, as the checks see an exchange. */
function recorded(file: 'answers' | 'refusals'): HttpExchange[] {
  const url = new URL(`../../fixtures/recordings/llama-cpp/${file}.jsonl`, import.meta.url);
  return readFileSync(url, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const { request, response } = JSON.parse(line) as Recorded;
      return {
        request: { method: request.method, url: request.url, headers: {}, body: request.body },
        response: { status: response.status, headers: {}, bodyText: response.body, truncated: false, durationMs: 1 },
        json: JSON.parse(response.body) as unknown,
      };
    });
}

function freshContext(): CheckContext & { contextWindow: ContextWindow } {
  return { target: {}, contextWindow: { tokens: undefined, source: 'none' } } as unknown as CheckContext & {
    contextWindow: ContextWindow;
  };
}

const requestOf = (ex: HttpExchange) => JSON.parse(ex.request.body!) as Record<string, unknown>;
const answers = recorded('answers');
const refusals = recorded('refusals');

describe("a tiny vocabulary's counts (llama.cpp, stories260K)", () => {
  it('the usage of its answers teaches about one character per token; the minimal request alone teaches nothing', () => {
    const ctx = freshContext();
    learnFromAnswer(ctx, answers[0]!);
    expect(ctx.contextWindow.charsPerToken).toBeUndefined();
    for (const ex of answers) learnFromAnswer(ctx, ex);
    expect(ctx.contextWindow.charsPerTokenSource).toBe('usage');
    expect(ctx.contextWindow.charsPerToken).toBeGreaterThan(0.9);
    expect(ctx.contextWindow.charsPerToken).toBeLessThan(1.1);
    expect(limitsOf(ctx.contextWindow)).toEqual({
      source: 'none',
      charsPerToken: Math.round(ctx.contextWindow.charsPerToken! * 100) / 100,
      charsPerTokenSource: 'usage',
    });
  });

  it('each refusal is a deployment limit: the window and the characters per token its count shows are learned', () => {
    for (const ex of refusals) {
      const ctx = freshContext();
      const refusal = sizeRefusalIn(ctx, ex);
      expect(refusal).toMatchObject({ window: 512, wording: 'llama.cpp' });
      expect(refusal!.promptTokens).toBeGreaterThan(512);
      expect(sizeClaimNote(ex.response.status, ex.response.bodyText, ex.request.body)).toBe('');
      expect(ctx.contextWindow).toMatchObject({ tokens: 512, source: 'learned', charsPerTokenSource: 'refusal' });
      expect(ctx.contextWindow.charsPerToken).toBeGreaterThan(1);
      // Its ChatML template leaves tools out of the prompt, which the suite counts: more characters a token then.
      expect(ctx.contextWindow.charsPerToken).toBeLessThan(requestOf(ex).tools ? 2 : 1.25);
    }
  });

  it("every count it gave is within the bound of one token per byte plus the template's", () => {
    for (const ex of answers) {
      const usage = (ex.json as { usage: { prompt_tokens: number } }).usage;
      expect(usage.prompt_tokens).toBeLessThanOrEqual(boundChatTokens(requestOf(ex)));
    }
    for (const ex of refusals) {
      const counted = contextLimitOf(ex.response.status, ex.response.bodyText)!.promptTokens!;
      expect(counted).toBeLessThanOrEqual(boundChatTokens(requestOf(ex)));
    }
  });

  it('a refused case fitted to the learned window at the learned ratio is one the engine would take', () => {
    for (const ex of refusals) {
      const ctx = freshContext();
      sizeRefusalIn(ctx, ex);
      const request = requestOf(ex);
      const fitted = fitChatRequest(request, 512, ctx.contextWindow.charsPerToken)!;
      // The engine's count of the fitted prompt, in proportion to its count of the refused one.
      const text = (b: Record<string, unknown>) =>
        JSON.stringify(b.messages).length + JSON.stringify(b.tools ?? '').length;
      const counted = contextLimitOf(400, ex.response.bodyText)!.promptTokens!;
      expect(Math.ceil((counted * text(fitted)) / text(request))).toBeLessThan(512);
    }
  });
});
