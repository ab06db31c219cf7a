/** @module Minimal valid chat answers for judges fed by hand: a whole completion, and one streamed event. */

/** A chat completion (`chat.completion`) answering "hi", as JSON text. */
export const COMPLETION_TEXT = JSON.stringify({
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** One `data:` event of a chat stream carrying `content`; `extra` adds or replaces top-level fields. */
export const chunkEvent = (content: string, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
    ...extra,
  })}\n\n`;
