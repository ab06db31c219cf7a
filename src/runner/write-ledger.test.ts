/**
 * The write ledger against a scripted client: valid requests need a slot, requests expected to be
 * refused need none unless accepted, and beyond the budget each operation may accept one invalid
 * body (counted, and handed to the runner as the sending check's failure) before its refusals stop.
 */
import { expect, test } from 'vitest';
import { ConformanceError } from '../core/errors.js';
import type { HttpClient, HttpExchange, HttpRequestSpec } from '../transport/types.js';
import { createWriteLedger } from './write-ledger.js';

const LOG = '/v1/preview/models/3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90/log';
const CREATE = '/v1/preview/training-jobs';

/** A client that answers 2xx to what `accepts` says and 422 to the rest, counting what reached it. */
function scripted(accepts: (spec: HttpRequestSpec) => boolean): { client: HttpClient; sent: HttpRequestSpec[] } {
  const sent: HttpRequestSpec[] = [];
  const exchange = (spec: HttpRequestSpec, status: number): HttpExchange => ({
    request: { method: spec.method, url: `http://t${spec.path}`, headers: {} },
    response: { status, headers: {}, bodyText: '{}', truncated: false, durationMs: 1 },
    json: spec.path === CREATE && status === 200 ? { id: `job-${sent.length}` } : {},
  });
  return {
    sent,
    client: {
      async send(spec) {
        sent.push(spec);
        return exchange(spec, accepts(spec) ? 200 : 422);
      },
      open: () => Promise.reject(new Error('not used')),
    },
  };
}

const valid = (path = LOG): HttpRequestSpec => ({ method: 'POST', path, json: { split: 'train' } });
const invalid = (path = LOG): HttpRequestSpec => ({ method: 'POST', path, json: { split: 1 }, expect: 'refusal' });

async function budgetError(p: Promise<unknown>): Promise<ConformanceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ConformanceError.is(err) && err.code).toBe('CTS_WRITE_BUDGET');
  return err as ConformanceError;
}

test('requests expected to be refused cost nothing when refused, even with the budget spent', async () => {
  const { client, sent } = scripted((spec) => spec.expect !== 'refusal');
  const ledger = createWriteLedger(2);
  const http = ledger.wrap(client).http;
  await http.send(valid());
  await http.send(valid(CREATE));
  await budgetError(http.send(valid()));
  for (let i = 0; i < 5; i++) expect((await http.send(invalid())).response.status).toBe(422);
  expect(sent).toHaveLength(7);
  expect(ledger.summary()).toMatchObject({ max: 2, count: 2 });
});

test('the first invalid body an operation accepts beyond the budget is counted and reported; after it, that operation sends no more', async () => {
  const { client, sent } = scripted(() => true);
  const ledger = createWriteLedger(2);
  const earlier = ledger.wrap(client);
  await earlier.http.send(valid());
  await earlier.http.send(valid());
  const check = ledger.wrap(client);
  // The budget is spent: the invalid body is still sent, and its acceptance fails the check that sent it.
  expect((await check.http.send(invalid())).response.status).toBe(200);
  expect(check.acceptedBeyond()).toMatchObject({ status: 200, request: { method: 'POST', url: `http://t${LOG}` } });
  expect(earlier.acceptedBeyond()).toBeUndefined();
  const err = await budgetError(check.http.send(invalid()));
  expect(err.message).toMatch(/\/log has already accepted a request it should refuse/);
  await budgetError(check.http.send(valid()));
  // Another operation has not shown it accepts garbage: its first invalid body still goes out.
  expect((await check.http.send(invalid(CREATE))).response.status).toBe(200);
  await budgetError(check.http.send(invalid(CREATE)));
  expect(sent).toHaveLength(4);
  expect(ledger.summary()).toMatchObject({ max: 2, count: 4 });
  expect(ledger.summary().created.map((c) => c.operation)).toEqual([
    'trajectories.log',
    'trajectories.log',
    'trajectories.log',
    'training-jobs.create',
  ]);
});

test('invalid bodies accepted within the budget count like any write; the first beyond it is still sent', async () => {
  const { client, sent } = scripted(() => true);
  const ledger = createWriteLedger(3);
  const check = ledger.wrap(client);
  for (let i = 0; i < 3; i++) await check.http.send(invalid(CREATE));
  expect(check.acceptedBeyond()).toBeUndefined();
  await budgetError(check.http.send(valid(CREATE)));
  await check.http.send(invalid(CREATE));
  expect(check.acceptedBeyond()?.exchange?.json).toEqual({ id: 'job-4' });
  await budgetError(check.http.send(invalid(CREATE)));
  expect(sent).toHaveLength(4);
  expect(ledger.summary().count).toBe(4);
  expect(ledger.summary().created.map((c) => c.id)).toEqual(['job-1', 'job-2', 'job-3', 'job-4']);
});

test('with a budget, requests with side effects go out one at a time; reads do not wait', async () => {
  let inFlight = 0;
  let most = 0;
  const client: HttpClient = {
    async send(spec) {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return {
        request: { method: spec.method, url: spec.path, headers: {} },
        response: { status: 422, headers: {}, bodyText: '', truncated: false, durationMs: 5 },
        json: undefined,
      };
    },
    open: () => Promise.reject(new Error('not used')),
  };
  const http = createWriteLedger(1).wrap(client).http;
  await Promise.all(Array.from({ length: 6 }, () => http.send(invalid())));
  expect(most).toBe(1);
  most = 0;
  await Promise.all(Array.from({ length: 6 }, () => http.send({ method: 'GET', path: '/v2/e/p/predictions' })));
  expect(most).toBeGreaterThan(1);
});

test('an unanswered request keeps its slot; an invalid body unanswered beyond the budget stops the others', async () => {
  let calls = 0;
  const client: HttpClient = {
    async send(spec) {
      calls++;
      if (calls === 2) throw new ConformanceError('CTS_TARGET_TIMEOUT', 'no answer');
      return {
        request: { method: spec.method, url: spec.path, headers: {} },
        response: { status: calls === 1 ? 200 : 422, headers: {}, bodyText: '', truncated: false, durationMs: 1 },
        json: undefined,
      };
    },
    open: () => Promise.reject(new Error('not used')),
  };
  const ledger = createWriteLedger(1);
  const http = ledger.wrap(client).http;
  await http.send(valid());
  await expect(http.send(invalid())).rejects.toThrow('no answer');
  const err = await budgetError(http.send(invalid()));
  expect(err.message).toMatch(/went unanswered/);
  expect(calls).toBe(2);
  expect(ledger.summary().count).toBe(1);
});

test('without a budget nothing is refused and every accepted write is listed', async () => {
  const { client } = scripted(() => true);
  const ledger = createWriteLedger(undefined);
  const http = ledger.wrap(client).http;
  for (let i = 0; i < 12; i++) await http.send(i % 2 ? valid() : invalid(CREATE));
  expect(ledger.summary()).toMatchObject({ max: null, count: 12 });
});

test('with a budget, writes go out one at a time until it is unbound; then side by side, still counted', async () => {
  let inFlight = 0;
  let most = 0;
  const client: HttpClient = {
    async send(spec) {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return {
        request: { method: spec.method, url: `http://t${spec.path}`, headers: {} },
        response: { status: 200, headers: {}, bodyText: '{}', truncated: false, durationMs: 1 },
        json: {},
      };
    },
    open: () => Promise.reject(new Error('not used')),
  };
  const ledger = createWriteLedger(100);
  const http = ledger.wrap(client).http;
  await Promise.all([http.send(valid()), http.send(valid()), http.send(valid())]);
  expect(most).toBe(1);
  expect(ledger.remaining()).toBe(97);
  ledger.unbind();
  await Promise.all([http.send(valid()), http.send(valid()), http.send(valid())]);
  expect(most).toBe(3);
  expect(ledger.remaining()).toBe(94);
  expect(createWriteLedger(undefined).remaining()).toBeUndefined();
});
