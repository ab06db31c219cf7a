import { expect, test } from 'vitest';
import { checkChatRules } from './rules.js';
import type { ChatRequest } from './types.js';

const base: ChatRequest = { messages: [{ role: 'user', content: 'hi' }] };
const check = (extra: Partial<ChatRequest>, priorityScheduling = false) =>
  checkChatRules({ ...base, ...extra }, { priorityScheduling });

test('a plain request breaks no rule', () => {
  expect(check({})).toBeUndefined();
});

test('§7.1 priority other than 0 is rejected unless priority scheduling is on', () => {
  expect(check({ priority: 1 })?.message).toContain('Priority scheduling is not enabled');
  expect(check({ priority: -3 })?.param).toBe('priority');
  expect(check({ priority: 0 })).toBeUndefined();
  expect(check({ priority: 5 }, true)).toBeUndefined();
});

test('§7.2 continue_final_message is rejected only together with an explicit add_generation_prompt true', () => {
  expect(check({ continue_final_message: true, add_generation_prompt: true })?.message).toContain('Cannot set both');
  expect(check({ continue_final_message: true })).toBeUndefined();
  expect(check({ continue_final_message: true, add_generation_prompt: false })).toBeUndefined();
});

test('stream_options needs stream unless it is empty', () => {
  expect(check({ stream_options: { include_usage: true } })?.message).toContain('stream=True');
  expect(check({ stream_options: { include_usage: false }, stream: false })?.param).toBe('stream_options');
  expect(check({ stream_options: {} })).toBeUndefined();
  expect(check({ stream_options: null })).toBeUndefined();
  expect(check({ stream_options: { include_usage: true }, stream: true })).toBeUndefined();
});

test('top_logprobs needs logprobs; prompt_logprobs cannot stream', () => {
  expect(check({ top_logprobs: 2 })?.message).toContain('`logprobs` must be set to true');
  expect(check({ top_logprobs: 0 })).toBeUndefined();
  expect(check({ top_logprobs: 2, logprobs: true })).toBeUndefined();
  expect(check({ prompt_logprobs: 1, stream: true })?.param).toBe('prompt_logprobs');
});

test('empty cache_salt, empty stop string, n>1 with greedy decoding and min_tokens above the max are rejected', () => {
  expect(check({ cache_salt: '' })?.message).toContain("'cache_salt' must be a non-empty string");
  expect(check({ stop: ['x', ''] })?.param).toBe('stop');
  expect(check({ n: 2, temperature: 0 })?.message).toContain('greedy');
  expect(check({ n: 2, temperature: 0.5 })).toBeUndefined();
  expect(check({ min_tokens: 5, max_tokens: 4 })?.param).toBe('min_tokens');
  expect(check({ min_tokens: 5, max_completion_tokens: 5 })).toBeUndefined();
});

test('structured_outputs needs exactly one kind and a non-empty choice', () => {
  expect(check({ structured_outputs: { regex: 'a', choice: ['b'] } })?.message).toContain('multiple');
  expect(check({ structured_outputs: {} })?.message).toContain('none');
  expect(check({ structured_outputs: { choice: [] } })?.param).toBe('structured_outputs.choice');
  expect(check({ structured_outputs: { choice: ['a'] } })).toBeUndefined();
});

test('response_format json_schema needs json_schema', () => {
  expect(check({ response_format: { type: 'json_schema' } })?.param).toBe('response_format');
  expect(check({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {} } } })).toBeUndefined();
});

test('repetition_detection sizes are checked; all zero means disabled', () => {
  expect(check({ repetition_detection: {} })).toBeUndefined();
  expect(
    check({ repetition_detection: { max_pattern_size: 2, min_pattern_size: 3, min_count: 2 } })?.message,
  ).toContain('min_pattern_size');
  expect(check({ repetition_detection: { max_pattern_size: 2, min_count: 1 } })?.message).toContain('min_count');
  expect(check({ repetition_detection: { max_pattern_size: -1 } })?.param).toBe('repetition_detection');
  expect(check({ repetition_detection: { max_pattern_size: 3, min_pattern_size: 1, min_count: 2 } })).toBeUndefined();
});
