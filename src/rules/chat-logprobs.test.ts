import { describe, expect, test } from 'vitest';
import {
  logprobsBytesOrderBreach,
  logprobsJoinBreach,
  logprobsJoinShown,
  logprobsShapeBreach,
  logprobsShapeShown,
  tokensAsTokenIdsBreach,
} from './chat-logprobs.js';

const entry = (token: string, logprob = -0.5, top: { token: string; logprob: number }[] = []) => ({
  token,
  logprob,
  bytes: [...new TextEncoder().encode(token)],
  top_logprobs: top,
});
const answer = (entries: unknown[] | null, content: string, completionTokens = entries?.length ?? 0, extra = {}) => ({
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content, ...extra },
      finish_reason: 'stop',
      logprobs: entries && { content: entries },
    },
  ],
  usage: { prompt_tokens: 3, completion_tokens: completionTokens, total_tokens: 3 + completionTokens },
});
const req = { logprobs: true, top_logprobs: 1 };
const top = (t: string, lp: number) => [{ token: t, logprob: lp }];

describe('logprobs shape and counts', () => {
  test('one entry per generated token, each with top_logprobs alternatives', () => {
    const ok = answer([entry('Hi', -0.1, top('Hi', -0.1)), entry('!', -0.2, top('!', -0.2))], 'Hi!');
    expect(logprobsShapeBreach(req, ok)).toBeUndefined();
    expect(logprobsShapeBreach(req, answer([entry('Hi', -0.1, top('Hi', -0.1))], 'Hi!', 2))).toMatch(
      /1 logprobs entries for 2/,
    );
    expect(logprobsShapeBreach({ logprobs: true, top_logprobs: 2 }, ok)).toMatch(/1 top_logprobs where 2/);
    expect(logprobsShapeBreach(req, answer(null, 'Hi', 1))).toMatch(/has logprobs null/);
  });
  test('a choice with neither entries nor content does not show it', () => {
    expect(logprobsShapeShown(req, answer(null, '', 0))).toBe(false);
    expect(logprobsShapeShown(req, answer(null, 'Hi', 1))).toBe(true);
  });
});

describe('bytes and order', () => {
  test('bytes are the UTF-8, alternatives most likely first', () => {
    expect(logprobsBytesOrderBreach(req, answer([entry('é', -0.1, top('é', -0.1))], 'é'))).toBeUndefined();
    const wrongBytes = answer([{ ...entry('é'), bytes: [233] }], 'é');
    expect(logprobsBytesOrderBreach(req, wrongBytes)).toMatch(/not its UTF-8/);
    const unsorted = answer(
      [
        entry('a', -0.1, [
          { token: 'a', logprob: -0.5 },
          { token: 'b', logprob: -0.1 },
        ]),
      ],
      'a',
    );
    expect(logprobsBytesOrderBreach(req, unsorted)).toMatch(/not sorted/);
  });
});

describe('tokens join to the content', () => {
  test('joined tokens are the content', () => {
    expect(logprobsJoinBreach(req, answer([entry('Hi'), entry('!')], 'Hi!'))).toBeUndefined();
    expect(logprobsJoinBreach(req, answer([entry('<t0>')], 'Hi'))).toMatch(/join to "<t0>"/);
  });
  test('not shown when the content and the tokens may differ for another reason', () => {
    const a = answer([entry('Hi')], 'Hi');
    expect(logprobsJoinShown(req, a)).toBe(true);
    expect(logprobsJoinShown({ ...req, stop: ['x'] }, a)).toBe(false);
    expect(logprobsJoinShown({ ...req, echo: true }, a)).toBe(false);
    expect(logprobsJoinShown(req, answer([entry('Hi')], 'Hi', 1, { reasoning: 'think' }))).toBe(false);
    expect(logprobsJoinShown(req, answer([entry('bytes:\\xe2')], 'x'))).toBe(false);
  });
});

describe('tokens as token ids', () => {
  test('every token and alternative is token_id:<id>', () => {
    expect(
      tokensAsTokenIdsBreach(req, answer([entry('token_id:5', -0.1, top('token_id:5', -0.1))], 'x')),
    ).toBeUndefined();
    expect(tokensAsTokenIdsBreach(req, answer([entry('token_id:5', -0.1, top('x', -0.1))], 'x'))).toMatch(/token "x"/);
  });
});

test('malformed entries from live traffic never make a judgement throw', () => {
  const junk = answer([null, 3, { token: 'a', top_logprobs: [null, { logprob: -1 }] }], 'a');
  for (const judge of [logprobsShapeBreach, logprobsBytesOrderBreach, logprobsJoinBreach, tokensAsTokenIdsBreach])
    expect(() => judge(req, junk)).not.toThrow();
});
