/** Requests without side effects sent identically by several checks go out once; a check's own repeats go out again. */
import { expect, test } from 'vitest';
import type { HttpClient, HttpExchange, HttpRequestSpec } from '../transport/types.js';
import { sharingReads, type SharedReads } from './shared-reads.js';

function counting(): { client: HttpClient; sent: HttpRequestSpec[] } {
  const sent: HttpRequestSpec[] = [];
  return {
    sent,
    client: {
      async send(spec): Promise<HttpExchange> {
        sent.push(spec);
        if (spec.path === '/boom') throw new Error('reset');
        return {
          request: { method: spec.method, url: `http://t${spec.path}`, headers: {} },
          response: { status: 200, headers: {}, bodyText: String(sent.length), truncated: false, durationMs: 1 },
          json: sent.length,
        };
      },
      open: () => Promise.reject(new Error('not used')),
    },
  };
}

const list: HttpRequestSpec = { method: 'GET', path: '/v2/acme/evals/scores', query: { limit: 1, offset: 0 } };
const chat = (json: unknown): HttpRequestSpec => ({ method: 'POST', path: '/v1/chat/completions', json });

test('the same read from two checks is sent once; key order does not matter', async () => {
  const { client, sent } = counting();
  const shared: SharedReads = new Map();
  const a = sharingReads(client, shared);
  const b = sharingReads(client, shared);
  const first = await a.send(chat({ model: 'm', messages: [] }));
  const second = await b.send(chat({ messages: [], model: 'm' }));
  expect(second).toBe(first);
  await b.send({ ...list, query: { offset: 0, limit: 1 } });
  await a.send(list);
  expect(sent).toHaveLength(2);
});

test("a check's own repeat is sent again (determinism, a counterexample probed once more)", async () => {
  const { client, sent } = counting();
  const shared: SharedReads = new Map();
  const a = sharingReads(client, shared);
  const b = sharingReads(client, shared);
  await b.send(list);
  await a.send(list); // shared from b
  await a.send(list); // a's own repeat: fresh
  expect(sent).toHaveLength(2);
});

test('requests that differ in credentials, headers or body, and writes, are never shared', async () => {
  const { client, sent } = counting();
  const shared: SharedReads = new Map();
  const checks = [0, 1].map(() => sharingReads(client, shared));
  for (const c of checks) {
    await c.send({ ...list, auth: 'none' });
    await c.send({ ...list, headers: { accept: 'text/plain' } });
    await c.send({ method: 'POST', path: '/v1/preview/training-jobs', json: {} });
  }
  await checks[0]!.send(list);
  // Once each: without credentials, with the header, the default read; the write twice.
  expect(sent).toHaveLength(1 + 1 + 1 + 2);
});

test('a request that failed is not handed on: the next check sends its own', async () => {
  const { client, sent } = counting();
  const shared: SharedReads = new Map();
  await expect(sharingReads(client, shared).send({ method: 'GET', path: '/boom' })).rejects.toThrow('reset');
  await expect(sharingReads(client, shared).send({ method: 'GET', path: '/boom' })).rejects.toThrow('reset');
  expect(sent).toHaveLength(2);
});
