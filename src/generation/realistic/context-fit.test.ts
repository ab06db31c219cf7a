import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyFieldChatRequests, realisticChatRequest } from './chat-request.js';
import { estimateChatTokens, fitChatRequest } from './context-fit.js';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const conversation = {
  messages: [
    { role: 'system', content: words(40) },
    { role: 'user', content: words(30) },
    { role: 'assistant', content: words(30) },
    { role: 'user', content: 'And now?' },
  ],
  max_completion_tokens: 64,
  n: 2,
};

describe('estimateChatTokens', () => {
  it('counts text at three characters a token, the template per message, and the completion once per choice', () => {
    const body = { messages: [{ role: 'user', content: 'x'.repeat(30) }], max_completion_tokens: 10, n: 3 };
    // 8 for the request, 4 + 10 for the message, 10 × 3 for the completions.
    expect(estimateChatTokens(body)).toBe(8 + 14 + 30);
  });

  it("counts the tools' definitions and max_tokens when max_completion_tokens is absent", () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const bare = { messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 };
    expect(estimateChatTokens({ ...bare, tools })).toBe(
      estimateChatTokens(bare) + Math.ceil(JSON.stringify(tools).length / 3),
    );
    expect(estimateChatTokens(bare)).toBe(8 + 4 + 1 + 5);
  });
});

describe('fitChatRequest', () => {
  it('leaves a request that fits as it is', () => {
    expect(fitChatRequest(conversation, 10_000)).toBe(conversation);
  });

  it('drops the instruction first, then earlier turns in pairs, keeping the last user turn', () => {
    const all = estimateChatTokens(conversation);
    const withoutInstruction = fitChatRequest(conversation, all - 10)!;
    expect(withoutInstruction.messages).toEqual(conversation.messages.slice(1));
    const lastTurn = fitChatRequest(conversation, estimateChatTokens({ ...conversation, messages: [] }) + 10)!;
    expect(lastTurn.messages).toEqual([{ role: 'user', content: 'And now?' }]);
    expect(lastTurn.max_completion_tokens).toBe(64);
  });

  it('then asks for a smaller completion, max_tokens and min_tokens following', () => {
    const body = { ...conversation, max_tokens: 64, min_tokens: 50 };
    const fitted = fitChatRequest(body, 60)!;
    expect(fitted.messages).toEqual([{ role: 'user', content: 'And now?' }]);
    expect(estimateChatTokens(fitted)).toBeLessThanOrEqual(60);
    expect(fitted.max_completion_tokens).toBeLessThan(64);
    expect(fitted.max_tokens).toBe(fitted.max_completion_tokens);
    expect(fitted.min_tokens).toBeLessThanOrEqual(fitted.max_completion_tokens as number);
  });

  it("keeps a prefill's partial assistant message and the user turn before it", () => {
    const prefill = {
      messages: [...conversation.messages, { role: 'assistant', content: 'Sure, then' }],
      continue_final_message: true,
      max_completion_tokens: 4,
    };
    const fitted = fitChatRequest(prefill, 40)!;
    expect(fitted.messages).toEqual(prefill.messages.slice(-2));
  });

  it('leaves the tools out (with their tool_choice) when a smaller completion is not enough', () => {
    const tools = [{ type: 'function', function: { name: 'lookup', description: words(60) } }];
    const body = { messages: [{ role: 'user', content: 'Hi' }], tools, tool_choice: 'none', max_completion_tokens: 4 };
    const fitted = fitChatRequest(body, 40)!;
    expect(fitted).toEqual({ messages: body.messages, max_completion_tokens: 4 });
  });

  it('cuts the last message at a word when nothing else is left to drop', () => {
    const long = { messages: [{ role: 'user', content: words(100) }], max_completion_tokens: 1 };
    const fitted = fitChatRequest(long, 50)!;
    expect(estimateChatTokens(fitted)).toBeLessThanOrEqual(50);
    const text = (fitted.messages as { content: string }[])[0]!.content;
    expect(words(100).startsWith(text)).toBe(true);
    expect(text.endsWith(' ')).toBe(false);
  });

  it('is undefined when even one word and one token do not fit', () => {
    expect(fitChatRequest({ messages: [{ role: 'user', content: 'hello there' }], max_completion_tokens: 8 }, 10)).toBe(
      undefined,
    );
  });
});

describe('the realistic generators within a window', () => {
  it('every drawn request fits the window by the estimate', () => {
    const window = 120;
    const drawn = fc.sample(realisticChatRequest({ model: 'm', maxCompletionTokens: 64, maxContextTokens: window }), {
      seed: 7,
      numRuns: 300,
    });
    const unbounded = fc.sample(realisticChatRequest({ model: 'm', maxCompletionTokens: 64 }), {
      seed: 7,
      numRuns: 300,
    });
    // The bound bites: without it, many of the same draws exceed the window.
    expect(unbounded.filter((b) => estimateChatTokens(b) > window).length).toBeGreaterThan(50);
    expect(drawn.filter((b) => estimateChatTokens(b) > window)).toEqual([]);
    for (const seed of [1, 2, 3])
      for (const b of everyFieldChatRequests({ model: 'm', maxCompletionTokens: 64, maxContextTokens: 400 }, seed))
        expect(estimateChatTokens(b)).toBeLessThanOrEqual(400);
  });
});
