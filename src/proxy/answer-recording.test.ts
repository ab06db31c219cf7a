import { expect, test } from 'vitest';
import { AnswerRecording } from './answer-recording.js';

test('a stream is kept event by event, each with the offset of the chunk that completed it', () => {
  const r = new AnswerRecording(true, 1_000);
  r.push(Buffer.from('data: {"a":1}\n\ndata: {"b"'), 12.34);
  r.push(Buffer.from(':2}\n\n'), 40);
  r.push(Buffer.from('data: [DONE]\n\n'), 41.06);
  expect(r.result(50)).toEqual({
    events: [
      { offset_ms: 12.3, data: 'data: {"a":1}' },
      { offset_ms: 40, data: 'data: {"b":2}' },
      { offset_ms: 41.1, data: 'data: [DONE]' },
    ],
  });
});

test('a character split across chunks is kept whole; an unterminated last event is kept as it came', () => {
  const snow = Buffer.from('data: ❄\n\n');
  const r = new AnswerRecording(true, 1_000);
  r.push(snow.subarray(0, 7), 1);
  r.push(snow.subarray(7), 2);
  r.push(Buffer.from('data: cut'), 3);
  expect(r.result(9)).toEqual({
    events: [
      { offset_ms: 2, data: 'data: ❄' },
      { offset_ms: 9, data: 'data: cut' },
    ],
  });
});

test('a JSON body is kept whole; past the cap the recording says it was cut', () => {
  const json = new AnswerRecording(false, 1_000);
  json.push(Buffer.from('{"id":'), 1);
  json.push(Buffer.from('"x"}'), 2);
  expect(json.result(3)).toEqual({ body: '{"id":"x"}' });
  const big = new AnswerRecording(false, 8);
  big.push(Buffer.from('{"id":"0123456789"}'), 1);
  expect(big.result(2)).toEqual({ body: '', truncated: true });
});
