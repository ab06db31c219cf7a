import { describe, expect, test } from 'vitest';
import {
  completionBoundBreach,
  completionBoundShown,
  echoBreach,
  echoShown,
  forbiddenAcceptedBreach,
  minTokensBreach,
  minTokensShown,
  nChoicesBreach,
  nChoicesShown,
  reasoningOmittedBreach,
  requestIdBreach,
  stopStringsBreach,
  stopStringsShown,
  tokenIdsMatchUsageBreach,
  tokenIdsMatchUsageShown,
  tokenIdsPerChoiceBreach,
  tokenIdsShown,
} from './chat-answer.js';

const choice = (index: number, content = 'a b c', extra: Record<string, unknown> = {}) => ({
  index,
  message: { role: 'assistant', content },
  finish_reason: 'stop',
  ...extra,
});
const completion = (choices: unknown[], completionTokens = 3, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  choices,
  usage: { prompt_tokens: 5, completion_tokens: completionTokens, total_tokens: 5 + completionTokens },
  ...extra,
});

describe('n choices', () => {
  test('n choices indexed 0..n-1 hold, in any order; n absent asks for one', () => {
    expect(nChoicesBreach({ n: 2 }, completion([choice(1), choice(0)]))).toBeUndefined();
    expect(nChoicesBreach({}, completion([choice(0)]))).toBeUndefined();
  });
  test('too few choices, or indices not from 0, break it', () => {
    expect(nChoicesBreach({ n: 3 }, completion([choice(0)]))).toMatch(/^1 choice\(s\) with indices \[0\] where n: 3/);
    expect(nChoicesBreach({ n: 2 }, completion([choice(1), choice(2)]))).toMatch(/indices \[1,2\]/);
  });
  test('an n that is not a positive integer is not shown', () => {
    expect(nChoicesShown({ n: 0 })).toBe(false);
    expect(nChoicesShown({ n: '2' })).toBe(false);
    expect(nChoicesShown({})).toBe(true);
  });
});

describe('completion bound', () => {
  test('completion_tokens above the bound breaks it; max_completion_tokens wins over max_tokens', () => {
    expect(completionBoundBreach({ max_completion_tokens: 2 }, completion([choice(0)], 5))).toMatch(
      /completion_tokens 5 where max_completion_tokens is 2/,
    );
    expect(
      completionBoundBreach({ max_completion_tokens: 8, max_tokens: 2 }, completion([choice(0)], 5)),
    ).toBeUndefined();
    expect(completionBoundBreach({ max_tokens: 2 }, completion([choice(0)], 5))).toMatch(/max_tokens is 2/);
  });
  test('with ignore_eos and nothing else to end it, reaching the bound ends with "length"', () => {
    const atBound = completion([choice(0)], 4);
    expect(completionBoundBreach({ max_tokens: 4, ignore_eos: true }, atBound)).toMatch(/finish_reason "stop"/);
    expect(completionBoundBreach({ max_tokens: 4 }, atBound)).toBeUndefined();
    expect(completionBoundBreach({ max_tokens: 4, ignore_eos: true, stop: ['x'] }, atBound)).toBeUndefined();
    const length = completion([choice(0, 'a', { finish_reason: 'length' })], 4);
    expect(completionBoundBreach({ max_tokens: 4, ignore_eos: true }, length)).toBeUndefined();
  });
  test('shown on one choice with usage only (usage counts every choice)', () => {
    expect(completionBoundShown({ max_tokens: 4 }, completion([choice(0)]))).toBe(true);
    expect(completionBoundShown({ max_tokens: 4 }, completion([choice(0), choice(1)]))).toBe(false);
    expect(completionBoundShown({ max_tokens: 4 }, { choices: [choice(0)] })).toBe(false);
    expect(completionBoundShown({}, completion([choice(0)]))).toBe(false);
  });
});

describe('min_tokens', () => {
  test('fewer tokens than min_tokens per choice break it', () => {
    expect(minTokensBreach({ min_tokens: 4 }, completion([choice(0)], 1))).toMatch(
      /completion_tokens 1 for 1 choice.*min_tokens 4 asks at least 4/,
    );
    expect(minTokensBreach({ min_tokens: 4 }, completion([choice(0)], 4))).toBeUndefined();
    // Two choices: usage sums them, so 4 + 1 tokens break min_tokens 4 though the total passes 4.
    expect(minTokensBreach({ min_tokens: 4 }, completion([choice(0), choice(1)], 5))).toMatch(/at least 8/);
    expect(minTokensBreach({ min_tokens: 4 }, completion([choice(0), choice(1)], 8))).toBeUndefined();
  });
  test('shown only when every choice finished with "stop"', () => {
    expect(minTokensShown({ min_tokens: 4 }, completion([choice(0)], 1))).toBe(true);
    expect(minTokensShown({ min_tokens: 4 }, completion([choice(0, 'a', { finish_reason: 'length' })], 1))).toBe(false);
    expect(minTokensShown({ min_tokens: 0 }, completion([choice(0)], 1))).toBe(false);
    expect(minTokensShown({ min_tokens: 4 }, completion([choice(0), choice(1)], 1))).toBe(true);
    expect(
      minTokensShown({ min_tokens: 4 }, completion([choice(0), choice(1, 'a', { finish_reason: 'length' })], 1)),
    ).toBe(false);
  });
});

describe('stop strings', () => {
  test('a stop string in the content breaks it, unless include_stop_str_in_output', () => {
    expect(stopStringsBreach({ stop: [' '] }, completion([choice(0, 'a b')]))).toMatch(/contains the stop string " "/);
    expect(stopStringsBreach({ stop: 'b' }, completion([choice(0, 'a')]))).toBeUndefined();
    expect(
      stopStringsBreach({ stop: [' '], include_stop_str_in_output: true }, completion([choice(0, 'a b')])),
    ).toBeUndefined();
  });
  test('with include_stop_str_in_output, a choice stopped by a string ends with it', () => {
    const req = { stop: ['b'], include_stop_str_in_output: true };
    expect(stopStringsBreach(req, completion([choice(0, 'a', { stop_reason: 'b' })]))).toMatch(/does not end with it/);
    expect(stopStringsBreach(req, completion([choice(0, 'ab', { stop_reason: 'b' })]))).toBeUndefined();
  });
  test('not shown when echo or min_tokens put text the stop strings never saw, or no content', () => {
    const c = completion([choice(0, 'a b')]);
    expect(stopStringsShown({ stop: [' '] }, c)).toBe(true);
    expect(stopStringsShown({ stop: [' '], echo: true }, c)).toBe(false);
    expect(stopStringsShown({ stop: [' '], min_tokens: 3 }, c)).toBe(false);
    expect(stopStringsShown({ stop: [' '] }, completion([choice(0, '')]))).toBe(false);
    expect(stopStringsShown({ stop: [] }, c)).toBe(false);
  });
});

describe('request_id', () => {
  test('returned in the id, a request_id field or the x-request-id header', () => {
    expect(requestIdBreach({ request_id: 'r1' }, { id: 'chatcmpl-r1' }, {})).toBeUndefined();
    expect(requestIdBreach({ request_id: 'r1' }, { id: 'x', request_id: 'r1' }, {})).toBeUndefined();
    expect(requestIdBreach({ request_id: 'r1' }, { id: 'x' }, { 'x-request-id': 'r1' })).toBeUndefined();
    expect(requestIdBreach({ request_id: 'r1' }, { id: 'x' }, {})).toMatch(/request_id "r1" nowhere/);
    expect(requestIdBreach({}, { id: 'x' }, {})).toBeUndefined();
  });
});

describe('§7.2 forbidden request', () => {
  const forbidden = { continue_final_message: true, add_generation_prompt: true };
  test('anything but a 4xx accepts it', () => {
    expect(forbiddenAcceptedBreach(forbidden, 200)).toMatch(/^HTTP 200 to a request with continue_final_message/);
    expect(forbiddenAcceptedBreach(forbidden, 400)).toBeUndefined();
    expect(forbiddenAcceptedBreach({ continue_final_message: true }, 200)).toBeUndefined();
  });
});

describe('return_token_ids', () => {
  const withIds = (ids: unknown, prompt: unknown = [1, 2, 3, 4, 5]) =>
    completion([choice(0, 'a b c', { token_ids: ids })], 3, { prompt_token_ids: prompt });
  test('every choice carries integer token_ids', () => {
    expect(tokenIdsPerChoiceBreach({ return_token_ids: true }, withIds([7, 8, 9]))).toBeUndefined();
    expect(tokenIdsPerChoiceBreach({ return_token_ids: true }, withIds(undefined))).toMatch(/token_ids undefined/);
    expect(tokenIdsPerChoiceBreach({ return_token_ids: true }, withIds([]))).toMatch(/token_ids \[\]/);
  });
  test('the ids are counted as usage counts them', () => {
    expect(tokenIdsMatchUsageBreach({}, withIds([7, 8, 9]))).toBeUndefined();
    expect(tokenIdsMatchUsageBreach({}, withIds([7, 8, 9], [2, 3, 4, 5]))).toMatch(
      /4 element\(s\) where usage.prompt_tokens is 5/,
    );
    expect(tokenIdsMatchUsageBreach({}, withIds([7, 8]))).toMatch(/2 id\(s\) where usage.completion_tokens is 3/);
  });
  test('shown when tokens were generated and usage is there', () => {
    expect(tokenIdsShown({ return_token_ids: true }, withIds([7]))).toBe(true);
    expect(tokenIdsShown({}, withIds([7]))).toBe(false);
    expect(tokenIdsMatchUsageShown({ return_token_ids: true }, { choices: [] })).toBe(false);
  });
});

describe('echo and include_reasoning', () => {
  const prefill = {
    echo: true,
    messages: [
      { role: 'user', content: 'Go on.' },
      { role: 'assistant', content: 'Once' },
    ],
  };
  test('echo: every content starts with the last assistant message', () => {
    expect(echoBreach(prefill, completion([choice(0, 'Once upon')]))).toBeUndefined();
    expect(echoBreach(prefill, completion([choice(0, 'upon')]))).toMatch(/does not start with the last/);
    expect(echoShown({ ...prefill, echo: false }, completion([choice(0)]))).toBe(false);
    expect(echoShown({ echo: true, messages: [{ role: 'user', content: 'x' }] }, completion([choice(0)]))).toBe(false);
  });
  test('include_reasoning false: no reasoning in any message', () => {
    const reasoned = completion([{ ...choice(0), message: { role: 'assistant', content: 'a', reasoning: 'hmm' } }]);
    expect(reasoningOmittedBreach({ include_reasoning: false }, reasoned)).toMatch(/message.reasoning "hmm"/);
    expect(reasoningOmittedBreach({ include_reasoning: true }, reasoned)).toBeUndefined();
    expect(reasoningOmittedBreach({ include_reasoning: false }, completion([choice(0)]))).toBeUndefined();
  });
});

test('min_tokens is not shown under a structured-output grammar', () => {
  const c = completion([choice(0)], 1);
  expect(minTokensShown({ min_tokens: 4, structured_outputs: { choice: ['a'] } }, c)).toBe(false);
  expect(minTokensShown({ min_tokens: 4, response_format: { type: 'json_object' } }, c)).toBe(false);
  expect(minTokensShown({ min_tokens: 4, response_format: { type: 'text' } }, c)).toBe(true);
});
