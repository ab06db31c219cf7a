import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Journal, MAX_BODY_BYTES } from './journal.js';
import { buildRequest } from './request.js';

test('entries are shaped when read: query arrays, credentials redacted, JSON bodies parsed, text kept', () => {
  const journal = new Journal(10, ['mock-token', 'api:mock-key']);
  journal.record(
    buildRequest('POST', '/v1/chat/completions?a=1&a=2&b=3', {
      json: { messages: [] },
      headers: { 'x-api-key': 'k-123', 'x-trace': 'echo mock-token', cookie: 'session=abc' },
    }),
  );
  journal.record(buildRequest('GET', '/v2/acme/evals/scores', { body: 'plain words' }));
  const [chat, list] = journal.entries();
  expect(chat).toMatchObject({
    method: 'POST',
    path: '/v1/chat/completions',
    query: { a: ['1', '2'], b: '3' },
    body: { messages: [] },
    script: null,
  });
  expect(chat?.headers).toMatchObject({
    authorization: 'Bearer ***',
    'x-api-key': '***',
    cookie: '***',
    'x-trace': 'echo ***',
    'content-type': 'application/json',
  });
  expect(list?.headers.authorization).toBe('Basic ***');
  expect(list?.body).toBe('plain words');
  expect(chat?.body_truncated).toBeUndefined();
});

test('the ring keeps the newest entries, oldest first; the slot records the script that answered', () => {
  const journal = new Journal(3, []);
  for (let i = 0; i < 5; i++) {
    const slot = journal.record(buildRequest('GET', `/p${i}`));
    if (i === 4) journal.answeredBy(slot, 'script-1');
  }
  expect(journal.length).toBe(3);
  expect(journal.entries().map((e) => [e.path, e.script])).toEqual([
    ['/p2', null],
    ['/p3', null],
    ['/p4', 'script-1'],
  ]);
  journal.clear();
  expect(journal.entries()).toEqual([]);
});

test('a body longer than the journal keeps is kept as its start, as text, and marked', () => {
  const journal = new Journal(1, []);
  journal.record(buildRequest('POST', '/x', { json: { text: 'y'.repeat(MAX_BODY_BYTES) } }));
  const [entry] = journal.entries();
  expect(entry?.body_truncated).toBe(true);
  expect(typeof entry?.body).toBe('string');
  expect((entry!.body as string).length).toBe(MAX_BODY_BYTES);
});

test('whatever the sizes of the requests, the journal holds a suffix of them, each intact, in a bounded arena', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.array(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 20_000, max: 70_000 })), {
        minLength: 1,
        maxLength: 60,
      }),
      (size, bodies) => {
        const journal = new Journal(size, []);
        bodies.forEach((bytes, i) => {
          journal.record(
            buildRequest('POST', `/r?i=${i}`, {
              body: new Uint8Array(bytes).fill(97 + (i % 26)),
              headers: { n: `${i}` },
            }),
          );
          const entries = journal.entries();
          // The newest request is always there, after a run of the ones before it.
          expect(entries.length).toBeGreaterThan(0);
          expect(entries.length).toBeLessThanOrEqual(size);
          entries.forEach((e, k) => {
            const n = i - (entries.length - 1 - k);
            expect(e.query).toEqual({ i: String(n) });
            expect(e.headers.n).toBe(String(n));
            const kept = Math.min(bodies[n]!, MAX_BODY_BYTES);
            expect(e.body).toBe(kept === 0 ? null : String.fromCharCode(97 + (n % 26)).repeat(kept));
          });
          expect(journal.arenaBytes).toBeLessThanOrEqual(Math.max(size * 16 * 1024, 3 * 16 * 1024 + MAX_BODY_BYTES));
        });
        // Small requests always leave the whole ring.
        if (bodies.slice(-size).every((b) => b <= 300)) expect(journal.length).toBe(Math.min(size, bodies.length));
      },
    ),
    { numRuns: 150 },
  );
});

test('an entry notes the answer: null status until answered, then the status, the bytes and how it ended', () => {
  const journal = new Journal(4, []);
  const whole = journal.record(buildRequest('GET', '/a'));
  const stream = journal.record(buildRequest('POST', '/b'));
  const cut = journal.record(buildRequest('POST', '/c'));
  const gone = journal.record(buildRequest('POST', '/d'));
  expect(journal.entries().map((e) => [e.status, e.response_bytes, e.complete, e.cut])).toEqual([
    [null, 0, false, null],
    [null, 0, false, null],
    [null, 0, false, null],
    [null, 0, false, null],
  ]);
  journal.answered(whole, 404, 27, true);
  for (const slot of [stream, cut, gone]) journal.answered(slot, 200, 0, false);
  journal.sent(stream, 10);
  journal.sent(stream, 5);
  expect(journal.entries()[1]).toMatchObject({ status: 200, response_bytes: 15, complete: false, cut: null });
  journal.ended(stream, 'complete');
  journal.sent(cut, 7);
  journal.ended(cut, 'mock');
  journal.ended(gone, 'client');
  expect(journal.entries().map((e) => [e.path, e.status, e.response_bytes, e.complete, e.cut])).toEqual([
    ['/a', 404, 27, true, null],
    ['/b', 200, 15, true, null],
    ['/c', 200, 7, false, 'mock'],
    ['/d', 200, 0, false, 'client'],
  ]);
});

test('an answer that ends after its entry made room, or after a clear, touches no newer entry', () => {
  const journal = new Journal(2, []);
  const old = journal.record(buildRequest('POST', '/old'));
  journal.answered(old, 200, 0, false);
  journal.record(buildRequest('GET', '/p1'));
  journal.record(buildRequest('GET', '/p2'));
  // /old's ring position now holds /p2: the stream of /old ending must not write into it.
  journal.sent(old, 100);
  journal.ended(old, 'mock');
  journal.answeredBy(old, 'script-9');
  expect(journal.entries().map((e) => [e.path, e.status, e.response_bytes, e.cut, e.script])).toEqual([
    ['/p1', null, 0, null, null],
    ['/p2', null, 0, null, null],
  ]);
  const before = journal.record(buildRequest('GET', '/before-clear'));
  journal.clear();
  const after = journal.record(buildRequest('GET', '/after-clear'));
  journal.answered(before, 500, 3, true);
  journal.answered(after, 204, 0, true);
  expect(journal.entries().map((e) => [e.path, e.status])).toEqual([['/after-clear', 204]]);
});

test('a journal of size 0 keeps nothing and takes answers without complaint', () => {
  const journal = new Journal(0, []);
  const slot = journal.record(buildRequest('GET', '/x'));
  expect(slot).toBe(-1);
  journal.answered(slot, 200, 1, true);
  journal.sent(slot, 1);
  journal.ended(slot, 'client');
  expect(journal.entries()).toEqual([]);
});

test('requests recorded one after another keep their own method, path, query and headers', () => {
  const journal = new Journal(20, []);
  const base = { a: 'x', b: 'y' };
  const sent: Array<[string, string, Record<string, string>]> = [
    ['POST', '/p?q=1', base],
    ['POST', '/p?q=1', { ...base }],
    ['POST', '/p?q=1', { a: 'x', b: 'z' }],
    ['POST', '/p?q=1', { a: 'x' }],
    ['POST', '/p?q=1', { a: 'x', b: 'y', c: 'w' }],
    ['POST', '/p?q=1', { b: 'y', a: 'x' }],
    ['POST', '/p?q=2', base],
    ['POST', '/p', base],
    ['PUT', '/p', base],
    ['PUT', '/r', base],
    ['PUT', '/r', { a: 'x\ny', b: 'y' }],
    ['PUT', '/r', { a: 'x\ny', b: 'y' }],
  ];
  for (const [method, path, headers] of sent) journal.record(buildRequest(method, path, { auth: false, headers }));
  expect(journal.entries().map((e) => [e.method, e.path, e.query, e.headers])).toEqual(
    sent.map(([method, path, headers]) => {
      const q = path.indexOf('?');
      const query = q < 0 ? {} : Object.fromEntries(new URLSearchParams(path.slice(q + 1)));
      const shown = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replaceAll('\n', ' ')]));
      return [method, q < 0 ? path : path.slice(0, q), query, shown];
    }),
  );
});
