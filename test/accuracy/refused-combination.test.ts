/**
 * A target that refuses one valid combination of §4.1 fields (`echo: true` with `logprobs: true`,
 * each accepted alone) is NOT CONFORMANT at every seed, with one finding that names the combination,
 * the same at every seed, with the smallest refused request as evidence; the operation's root is
 * not blocked by it (it sends the minimal valid request first), so the other chat checks still judge.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import { runAgainstMock } from '../helpers/run-checks.js';

const CHAT = CATALOGUE.filter((c) => c.operation === 'chat.create');
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

test('one refused combination: NOT CONFORMANT at 10 seeds, with the same single finding naming it', {
  timeout: 120_000,
}, async () => {
  const findings: Record<number, string[]> = {};
  for (const seed of SEEDS) {
    const report = await runAgainstMock(CHAT, {
      level: 'must',
      seed,
      runs: 10,
      faults: ['acceptance.chat-refuses-echo-with-logprobs'],
    });
    expect(report.summary.conformant, `seed ${seed}`).toBe(false);
    const failing = report.results.filter((r) => r.level === 'MUST' && (r.status === 'fail' || r.status === 'error'));
    findings[seed] = failing.map((r) => `${r.id}: ${(r.actual ?? '').split(' (')[0]}`);
    const combo = failing.find((r) => r.actual?.startsWith('refuses '));
    expect(combo?.evidence?.request?.body, `seed ${seed}: the minimal refused request`).toBeDefined();
    const minimal = JSON.parse(combo!.evidence!.request!.body!) as Record<string, unknown>;
    expect(Object.keys(minimal).sort()).toEqual(['echo', 'logprobs', 'max_completion_tokens', 'messages', 'model']);
    const root = report.results.find((r) => r.id === 'acceptance.valid-request-succeeds.chat-create');
    expect(
      report.results.filter(
        (r) => r.blockedBy === root?.id && root?.status === 'fail' && !r.reason?.includes('refuses'),
      ),
      'nothing blocked by a root that failed on a combination',
    ).toEqual([]);
  }
  const expected = ['acceptance.every-field-accepted.chat-create: refuses `echo: true` together with `logprobs: true`'];
  expect(findings).toEqual(Object.fromEntries(SEEDS.map((s) => [s, expected])));
});
