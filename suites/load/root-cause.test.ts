/**
 * A server that crosses concurrent chat answers is found by the load check at every --concurrency
 * that lets two requests be in flight (the burst is at most --concurrency), as one root-cause
 * finding: the chat failures the crossing causes elsewhere are reported as blocked by it. At
 * --concurrency 1 nothing is sent at once: the load checks say so. The mock that sheds load with
 * 429 and Retry-After (`maxConcurrency`) passes the shedding rule.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../index.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';
import { loadChecks } from './index.js';

const chatChecks = CATALOGUE.filter((c) => c.operation === 'chat.create');
const BELONG = 'load.answers-belong-to-their-requests';

for (const concurrency of [2, 8]) {
  test(`crossed answers at --concurrency ${concurrency}: one finding, the load check's; the rest blocked by it`, async () => {
    const report = await runAgainstMock(chatChecks, {
      level: 'should',
      concurrency,
      faults: ['load.crossed-answers'],
    });
    const failures = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
    expect(failures.map((r) => r.id)).toEqual([BELONG]);
    expect(report.summary.conformant).toBe(false);
  }, 60_000);
}

test('at --concurrency 1 no burst is sent: the load checks skip, saying why', async () => {
  const report = await runAgainstMock(loadChecks, {
    level: 'should',
    concurrency: 1,
    faults: ['load.crossed-answers'],
  });
  for (const r of report.results)
    expect([r.id, r.status, r.reason]).toEqual([r.id, 'skip', expect.stringMatching(/^--concurrency 1: /)]);
});

test('the mock with maxConcurrency 2 sheds a burst with 429 and Retry-After, and passes the shedding rule', async () => {
  const report = await runAgainstMock(loadChecks, {
    level: 'should',
    mock: { maxConcurrency: 2, latencyMs: 30 },
  });
  expect(report.results.map((r) => [r.id, r.status])).toEqual(loadChecks.map((c) => [c.id, 'pass']));
  const shed = report.results.find((r) => r.id === 'load.sheds-with-429-or-503');
  expect(shed?.status === 'pass' && shed.notes?.join(' ')).toMatch(/shed with 429\/503 and Retry-After|retried/);
}, 60_000);

test('the burst is --load-burst requests (sent alone, then at once); the shedding burst twice that', async () => {
  const sent = new Map<string, number>();
  await runAgainstMock(loadChecks, {
    level: 'should',
    target: { loadBurst: 3 },
    onEvent: (e) => {
      if (e.type === 'check-end') sent.set(e.result.id, e.requests);
    },
  });
  expect(Object.fromEntries(sent)).toEqual({ [BELONG]: 2 * 3, 'load.sheds-with-429-or-503': 2 * 3 });
});
