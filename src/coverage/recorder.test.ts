import { expect, test } from 'vitest';
import { registry } from '../schemas/registry.js';
import type { HttpClient, RecordedRequest, StreamingExchange } from '../transport/types.js';
import { coverageModel } from './model.js';
import { createCoverageRecorder } from './recorder.js';

const BASE = 'http://127.0.0.1:9/prefix';
const creds = { token: 'tok-1', basic: 'api:key-1' };
const bearer = { authorization: 'Bearer tok-1' };
const basic = { authorization: `Basic ${Buffer.from('api:key-1').toString('base64')}` };

function recorder() {
  return createCoverageRecorder({
    model: coverageModel(registry()),
    schemas: registry(),
    target: { baseUrl: BASE, entity: 'acme', project: 'evals' },
    credentials: creds,
  });
}
const req = (method: string, path: string, headers: Record<string, string>, body?: unknown): RecordedRequest => ({
  method,
  url: BASE + path,
  headers,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

test('an accepted chat request covers the fields it carried, in its mode, and the values it used', () => {
  const r = recorder();
  r.observe(
    req('POST', '/v1/chat/completions', bearer, {
      messages: [{ role: 'user', content: 'hi' }],
      reasoning_effort: 'high',
      // biome-ignore lint/correctness/noPrecisionLoss: -2^63 is exact in a double; the test sends the int64 bound as JSON would
      seed: -9223372036854775808,
    }),
    200,
    '{"model":"m","choices":[],"usage":{"prompt_tokens":1}}',
  );
  const c = r.covered();
  expect(c).toContain('chat.create request-accepted messages[].role (non-streamed)');
  expect(c).toContain('chat.create request-value reasoning_effort="high"');
  expect(c).toContain('chat.create request-bound seed at minimum');
  expect(c).toContain('chat.create response usage.prompt_tokens (non-streamed)');
  expect(c).not.toContain('chat.create request-accepted messages[].role (streamed)');
  expect(c).not.toContain('chat.create request-accepted model (non-streamed)');
});

test('a rejected request covers the fields that break their schema, not the others; a refused one covers nothing', () => {
  const r = recorder();
  r.observe(
    req('POST', '/v1/chat/completions', bearer, {
      messages: [{ role: 'user', content: 'x' }],
      truncate_prompt_tokens: -2,
      tool_choice: 'auto',
    }),
    400,
  );
  r.observe(req('POST', '/v1/chat/completions', bearer, {}), 401);
  const c = r.covered();
  expect(c).toContain('chat.create request-rejected truncate_prompt_tokens');
  expect(c).toContain('chat.create request-bound truncate_prompt_tokens below minimum');
  expect(c).toContain('chat.create request-rejected tool_choice');
  expect(c).not.toContain('chat.create request-rejected messages');
  expect([...c].some((id) => id.includes('request-accepted'))).toBe(false);
});

test('auth presentations are named per operation; a 2xx to a wrong presentation is still only a presentation', () => {
  const r = recorder();
  r.observe(req('GET', '/v2/acme/evals/scores', { authorization: 'Bearer tok-1' }), 200, '{"score_id":"s1"}');
  r.observe(req('GET', '/v1/preview/training-jobs/abc', { authorization: 'Bearer tok-1x' }), 401);
  expect(r.covered()).toContain('scores.list auth v1-token-as-bearer');
  expect(r.covered()).toContain('training-jobs.get auth token-with-suffix');
  expect(r.covered()).not.toContain('scores.list response score_id');
});

test('scoping: a read through another project counts only for an id the configured project answered', () => {
  const r = recorder();
  r.observe(req('GET', '/v2/acme/other/predictions/p-1', basic), 404);
  expect(r.covered()).not.toContain('predictions.read scope other-project');
  r.observe(
    req('GET', '/v2/acme/evals/predictions', basic),
    200,
    '{"prediction_id":"p-1","model":"weave:///acme/evals/object/m:1"}\n',
  );
  r.observe(req('GET', '/v2/acme/other/predictions/p-1', basic), 404);
  r.observe(req('GET', '/v2/someone/evals/predictions', basic), 200, '');
  expect(r.covered()).toContain('predictions.read scope other-project');
  expect(r.covered()).toContain('predictions.list scope other-entity');
  expect(r.covered()).toContain('predictions.list response prediction_id');
  expect(r.covered()).not.toContain('predictions.read scope other-entity');
});

test('a streamed body is observed as it is read, through the wrapped client', async () => {
  const r = recorder();
  const sse =
    'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"}}]}\n\ndata: [DONE]\n\n';
  const inner: HttpClient = {
    send: () => Promise.reject(new Error('unused')),
    open: async (spec): Promise<StreamingExchange> => ({
      request: req('POST', spec.path, bearer, spec.json),
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: (async function* () {
        yield new TextEncoder().encode(sse.slice(0, 30));
        yield new TextEncoder().encode(sse.slice(30));
      })(),
      elapsedMs: () => 0,
      close: async () => undefined,
    }),
  };
  const ex = await r.wrap(inner).open({
    method: 'POST',
    path: '/v1/chat/completions',
    json: { messages: [{ role: 'user', content: 'x' }], stream: true, min_p: 0.1 },
  });
  for await (const chunk of ex.chunks) void chunk;
  expect(r.covered()).toContain('chat.create request-accepted min_p (streamed)');
  expect(r.covered()).toContain('chat.create response choices[].delta.role (streamed)');
  expect(r.covered()).not.toContain('chat.create response choices[].delta.role (non-streamed)');
});

test('a schema-valid chat request rejected for one rule covers that rule in its mode; breaking two covers neither', () => {
  const r = recorder();
  r.observe(
    req('POST', '/v1/chat/completions', bearer, {
      messages: [{ role: 'user', content: 'x' }],
      n: 2,
      temperature: 0,
      stream: true,
    }),
    400,
  );
  r.observe(
    req('POST', '/v1/chat/completions', bearer, {
      messages: [{ role: 'user', content: 'x' }],
      temperature: 3,
      top_p: 0,
    }),
    400,
  );
  expect(r.covered()).toContain('chat.create rule-rejected n-greedy (streamed)');
  expect(r.covered()).not.toContain('chat.create rule-rejected n-greedy (non-streamed)');
  expect([...r.covered()].filter((id) => id.includes('range'))).toEqual([]);
});
