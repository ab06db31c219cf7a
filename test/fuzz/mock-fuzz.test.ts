/**
 * The standalone mock (its own process, real sockets) fed thousands of malformed requests: it
 * never answers 5xx, never crashes, keeps answering well-formed requests correctly meanwhile, and
 * its heap returns near its baseline afterwards. Requests come from a seed; a failure prints the
 * seed and the request's label.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { request, type Agent } from 'undici';
import { BEARER, controlRequest, fuzzAgent, rawExchange, startChildMock, type ChildMock } from './harness.js';
import { deepMessageBody } from './malformed-bodies.js';
import { malformedRequest } from './malformed-requests.js';
import { rawMalformed } from './raw-malformed.js';
import { prng } from './seeded.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_251_121);
const MAX_BODY = 64 * 1024;
const FUZZ_REQUESTS = 2_400;
const RAW_REQUESTS = 240;
const CONCURRENCY = 24;
const MiB = 1024 * 1024;

let mock: ChildMock;
let agent: Agent;

beforeAll(async () => {
  mock = await startChildMock({
    maxBodyBytes: MAX_BODY,
    headersTimeoutMs: 1_000,
    requestTimeoutMs: 2_000,
    idleTimeoutMs: 5_000,
  });
  agent = fuzzAgent(CONCURRENCY);
});
afterAll(async () => {
  await agent?.close();
  await mock?.stop();
});

/** Runs `n` tasks with bounded concurrency. */
async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

let baseline: { heapUsed: number; rss: number };

test('warm-up: well-formed requests are answered correctly, and the heap baseline is taken', async () => {
  for (let i = 0; i < 60; i++) {
    const c = await controlRequest(mock.url, agent, i);
    expect(c.ok, c.what).toBe(true);
  }
  baseline = await mock.heap();
});

test(`${FUZZ_REQUESTS} malformed requests (seed ${SEED}): never a 5xx, and well-formed requests keep working meanwhile`, {
  timeout: 60_000,
}, async () => {
  const r = prng(SEED);
  const requests = Array.from({ length: FUZZ_REQUESTS }, () => malformedRequest(r));
  const serverErrors: string[] = [];
  const controlFailures: string[] = [];
  const statuses = new Map<number, number>();
  const judged = new Set<string>(); // labels of requests the mock parsed and rejected (400/422)
  let controls = 0;
  await pool(FUZZ_REQUESTS, CONCURRENCY, async (i) => {
    const q = requests[i]!;
    try {
      const res = await request(`${mock.url}${q.path}`, {
        method: q.method as 'GET',
        headers: q.headers,
        body: q.body ?? null,
        dispatcher: agent,
      });
      await res.body.dump({ limit: 4 * MiB });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 400 || res.statusCode === 422) judged.add(q.label);
      if (res.statusCode >= 500)
        serverErrors.push(`#${i} ${q.label}: ${q.method} ${q.path.slice(0, 60)} -> ${res.statusCode}`);
    } catch (err) {
      // The client refusing to send (a header undici will not write) is not the mock's doing.
      const code = (err as { code?: string }).code ?? '';
      if (code !== 'UND_ERR_INVALID_ARG')
        serverErrors.push(`#${i} ${q.label}: ${q.method} ${q.path.slice(0, 60)} -> ${code || (err as Error).message}`);
    }
    if (i % 20 === 0) {
      controls++;
      const c = await controlRequest(mock.url, agent, i / 20).catch((err: Error) => ({ ok: false, what: err.message }));
      if (!c.ok) controlFailures.push(`control after #${i}: ${c.what}`);
    }
  });
  expect(mock.exited(), 'the mock process is still running').toBeUndefined();
  expect(serverErrors, `seed ${SEED}`).toEqual([]);
  expect(controlFailures, `seed ${SEED}`).toEqual([]);
  expect(controls).toBeGreaterThan(100);
  // The fuzzing reached past routing, size limit and authentication: the mock parsed and judged these.
  for (const label of [
    'truncated JSON',
    'invalid UTF-8',
    'wrong types',
    'nested 4096',
    'lone surrogate escape',
    'numbers JSON forbids',
  ])
    expect([...judged], label).toContain(label);
});

test(`${RAW_REQUESTS} raw malformed requests: each is answered 4xx or the connection is closed, never 5xx`, {
  timeout: 60_000,
}, async () => {
  const r = prng(SEED + 1);
  const cases = Array.from({ length: RAW_REQUESTS }, () => rawMalformed(r));
  const bad: string[] = [];
  await pool(RAW_REQUESTS, CONCURRENCY, async (i) => {
    const c = cases[i]!;
    const res = await rawExchange(mock.port, c.bytes, 4_000);
    if (res.status !== undefined && res.status >= 500) bad.push(`#${i} ${c.label}: ${res.status}`);
  });
  expect(mock.exited()).toBeUndefined();
  expect(bad, `seed ${SEED + 1}`).toEqual([]);
  for (let i = 0; i < 3; i++) expect((await controlRequest(mock.url, agent, i)).ok).toBe(true);
});

test('a body over the limit is answered 413, whether its length is declared or chunked', async () => {
  // A raw client sends slowly and stops once the answer arrives: writing on after the server
  // closed would be EPIPE on our side and lose the answer we are testing (undici copes; see below).
  const chunk = (n: number) => `${n.toString(16)}\r\n${'b'.repeat(n)}\r\n`;
  const declared = await rawExchange(mock.port, (write) => {
    write(
      `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY * 3}\r\n\r\n`,
    );
    write('{"messages":');
  });
  expect(declared.status, `${declared.error} ${JSON.stringify(declared.text.slice(0, 80))}`).toBe(413);
  const chunked = await rawExchange(
    mock.port,
    (write, done) => {
      write(
        `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      let sent = 0;
      const more = () => {
        if (done() || sent++ > 16) return;
        write(chunk(8 * 1024));
        setTimeout(more, 5);
      };
      more();
    },
    3_000,
    true,
  );
  expect(chunked.status, `${chunked.error} ${JSON.stringify(chunked.text.slice(0, 80))}`).toBe(413);
  // And an ordinary client that sends it all in one go.
  for (const size of [MAX_BODY + 1, MAX_BODY * 20]) {
    const res = await request(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(size) }] }),
      dispatcher: agent,
    });
    await res.body.dump();
    expect(res.statusCode).toBe(413);
  }
  for (let i = 0; i < 3; i++) expect((await controlRequest(mock.url, agent, i)).ok).toBe(true);
});

// A body nested deeper than MAX_JSON_DEPTH is refused before anything recurses over it (found by this fuzz).
test('a chat message nested 10 000 deep is answered 4xx, not 500', async () => {
  const res = await request(`${mock.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: BEARER, 'content-type': 'application/json' },
    body: deepMessageBody(10_000),
    dispatcher: agent,
  });
  await res.body.dump();
  expect(res.statusCode).toBeLessThan(500);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
});

// n is bounded (MAX_N, and n × max tokens): `{"n": 1e308}` once ran the mock out of memory (found by FUZZ_SEED=2).
test('a chat request with n = 1e308 is answered 4xx promptly, and the mock survives it', {
  timeout: 20_000,
}, async () => {
  const own = await startChildMock({}, ['--max-old-space-size=128']);
  const quick = fuzzAgent(2);
  try {
    const res = await request(`${own.url}/v1/chat/completions`, {
      method: 'POST',
      dispatcher: quick,
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: '{"messages":[{"role":"user","content":"hi"}],"max_completion_tokens":4,"n":1e308}',
      headersTimeout: 3_000,
      bodyTimeout: 3_000,
    });
    await res.body.dump();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(own.exited()).toBeUndefined();
  } finally {
    await quick.destroy();
    await own.stop();
  }
});

test('afterwards the heap returns near its baseline (heapUsed after full GCs in the mock process)', {
  timeout: 30_000,
}, async () => {
  // Let keep-alive sockets and timers of the fuzz traffic expire, then collect.
  await agent.close();
  agent = fuzzAgent(CONCURRENCY);
  await new Promise((r) => setTimeout(r, 500));
  const after = await mock.heap();
  const growth = after.heapUsed - baseline.heapUsed;
  // Near: within 8 MiB or 25% of the baseline, whichever is larger (the JIT and caches settle).
  const allowed = Math.max(8 * MiB, baseline.heapUsed * 0.25);
  console.info(
    `mock heapUsed: baseline ${(baseline.heapUsed / MiB).toFixed(1)} MiB, after fuzzing ${(after.heapUsed / MiB).toFixed(1)} MiB (growth ${(growth / MiB).toFixed(2)} MiB); rss ${(baseline.rss / MiB).toFixed(0)} -> ${(after.rss / MiB).toFixed(0)} MiB`,
  );
  expect(growth, `heapUsed grew by ${(growth / MiB).toFixed(2)} MiB`).toBeLessThan(allowed);
  expect(mock.exited()).toBeUndefined();
});
