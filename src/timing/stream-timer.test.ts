import { expect, test } from 'vitest';
import { carriesChoice, StreamTimer } from './stream-timer.js';
import { TimingSketches } from './table.js';

test.each([
  [
    '{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}',
    true,
  ],
  ['{"choices" : [ {"index":0,"delta":{"content":"hi"}}]}', true],
  ['{"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}', false],
  ['[DONE]', false],
  ['{"error":{"message":"overloaded","type":"server_error"}}', false],
  ['{"object":"error","message":"say \\"choices\\":[{ here"}', false],
])('an event carries a choice: %s → %s', (data, expected) => {
  expect(carriesChoice(data)).toBe(expected);
});

test('the first choice gives the time to first token, the later ones the gaps; usage gives the tokens', () => {
  const sketches = new TimingSketches();
  const timer = new StreamTimer(sketches, 'chat.create');
  const chunk = (content: string) => `{"choices":[{"index":0,"delta":{"content":"${content}"}}]}`;
  timer.event(': keep-alive', 5);
  timer.event(chunk(''), 100);
  timer.event(chunk('a'), 120);
  timer.event(chunk('b'), 150);
  timer.event('{"choices":[],"usage":{"prompt_tokens":1,"completion_tokens":10,"total_tokens":11}}', 160);
  timer.event('[DONE]', 161);
  timer.end(200);
  const t = sketches.table()?.['chat.create'];
  expect(t?.ttft_ms).toMatchObject({ count: 1, max: 100 });
  expect(t?.itl_ms).toMatchObject({ count: 2, max: 30 });
  expect(t?.e2e_ms).toMatchObject({ count: 1, max: 200 });
  // 10 tokens in 0.2 s.
  expect(t?.output_tokens_per_s).toMatchObject({ count: 1, max: 50 });
});

test('without usage the events carrying a choice are the tokens; a stream never ended has no end-to-end time', () => {
  const sketches = new TimingSketches();
  const whole = new StreamTimer(sketches, 'chat.create');
  for (const at of [10, 20, 30, 40]) whole.event('{"choices":[{"index":0}]}', at);
  whole.end(50);
  const cut = new StreamTimer(sketches, 'chat.create');
  cut.event('{"choices":[{"index":0}]}', 7);
  const t = sketches.table()?.['chat.create'];
  expect(t?.output_tokens_per_s?.max).toBe(80);
  expect(t?.ttft_ms?.count).toBe(2);
  expect(t?.e2e_ms?.count).toBe(1);
});
