/**
 * Checks that judge different things of the same invalid bodies draw them alike (`sharesCasesWith`):
 * each body goes out once. (That each still fails on its own fault is the fault battery's to show.)
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../index.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';

const byId = new Map(CATALOGUE.map((c) => [c.id, c]));

test('every check that shares cases names a check of the catalogue on the same operation', () => {
  const sharers = CATALOGUE.filter((c) => c.schedule?.sharesCasesWith !== undefined);
  expect(sharers.map((c) => c.id)).toContain('errors.error-body-shape.chat-create');
  for (const c of sharers) expect(byId.get(c.schedule!.sharesCasesWith!)?.operation, c.id).toBe(c.operation);
});

const pair = ['errors.rejects-invalid-body.chat-create', 'errors.error-body-shape.chat-create'].map(
  (id) => byId.get(id)!,
);

async function requestsSent(checks: typeof pair): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  const report = await runAgainstMock(checks, {
    level: 'should',
    onEvent: (e) => {
      if (e.type === 'check-end') sent.set(e.result.id, e.requests);
    },
  });
  expect(report.results.map((r) => [r.id, r.status])).toEqual(checks.map((c) => [c.id, 'pass']));
  return sent;
}

test('the invalid chat bodies go out once for both checks, and both pass on the mock', async () => {
  const [source, sharer] = pair as [(typeof pair)[0], (typeof pair)[0]];
  const together = await requestsSent(pair);
  const alone = await requestsSent([sharer]);
  // With its source in the run, the sharer sends at most its two raw bodies; alone, its cases too.
  expect(together.get(sharer.id)).toBeLessThanOrEqual(2);
  expect(alone.get(sharer.id)).toBeGreaterThan(together.get(sharer.id)! + 1);
  expect(together.get(source.id)).toBeGreaterThanOrEqual(alone.get(sharer.id)! - 2);
});
