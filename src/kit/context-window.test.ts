import { describe, expect, it } from 'vitest';
import type { CheckContext, ContextWindow } from '../core/check.js';
import { estimateChatTokens } from '../generation/realistic/context-fit.js';
import type { HttpExchange } from '../transport/types.js';
import { sendChatWithin, sizeClaimNote, sizeRefusalIn } from './context-window.js';

/** A context that knows only what the kit reads: the target's flag and the run's window. */
function contextWith(flag?: number): CheckContext & { contextWindow: ContextWindow } {
  return {
    target: { maxContextTokens: flag },
    contextWindow: { tokens: flag, source: flag === undefined ? 'none' : 'flag' },
  } as unknown as CheckContext & { contextWindow: ContextWindow };
}

function exchange(status: number, bodyText: string, request: Record<string, unknown>): HttpExchange {
  return {
    request: { method: 'POST', url: 'http://t/v1/chat/completions', headers: {}, body: JSON.stringify(request) },
    response: { status, headers: {}, bodyText, truncated: false, durationMs: 1 },
    json: undefined,
  };
}

const vllmRefusal = (window: number, input: number) =>
  JSON.stringify({
    error: {
      message: `This model's maximum context length is ${window} tokens. However, your request has ${input} input tokens.`,
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
  });

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const large = {
  messages: [
    { role: 'system', content: words(60) },
    { role: 'user', content: words(40) },
    { role: 'assistant', content: words(40) },
    { role: 'user', content: 'Go on.' },
  ],
  max_completion_tokens: 16,
};

/** A target whose window is `window` tokens, counting `extra` tokens more than the estimate (its template). */
function smallTarget(window: number, extra = 0) {
  const sent: Record<string, unknown>[] = [];
  const send = async (body: Record<string, unknown>) => {
    sent.push(body);
    const counted = estimateChatTokens(body) + extra;
    return counted > window ? exchange(400, vllmRefusal(window, counted), body) : exchange(200, '{"choices":[]}', body);
  };
  return { sent, send };
}

describe('sizeRefusalIn', () => {
  it('takes a refusal naming a window the request reaches for a deployment limit, and learns the window', () => {
    const ctx = contextWith();
    const refusal = sizeRefusalIn(ctx, exchange(400, vllmRefusal(150, 300), large));
    expect(refusal).toMatchObject({ window: 150, wording: 'vllm', requestTokens: 300 });
    expect(ctx.contextWindow).toEqual({ tokens: 150, source: 'learned' });
  });

  it('does not take a window the request is nowhere near: nothing learned, and a failure says why', () => {
    const ctx = contextWith();
    const tiny = { messages: [{ role: 'user', content: 'Hi' }], max_completion_tokens: 8 };
    const ex = exchange(400, vllmRefusal(10_000, 10_240), tiny);
    expect(sizeRefusalIn(ctx, ex)).toBeUndefined();
    expect(ctx.contextWindow).toEqual({ tokens: undefined, source: 'none' });
    expect(sizeClaimNote(400, ex.response.bodyText, ex.request.body)).toMatch(
      /context window of 10000 tokens, which this request cannot reach: \d+ tokens at most \(it counts 10240\), one per byte of its text plus what a chat template may add: not a deployment limit/,
    );
  });

  it('keeps the flag unless the target names a smaller window', () => {
    const ctx = contextWith(4096);
    sizeRefusalIn(ctx, exchange(400, vllmRefusal(8192, 9000), { ...large, max_completion_tokens: 8000 }));
    expect(ctx.contextWindow).toEqual({ tokens: 4096, source: 'flag' });
    sizeRefusalIn(ctx, exchange(400, vllmRefusal(100, 200), large));
    expect(ctx.contextWindow).toEqual({ tokens: 100, source: 'learned' });
  });

  it('names nothing in a refusal that names no window', () => {
    const ctx = contextWith();
    const ex = exchange(400, '{"error":{"message":"top_logprobs must be set with logprobs"}}', large);
    expect(sizeRefusalIn(ctx, ex)).toBeUndefined();
    expect(sizeClaimNote(400, ex.response.bodyText, ex.request.body)).toBe('');
  });
});

describe('sendChatWithin', () => {
  it('sends a refused case again, smaller, within the window it learned; the next case is fitted first', async () => {
    const ctx = contextWith();
    const { sent, send } = smallTarget(100);
    const first = await sendChatWithin(ctx, large, send);
    expect(first.ok).toBe(true);
    expect(sent).toHaveLength(2);
    expect(estimateChatTokens(sent[1]!)).toBeLessThanOrEqual(100);
    // The refusal's count (its completion counted with the input) shows a little under 3 characters a token.
    expect(ctx.contextWindow).toMatchObject({ tokens: 100, source: 'learned', charsPerTokenSource: 'refusal' });
    const second = await sendChatWithin(ctx, large, send);
    expect(second.ok).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('goes below the window when the target counts more than the estimate (a template of its own)', async () => {
    const ctx = contextWith(100);
    const { sent, send } = smallTarget(100, 80);
    const r = await sendChatWithin(ctx, large, send);
    expect(r.ok).toBe(true);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThanOrEqual(4);
  });

  it('a case that cannot fit is not sent, and the reason says the window and where it came from', async () => {
    const ctx = contextWith(12);
    const { sent, send } = smallTarget(12);
    const r = await sendChatWithin(ctx, large, send);
    expect(sent).toHaveLength(0);
    expect(r).toEqual({
      ok: false,
      reason: expect.stringMatching(/cannot fit the context window of 12 tokens \(--max-context\)/),
    });
  });

  it('a case still refused for its size after a few smaller ones is not judged', async () => {
    const ctx = contextWith();
    const { sent, send } = smallTarget(100, 1_000);
    const r = await sendChatWithin(ctx, large, send);
    expect(r.ok).toBe(false);
    expect(sent.length).toBeLessThanOrEqual(4);
  });

  it('hands back a refusal that is no deployment limit, for the check to judge', async () => {
    const ctx = contextWith();
    const send = async (body: Record<string, unknown>) => exchange(400, vllmRefusal(10_000, 10_240), body);
    const r = await sendChatWithin(ctx, { messages: [{ role: 'user', content: 'Hi' }] }, send);
    expect(r.ok && r.ex.response.status).toBe(400);
    expect(ctx.contextWindow.source).toBe('none');
  });
});
