/** Requests without side effects sent identically by several checks go out once; a check's own repeats go out again. */
import { expect, test } from 'vitest';
import type { HttpClient, HttpExchange, HttpRequestSpec } from '../../transport/types.js';
import { RunCache } from '../run-cache.js';
import { sharedRequests } from './shared-requests.js';
import { MAX_KEPT_BYTES } from './shared-streams.js';

/** The client one check of the run (`run`) sends through: `client` behind the run cache's layer. */
const sharingReads = (client: HttpClient, run: RunCache): HttpClient => sharedRequests(run.forCheck())(client);

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
  const shared = new RunCache();
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
  const shared = new RunCache();
  const a = sharingReads(client, shared);
  const b = sharingReads(client, shared);
  await b.send(list);
  await a.send(list); // shared from b
  await a.send(list); // a's own repeat: fresh
  expect(sent).toHaveLength(2);
});

test('requests that differ in credentials, headers or body, and writes, are never shared', async () => {
  const { client, sent } = counting();
  const shared = new RunCache();
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
  const shared = new RunCache();
  await expect(sharingReads(client, shared).send({ method: 'GET', path: '/boom' })).rejects.toThrow('reset');
  await expect(sharingReads(client, shared).send({ method: 'GET', path: '/boom' })).rejects.toThrow('reset');
  expect(sent).toHaveLength(2);
});

/** A client whose streams each carry `parts` chunks of `size` bytes, the k-th arriving at 10·k ms. */
function streaming(parts: number, size = 4): { client: HttpClient; opened: HttpRequestSpec[] } {
  const opened: HttpRequestSpec[] = [];
  return {
    opened,
    client: {
      send: () => Promise.reject(new Error('not used')),
      async open(spec) {
        opened.push(spec);
        let at = 5;
        async function* chunks() {
          for (let k = 1; k <= parts; k++) {
            at = 10 * k;
            yield new Uint8Array(size).fill(opened.length);
          }
        }
        return {
          request: { method: spec.method, url: `http://t${spec.path}`, headers: {} },
          status: 200,
          headers: { 'content-type': 'application/jsonl' },
          chunks: chunks(),
          elapsedMs: () => at,
          close: async () => {},
        };
      },
    },
  };
}

async function readAll(stream: Awaited<ReturnType<HttpClient['open']>>, stopAfter = Infinity) {
  const seen: { first: number; atMs: number }[] = [];
  for await (const chunk of stream.chunks) {
    seen.push({ first: chunk[0]!, atMs: stream.elapsedMs() });
    if (seen.length >= stopAfter) break;
  }
  await stream.close();
  return seen;
}

test('a stream one check read to its end is handed to the next, with the first reader’s chunk times', async () => {
  const { client, opened } = streaming(3);
  const shared = new RunCache();
  const a = sharingReads(client, shared);
  const b = sharingReads(client, shared);
  const first = await readAll(await a.open(list));
  const second = await readAll(await b.open({ ...list, query: { offset: 0, limit: 1 } }));
  expect(opened).toHaveLength(1);
  expect(second).toEqual(first);
  expect(second.map((c) => c.atMs)).toEqual([10, 20, 30]);
  // The check's own repeat opens the listing again.
  await readAll(await b.open(list));
  expect(opened).toHaveLength(2);
});

test('a stream stopped early, still being read, or too large is not handed on', async () => {
  const stopped = streaming(3);
  let shared = new RunCache();
  await readAll(await sharingReads(stopped.client, shared).open(list), 1);
  await readAll(await sharingReads(stopped.client, shared).open(list));
  expect(stopped.opened).toHaveLength(2);

  const reading = streaming(3);
  shared = new RunCache();
  const open = await sharingReads(reading.client, shared).open(list);
  await readAll(await sharingReads(reading.client, shared).open(list));
  await readAll(open);
  expect(reading.opened).toHaveLength(2);

  const large = streaming(3, MAX_KEPT_BYTES / 2);
  shared = new RunCache();
  await readAll(await sharingReads(large.client, shared).open(list));
  await readAll(await sharingReads(large.client, shared).open(list));
  expect(large.opened).toHaveLength(2);
});
