/**
 * The stream judge's findings name the event they come from (event N, 1-based, [DONE] and error
 * events counted), and the reassembled completion keeps the §4.1 key order: what the proxy's reports
 * and the suite's evidence show, word for word.
 */
import { expect, test } from 'vitest';
import { SseParser } from '../../src/transport/sse.js';
import { ChatStreamJudge } from '../../src/rules/chat-stream.js';
import { reassembleCompletion } from '../../src/rules/chat-stream-verdict.js';

const base = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm' };
const ev = (payload: unknown) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;

function verdict(text: string, options: ConstructorParameters<typeof ChatStreamJudge>[0] = {}) {
  const parser = new SseParser();
  const j = new ChatStreamJudge(options);
  for (const e of parser.push(new TextEncoder().encode(text))) j.onEvent(e, 1);
  const end = parser.end();
  for (const e of end.events) j.onEvent(e, 2);
  return j.finish(end);
}

test('each finding names its event by number', () => {
  const text =
    ev({ ...base, choices: [{ index: 0, delta: { content: 'a' }, finish_reason: null }] }) +
    ev('{not json') +
    ev({ ...base, id: 'c2', choices: [{ index: 3, delta: {}, finish_reason: null }] }) +
    ev({ ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 5 } }) +
    ev({ error: { message: 'boom' } }) +
    ev('[DONE]') +
    ev({ ...base, choices: [] });
  const messages = verdict(text).findings.map((f) => `${f.rule}: ${f.message}`);
  expect(messages).toEqual([
    'role-first: event 1: the first delta of choice 0 has role undefined, not "assistant"',
    'json: event 2 is not JSON: "{not json"',
    'one-id: event 3 has id "c2", earlier chunks "c1"',
    'indices: event 3 has choice index 3; 1 choice(s) were requested, so indices are 0..0',
    'usage-unasked: event 4 is a usage chunk (choices: []), though stream_options.include_usage was not set: a client reading choices[0] of every chunk breaks on it',
    'usage: event 4: usage does not add up (non-negative integers): prompt_tokens 1, completion_tokens 1, total_tokens 5',
    'error-event: event 5 is an error event: {"error":{"message":"boom"}}',
    'done-last: event 7 arrived after data: [DONE]: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}',
    'one-finish: choice 0 never got a finish_reason',
  ]);
});

test('the reassembled completion keeps the key order of the §4.1 shape, optional keys in place', () => {
  const text =
    ev({
      ...base,
      prompt_token_ids: [1, 2],
      choices: [
        { index: 0, delta: { role: 'assistant', content: 'hi', reasoning: 'r' }, token_ids: [7], finish_reason: null },
      ],
    }) +
    ev({
      ...base,
      choices: [
        { index: 0, delta: {}, logprobs: { content: [{ token: 'hi' }] }, finish_reason: 'stop', stop_reason: 5 },
      ],
    }) +
    ev({ ...base, choices: [], usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } }) +
    ev('[DONE]');
  expect(JSON.stringify(reassembleCompletion(verdict(text)))).toBe(
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'hi', reasoning: 'r' },
          finish_reason: 'stop',
          stop_reason: 5,
          token_ids: [7],
          logprobs: { content: [{ token: 'hi' }] },
        },
      ],
      usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 },
      prompt_token_ids: [1, 2],
    }),
  );
  // Without the optional keys: none of them appears, not even as undefined.
  const bare = verdict(
    ev({
      object: 'chat.completion.chunk',
      model: 'm',
      choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: 'stop' }],
    }) + ev('[DONE]'),
  );
  expect(Object.keys(reassembleCompletion(bare))).toEqual(['object', 'model', 'choices', 'usage']);
  expect(Object.keys((reassembleCompletion(bare).choices as object[])[0]!)).toEqual([
    'index',
    'message',
    'finish_reason',
  ]);
});
