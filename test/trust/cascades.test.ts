/**
 * Root causes instead of cascades: against a server whose chat completions lack `usage`, the root
 * check fails once, and the checks that only restate the broken baseline are reported as blocked by
 * it (skips with `blockedBy`), not as failures with the same message.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import { renderConsole } from '../../reporters/index.js';
import { runAgainstVariant } from '../helpers/variant-server.js';

const ROOT = 'acceptance.valid-request-succeeds.chat-create';
const chatChecks = CATALOGUE.filter((c) => c.operation === 'chat.create');

test('a chat answer without usage: one root failure, the restating checks blocked by it', {
  timeout: 120_000,
}, async () => {
  const report = await runAgainstVariant(
    chatChecks,
    {
      after: (req, res) => {
        if (!/chat\/completions/.test(req.path) || res.json === undefined || typeof res.json !== 'object') return res;
        const { usage: _u, ...rest } = res.json as Record<string, unknown>;
        return { ...res, json: rest };
      },
    },
    { level: 'should', seed: 7, runs: 4, target: { bundledMock: true } },
  );
  const root = report.results.find((r) => r.id === ROOT)!;
  expect(root.status).toBe('fail');
  const blocked = report.results.filter((r) => r.blockedBy === ROOT);
  console.log(
    `without usage: ${report.results
      .filter((r) => r.status === 'fail')
      .map((r) => r.id)
      .join(' ')} failures, ${blocked.length} blocked by the root`,
  );
  expect(blocked.length).toBeGreaterThanOrEqual(10);
  for (const b of blocked) {
    expect(b.status).toBe('skip');
    expect(b.reason).toMatch(/^blocked by acceptance\.valid-request-succeeds\.chat-create/);
  }
  // No failure left that only restates the missing usage.
  const restating = report.results.filter(
    (r) => r.status === 'fail' && r.id !== ROOT && /required property 'usage'/.test(r.actual ?? ''),
  );
  expect(restating.map((r) => `${r.id}: ${r.expected}`)).toEqual([]);
  // The console leads with the root and says what it blocks, in one line.
  const text = renderConsole([report], { color: false });
  expect(text).toContain(`blocks ${blocked.length} checks`);
  expect(text.indexOf(ROOT)).toBeLessThan(text.indexOf(blocked[0]!.id));
});
