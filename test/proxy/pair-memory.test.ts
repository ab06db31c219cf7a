/**
 * What the proxy's bounded pair memory drops is counted and said: keys forgotten for room appear in
 * the traffic line and in the report's pair halves, never silently unjudged.
 */
import { expect, test } from 'vitest';
import { trafficLine } from '../../src/proxy/report.js';
import { ProxySession } from '../../src/proxy/session.js';
import { pairRuleOf } from '../../src/rules/index.js';

test('keys forgotten past the bound are counted in the traffic line and the report', () => {
  const session = new ProxySession({ target: 'http://127.0.0.1:9', maxBodyBytes: 1 << 20, replay: '' });
  const rule = pairRuleOf('training-jobs.get-returns-same-id')!;
  expect(trafficLine(session)).not.toContain('forgotten');
  // 4,096 keys are kept per rule: two more jobs created make the two oldest go.
  for (let i = 0; i < 4_098; i++)
    session.pairs.feed(rule.pair, rule.id, { key: `job-${i}`, half: { from: 'create' } }, i);
  expect(trafficLine(session)).toContain('2 pair keys forgotten for room');
  expect(session.pairs.report().forgotten).toBe(2);
});
