/** The checks' preparation goes on one after another, in start order, and a failure stays with its check. */
import { expect, test } from 'vitest';
import { defineCheck, type CheckDefinition, type CheckSchedule } from '../core/check.js';
import { pass } from '../core/result.js';
import { prepareInOrder } from './preparation.js';

const check = (id: string, prepare?: CheckSchedule['prepare']): CheckDefinition =>
  defineCheck({
    id,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'r',
    run: async () => pass(),
    ...(prepare ? { schedule: { prepare } } : {}),
  });

const tick = () => new Promise<void>((r) => setTimeout(r, 5));

test('preparations run one after another, in the order given, not at once', async () => {
  const log: string[] = [];
  const slow = (name: string) => async () => {
    log.push(`${name} start`);
    await tick();
    log.push(`${name} end`);
  };
  const p = prepareInOrder([check('t.b', slow('b')), check('t.none'), check('t.a', slow('a'))]);
  await p.all;
  expect(log).toEqual(['b start', 'b end', 'a start', 'a end']);
});

test('a check waits for its own preparation only; one without any goes at once', async () => {
  let prepared = false;
  const slow = check('t.slow', async () => {
    await tick();
    prepared = true;
  });
  const p = prepareInOrder([slow, check('t.none')]);
  expect(await p.of(check('t.none'))).toBeUndefined();
  expect(prepared).toBe(false);
  expect(await p.of(slow)).toBeUndefined();
  expect(prepared).toBe(true);
});

test('a preparation that throws is its check’s error, and the next one still runs', async () => {
  let after = false;
  const broken = check('t.broken', () => {
    throw new Error('catalogue failed');
  });
  const next = check('t.next', () => {
    after = true;
  });
  const p = prepareInOrder([broken, next]);
  expect(await p.of(broken)).toEqual({ error: new Error('catalogue failed') });
  expect(await p.of(next)).toBeUndefined();
  expect(after).toBe(true);
  await expect(p.all).resolves.toBeUndefined();
});
