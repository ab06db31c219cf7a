import { expect, test } from 'vitest';
import { createRedactor } from '../core/redact.js';
import type { CheckResult } from '../core/result.js';
import type { HttpExchange } from '../transport/types.js';
import { createHandOff } from './hand-off.js';

const SECRET = 'sk-hand-off-secret';
const OWNER = 'errors.rejects-invalid-body.chat-create';
const SEER = 'errors.error-message-without-internals.chat-create';
const ctx = { redact: createRedactor([SECRET]), token: SECRET, seed: 9, replayBase: 'conformance run' };

const exchange = (status: number): HttpExchange => ({
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:1/v1/chat/completions',
    headers: { authorization: `Bearer ${SECRET}` },
    body: '{"temperature":"very hot"}',
  },
  response: { status, headers: {}, bodyText: '{"id":"x"}', truncated: false, durationMs: 1 },
  json: { id: 'x' },
});
const breach = (status = 200) => ({
  expected: 'a 4xx rejection: `temperature` a string',
  actual: `HTTP ${status}: ${status >= 500 ? 'a server error instead of a rejection' : 'the request was accepted'}`,
  exchange: exchange(status),
});
const result = (id: string, status: CheckResult['status'], more: Partial<CheckResult> = {}): CheckResult => ({
  id,
  operation: 'chat.create',
  section: '§4.1',
  level: id === OWNER ? 'MUST' : 'SHOULD',
  requirement: 'r',
  durationMs: 1,
  status,
  ...more,
});

test('an owner that passed fails with the evidence handed to it, a note naming the check that saw it', () => {
  const h = createHandOff();
  h.reporterOf(SEER)(OWNER, breach());
  const [owner, seer] = h.apply([result(OWNER, 'pass'), result(SEER, 'skip', { reason: 'accepted' })], ctx);
  expect(owner).toMatchObject({ id: OWNER, status: 'fail', expected: breach().expected, actual: breach().actual });
  expect(owner?.notes?.[0]).toMatch(new RegExp(`^handed off by ${SEER.replace(/\./g, '\\.')}`));
  expect(owner?.evidence?.response?.status).toBe(200);
  expect(owner?.evidence?.request?.body).toContain('very hot');
  expect(owner?.evidence?.replay).toBe(`conformance run --only ${OWNER},${SEER} --seed 9`);
  expect(JSON.stringify(owner)).not.toContain(SECRET);
  expect(seer).toEqual(result(SEER, 'skip', { reason: 'accepted' }));
});

test('an owner that skipped fails too; one that failed keeps its own finding, with a note', () => {
  const h = createHandOff();
  h.reporterOf(SEER)(OWNER, breach(500));
  const [skipped] = h.apply([result(OWNER, 'skip', { reason: 'nothing to judge' })], ctx);
  expect(skipped).toMatchObject({ status: 'fail', actual: 'HTTP 500: a server error instead of a rejection' });
  expect(skipped?.reason).toBeUndefined();
  const [failed] = h.apply([result(OWNER, 'fail', { expected: 'own', actual: 'own' })], ctx);
  expect(failed).toMatchObject({ status: 'fail', expected: 'own', actual: 'own' });
  expect(failed?.notes?.join(' ')).toContain(`also: ${SEER} saw`);
});

test('an owner not in the run is left alone: the evidence goes on the seeing check', () => {
  const h = createHandOff();
  h.reporterOf(SEER)(OWNER, breach());
  const [seer] = h.apply([result(SEER, 'skip', { reason: `accepted; see ${OWNER}` })], ctx);
  expect(seer?.status).toBe('skip');
  expect(seer?.reason).toMatch(/^accepted; see .*not in this run$/);
});

test('only a breach answered 2xx or 5xx is handed off, never to the seeing check itself', () => {
  const h = createHandOff();
  h.reporterOf(SEER)(OWNER, breach(422));
  h.reporterOf(OWNER)(OWNER, breach());
  const results = [result(OWNER, 'pass'), result(SEER, 'pass')];
  expect(h.apply(results, ctx)).toEqual(results);
});

test('an owner not selected in the run still fails with the evidence, when the catalogue knows it', () => {
  const h = createHandOff();
  h.reporterOf(SEER)(OWNER, breach());
  const results = [result(SEER, 'skip', { reason: 'no error to judge' })];
  const applied = h.apply(results, ctx);
  const identity = {
    id: OWNER,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'rejects',
  } as const;
  const orphans = h.orphans(applied, [identity], ctx);
  expect(orphans).toHaveLength(1);
  expect(orphans[0]).toMatchObject({ id: OWNER, level: 'MUST', status: 'fail', requirement: 'rejects' });
  expect(orphans[0]?.notes?.[0]).toMatch(/not selected in this run, but .* saw its rule broken/);
  expect(JSON.stringify(orphans)).not.toContain(SECRET);
  // Not known to the catalogue, or already in the run: no result of its own.
  expect(h.orphans(applied, [], ctx)).toEqual([]);
  expect(h.orphans([...applied, result(OWNER, 'pass')], [identity], ctx)).toEqual([]);
});
