import { expect, test } from 'vitest';
import { promptLength, renderPrompt } from './prompt.js';

const messages = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hello there' },
];

test('each message is wrapped in role and end tokens, then the generation prompt', () => {
  expect(renderPrompt({ messages }).map((t) => t.text)).toEqual([
    '<|system|>',
    'Be',
    ' brief',
    '.',
    '<|end|>',
    '<|user|>',
    'Hello',
    ' there',
    '<|end|>',
    '<|assistant|>',
  ]);
});

test('continue_final_message leaves the last message open with no generation prompt', () => {
  const texts = renderPrompt({
    messages: [...messages, { role: 'assistant', content: 'Sure' }],
    continue_final_message: true,
  }).map((t) => t.text);
  expect(texts.slice(-2)).toEqual(['<|assistant|>', 'Sure']);
});

test('add_special_tokens adds a BOS and add_generation_prompt false drops the prompt', () => {
  const texts = renderPrompt({ messages, add_special_tokens: true, add_generation_prompt: false }).map((t) => t.text);
  expect(texts[0]).toBe('<s>');
  expect(texts.at(-1)).toBe('<|end|>');
});

test('truncate_prompt_tokens keeps the last k tokens; -1 and 0 keep all', () => {
  expect(renderPrompt({ messages, truncate_prompt_tokens: 3 }).map((t) => t.text)).toEqual([
    ' there',
    '<|end|>',
    '<|assistant|>',
  ]);
  expect(renderPrompt({ messages, truncate_prompt_tokens: -1 })).toHaveLength(10);
  expect(renderPrompt({ messages, truncate_prompt_tokens: 0 })).toHaveLength(10);
  expect(renderPrompt({ messages, truncate_prompt_tokens: 9223372036854776000 })).toHaveLength(10);
});

test('content-part arrays contribute their text parts', () => {
  const texts = renderPrompt({
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'image_url' }] }],
  }).map((t) => t.text);
  expect(texts).toEqual(['<|user|>', 'Hi', '<|end|>', '<|assistant|>']);
});

test('promptLength counts what renderPrompt builds, for every template option', () => {
  const cases = [
    { messages },
    { messages, add_special_tokens: true, add_generation_prompt: false },
    { messages: [...messages, { role: 'assistant', content: 'Sure, 1234 things…' }], continue_final_message: true },
    { messages: [{ role: 'tool', content: [{ type: 'text', text: 'émoji 🎉' }] }] },
    ...[-1, 0, 1, 3, 9, 10, 11].map((k) => ({ messages, truncate_prompt_tokens: k })),
  ];
  for (const req of cases) expect(promptLength(req)).toBe(renderPrompt(req).length);
});
