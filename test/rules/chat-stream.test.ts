/** The stream judge (src/rules/chat-stream.ts) fed events as the transport's parser cuts them from real bytes. */
import { expect, test } from 'vitest';
import { SseParser } from '../../src/transport/sse.js';
import { ChatStreamJudge, type ChatStreamJudgeOptions } from '../../src/rules/chat-stream.js';
import { type ChatStreamVerdict, reassembleCompletion, type StreamRule } from '../../src/rules/chat-stream-verdict.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** Feeds network chunks through the SSE parser into the judge, event by event, as readSse does. */
function judge(chunks: readonly Uint8Array[], options: ChatStreamJudgeOptions = {}): ChatStreamVerdict {
  const parser = new SseParser();
  const j = new ChatStreamJudge(options);
  let t = 0;
  for (const c of chunks) for (const ev of parser.push(c)) j.onEvent(ev, (t += 5));
  const end = parser.end();
  for (const ev of end.events) j.onEvent(ev, (t += 5));
  return j.finish(end);
}
const judgeText = (text: string, options: ChatStreamJudgeOptions = {}) => judge([enc(text)], options);
const rules = (v: ChatStreamVerdict): StreamRule[] => [...new Set(v.findings.map((f) => f.rule))];

const base = { id: 'chatcmpl-abc', object: 'chat.completion.chunk', created: 1, model: 'm' };
const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({ ...base, choices, ...extra });
const ev = (payload: unknown) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;

/** vLLM's shape: role chunk, content deltas, finish chunk, usage chunk, [DONE]. */
function canonical(opts: { n?: number; usage?: boolean; tokenIds?: boolean } = {}): string[] {
  const n = opts.n ?? 1;
  const events: string[] = [];
  for (let i = 0; i < n; i++) {
    events.push(
      ev(
        chunk(
          [{ index: i, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
          i === 0 && opts.tokenIds ? { prompt_token_ids: [5, 6, 7] } : {},
        ),
      ),
    );
  }
  for (const word of ['Hello', ' there', '!']) {
    for (let i = 0; i < n; i++)
      events.push(
        ev(
          chunk([
            {
              index: i,
              delta: { content: word },
              logprobs: null,
              finish_reason: null,
              ...(opts.tokenIds ? { token_ids: [1000 + word.length] } : {}),
            },
          ]),
        ),
      );
  }
  for (let i = 0; i < n; i++)
    events.push(
      ev(chunk([{ index: i, delta: { content: '' }, logprobs: null, finish_reason: 'stop', stop_reason: null }])),
    );
  if (opts.usage)
    events.push(ev(chunk([], { usage: { prompt_tokens: 3, completion_tokens: 3 * n, total_tokens: 3 + 3 * n } })));
  events.push('data: [DONE]\n\n');
  return events;
}
const text = (events: string[]) => events.join('');

// Conformant, including the unusual: each must give no finding.

test('a canonical vLLM stream passes and reassembles', () => {
  const v = judgeText(text(canonical({ n: 2, usage: true })), { n: 2, includeUsage: true });
  expect(v.findings).toEqual([]);
  expect(v.sawDone).toBe(true);
  const c = reassembleCompletion(v);
  expect(c.choices).toEqual([
    { index: 0, message: { role: 'assistant', content: 'Hello there!' }, finish_reason: 'stop', stop_reason: null },
    { index: 1, message: { role: 'assistant', content: 'Hello there!' }, finish_reason: 'stop', stop_reason: null },
  ]);
  expect(c.usage).toEqual({ prompt_tokens: 3, completion_tokens: 6, total_tokens: 9 });
});

test('CRLF line ends pass', () => {
  expect(judgeText(text(canonical({ usage: true })).replace(/\n/g, '\r\n'), { includeUsage: true }).findings).toEqual(
    [],
  );
});

test('bare CR line ends pass', () => {
  expect(judgeText(text(canonical()).replace(/\n/g, '\r')).findings).toEqual([]);
});

test('data: without the space passes', () => {
  expect(
    judgeText(text(canonical({ usage: true })).replace(/data: /g, 'data:'), { includeUsage: true }).findings,
  ).toEqual([]);
});

test('comment and keep-alive lines, event/id/retry fields and a BOM pass', () => {
  const events = canonical({ usage: true }).map((e, i) =>
    i % 2 ? `: keep-alive\n\n${e}` : `id: ${i}\nevent: message\n${e}`,
  );
  const v = judgeText(`\uFEFF: stream opened\nretry: 1000\n\n${text(events)}: bye\n\n`, { includeUsage: true });
  expect(v.findings).toEqual([]);
});

test('a usage chunk sent without include_usage (some hosted deployments) breaks only usage-unasked', () => {
  const { findings } = judgeText(text(canonical({ usage: true })));
  expect(findings.map((f) => f.rule)).toEqual(['usage-unasked']);
  expect(findings[0]!.message).toMatch(
    /usage chunk \(choices: \[\]\), though stream_options.include_usage was not set/,
  );
});

test('usage on every chunk passes with continuous_usage_stats, and breaks only usage-unasked without', () => {
  const events = canonical({ usage: true }).map((e) =>
    e.replace('"choices":[{', '"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4},"choices":[{'),
  );
  expect(judgeText(text(events), { includeUsage: true, continuousUsage: true }).findings).toEqual([]);
  const without = judgeText(text(events), { includeUsage: true }).findings;
  expect(without.map((f) => f.rule)).toEqual(['usage-unasked']);
  expect(without[0]!.message).toMatch(/usage beside its choices, though stream_options.continuous_usage_stats/);
});

test('the same events split across network chunks at every byte position pass', () => {
  const bytes = enc(text(canonical({ n: 2, usage: true, tokenIds: true })).replace(/\n/g, '\r\n'));
  const opts = { n: 2, includeUsage: true, returnTokenIds: true };
  for (let i = 1; i < bytes.length; i++) {
    expect(judge([bytes.subarray(0, i), bytes.subarray(i)], opts).findings, `split at ${i}`).toEqual([]);
  }
  expect(
    judge(
      [...bytes].map((b) => Uint8Array.of(b)),
      opts,
    ).findings,
  ).toEqual([]);
});

test('a [DONE] without its final blank line or newline is accepted, with a note', () => {
  for (const end of ['data: [DONE]\n', 'data: [DONE]']) {
    const v = judgeText(text(canonical().slice(0, -1)) + end);
    expect(v.findings, JSON.stringify(end)).toEqual([]);
    expect(v.notes).toHaveLength(1);
  }
});

test('return_token_ids: prompt_token_ids on the first chunk and token_ids per delta pass', () => {
  const v = judgeText(text(canonical({ tokenIds: true })), { returnTokenIds: true });
  expect(v.findings).toEqual([]);
  expect(v.promptTokenIds).toEqual([5, 6, 7]);
  expect(v.choices[0]?.tokenIds).toHaveLength(3);
});

test('extra fields and a chunk validator that accepts them pass', () => {
  const events = canonical().map((e) =>
    e.replace('"model":"m"', '"model":"m","system_fingerprint":"fp","x_extra":{"a":1}'),
  );
  expect(judgeText(text(events), { validateChunk: () => undefined }).findings).toEqual([]);
});

// Broken: each must be caught, under its own rule.

const broken: Array<[string, StreamRule, string, ChatStreamJudgeOptions?]> = [
  ['no [DONE]', 'complete', text(canonical().slice(0, -1))],
  ['an empty body', 'complete', ''],
  ['an incomplete trailing event', 'complete', text(canonical().slice(0, 3)) + 'data: {"id":"chatcmpl-abc","cho'],
  ['a non-JSON payload', 'json', ev("{'a': True}") + text(canonical())],
  ['an empty data payload', 'json', 'data:\n\n' + text(canonical())],
  [
    'an error event mid-stream',
    'error-event',
    text(canonical().slice(0, 2)) + ev({ error: { message: 'boom', code: 500 } }) + 'data: [DONE]\n\n',
  ],
  [
    'a chunk labelled chat.completion',
    'chunk-shape',
    text(canonical()).replace(/chat\.completion\.chunk/g, 'chat.completion'),
  ],
  ['a payload that is not an object', 'chunk-shape', ev('[1,2]') + text(canonical())],
  [
    'ids that change',
    'one-id',
    text(canonical().map((e, i) => (i === 2 ? e.replace('chatcmpl-abc', 'chatcmpl-xyz') : e))),
  ],
  ['a first delta without role', 'role-first', text(canonical()).replace('"role":"assistant",', '')],
  [
    'two finish_reasons for one choice',
    'one-finish',
    text(canonical().slice(0, -1)) + ev(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }])) + 'data: [DONE]\n\n',
  ],
  ['no finish_reason', 'one-finish', text(canonical()).replace('"finish_reason":"stop"', '"finish_reason":null')],
  ['an index out of range', 'indices', text(canonical()).replace(/"index":0/g, '"index":1')],
  ['a missing choice', 'indices', text(canonical()), { n: 2 }],
  ['no usage chunk with include_usage', 'usage', text(canonical()), { includeUsage: true }],
  [
    'usage that does not add up',
    'usage',
    text(canonical({ usage: true })).replace('"total_tokens":6', '"total_tokens":7'),
    { includeUsage: true },
  ],
  [
    'a usage chunk before the choices',
    'usage',
    (() => {
      const e = canonical({ usage: true });
      const u = e.splice(-2, 1);
      return text([...u, ...e]);
    })(),
    { includeUsage: true },
  ],
  ['a chunk after [DONE]', 'done-last', text(canonical()) + ev(chunk([]))],
  ['garbage after [DONE]', 'done-last', text(canonical()) + 'data: {"late"'],
  [
    'prompt_token_ids repeated',
    'token-ids',
    text(canonical({ tokenIds: true })).replace(
      /"choices":\[\{"index":0,"delta":\{"content":"Hello"/,
      '"prompt_token_ids":[5],"choices":[{"index":0,"delta":{"content":"Hello"',
    ),
    { returnTokenIds: true },
  ],
  [
    'no prompt_token_ids',
    'token-ids',
    text(canonical({ tokenIds: true })).replace(',"prompt_token_ids":[5,6,7]', ''),
    { returnTokenIds: true },
  ],
  ['[DONE] alone, no chunk', 'chunk-shape', 'data: [DONE]\n\n'],
  [
    'an HTML page, no SSE event at all',
    'chunk-shape',
    '<!DOCTYPE html>\n<html><body><h1>Welcome to nginx!</h1></body></html>\n',
  ],
  ['error events only', 'chunk-shape', ev({ error: { message: 'boom', code: 500 } }) + 'data: [DONE]\n\n'],
  [
    'payloads that are not objects, with return_token_ids',
    'token-ids',
    ev('[1,2]') + 'data: [DONE]\n\n',
    { returnTokenIds: true },
  ],
  [
    'a content delta without token_ids',
    'token-ids',
    text(canonical({ tokenIds: true })).replace('"token_ids":[1005]', '"token_ids":[]'),
    { returnTokenIds: true },
  ],
];

test.each(broken)('%s is caught as %s', (_name, rule, body, options) => {
  const v = judgeText(body, options ?? {});
  expect(rules(v)).toContain(rule);
});

test('a broken stream is caught under its own rule only', () => {
  expect(
    rules(
      judgeText(text(canonical({ usage: true })).replace('"total_tokens":6', '"total_tokens":7'), {
        includeUsage: true,
      }),
    ),
  ).toEqual(['usage']);
  expect(rules(judgeText(text(canonical().slice(0, -1))))).toEqual(['complete']);
});

test('timings: first event and the largest gap', () => {
  const j = new ChatStreamJudge();
  const p = new SseParser();
  const events = p.push(enc(text(canonical())));
  for (const [i, t] of [10, 12, 40, 41, 43, 44].entries()) j.onEvent(events[i]!, t);
  const v = j.finish(p.end());
  expect(v.timings).toEqual({ firstEventMs: 10, lastEventMs: 44, largestGapMs: 28, events: 6 });
});

test('the counts the checks read to tell "nothing arrived" from "all held": payloads, chunks, chunk objects, choices', () => {
  const html = judgeText('<!DOCTYPE html>\n<html></html>\n', { n: 2 });
  expect({
    events: html.timings.events,
    payloads: html.payloads,
    chunks: html.chunks,
    objectChunks: html.objectChunks,
    choices: html.choices.length,
    sawDone: html.sawDone,
  }).toEqual({ events: 0, payloads: 0, chunks: 0, objectChunks: 0, choices: 0, sawDone: false });
  // No choice arrived: the per-choice rules have no finding of their own (their checks skip).
  expect(rules(html)).not.toContain('role-first');
  expect(rules(html)).not.toContain('one-finish');
  expect(rules(html)).toContain('indices');

  const arrays = judgeText(ev('[1]') + ev('[2]') + 'data: [DONE]\n\n');
  expect({ payloads: arrays.payloads, chunks: arrays.chunks, objectChunks: arrays.objectChunks }).toEqual({
    payloads: 2,
    chunks: 2,
    objectChunks: 0,
  });

  const usual = judgeText(text(canonical({ n: 2, usage: true })), { n: 2, includeUsage: true });
  expect(usual.findings).toEqual([]);
  expect({
    payloads: usual.payloads,
    chunks: usual.chunks,
    objectChunks: usual.objectChunks,
    choices: usual.choices.length,
  }).toEqual({ payloads: 11, chunks: 11, objectChunks: 11, choices: 2 });
});

test('a chunk without model breaks the chunk shape, even when an earlier one named it', () => {
  const events = canonical({ n: 2, usage: true });
  const withoutModel = events.map((e, i) => (i === 3 ? e.replace('"model":"m",', '') : e));
  const v = judgeText(text(withoutModel), { n: 2, includeUsage: true });
  expect(v.findings).toEqual([{ rule: 'chunk-shape', message: 'event 4 has no string "model" (undefined)' }]);
  // The reassembled answer still takes the model of the first chunk: only the shape rule can see it.
  expect(reassembleCompletion(v).model).toBe('m');
});
