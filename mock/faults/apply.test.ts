import { expect, test } from 'vitest';
import { buildRequest } from '../request.js';
import type { MockRequest, MockResponse } from '../types.js';
import { withFaults } from './apply.js';
import { defineFault } from './types.js';

const ctx = { token: 't', basic: 'u:p' };
const core = async (req: MockRequest): Promise<MockResponse> => ({
  status: 200,
  headers: {},
  json: { path: req.path },
});

test('without faults the core answers unchanged', async () => {
  expect(await withFaults([], buildRequest('GET', '/a'), core, ctx)).toEqual({
    status: 200,
    headers: {},
    json: { path: '/a' },
  });
});

test('a before-fault rewrites the request the core sees', async () => {
  const reroute = defineFault({
    id: 'test.reroute',
    description: 'rewrites the path',
    breaks: [],
    before: (req) => ({ ...req, path: '/b' }),
  });
  expect((await withFaults([reroute], buildRequest('GET', '/a'), core, ctx)).json).toEqual({ path: '/b' });
});

test('a before-fault that answers short-circuits the core; after-faults still rewrite the response', async () => {
  let coreCalled = false;
  const teapot = defineFault({
    id: 'test.teapot',
    description: 'answers 418',
    breaks: [],
    before: () => ({ status: 418, headers: {}, json: {} }),
  });
  const tag = defineFault({
    id: 'test.tag',
    description: 'tags the response',
    breaks: [],
    after: (_req, res) => ({ ...res, headers: { ...res.headers, 'x-tag': '1' } }),
  });
  const res = await withFaults(
    [teapot, tag],
    buildRequest('GET', '/a'),
    async (req) => {
      coreCalled = true;
      return core(req);
    },
    ctx,
  );
  expect(coreCalled).toBe(false);
  expect(res.status).toBe(418);
  expect(res.headers['x-tag']).toBe('1');
});

test('faults see the credentials the mock was started with', async () => {
  const seen: string[] = [];
  const spy = defineFault({
    id: 'test.spy',
    description: 'records the context',
    breaks: [],
    before: (req, c) => {
      seen.push(`${c.token} ${c.basic}`);
      return req;
    },
  });
  await withFaults([spy], buildRequest('GET', '/a'), core, ctx);
  expect(seen).toEqual(['t u:p']);
});

test('faults are told which §4 operation a request is for (none for other paths)', async () => {
  const seen: (string | undefined)[] = [];
  const spy = defineFault({
    id: 'test.op',
    description: 'records the operation',
    breaks: [],
    before: (req, c) => {
      seen.push(c.operation);
      return req;
    },
  });
  await withFaults([spy], buildRequest('POST', '/v1/chat/completions/'), core, ctx);
  await withFaults([spy], buildRequest('GET', '/v2/acme/evals/scores/s-1'), core, ctx);
  await withFaults([spy], buildRequest('GET', '/v1/elsewhere'), core, ctx);
  expect(seen).toEqual(['chat.create', 'scores.read', undefined]);
});
