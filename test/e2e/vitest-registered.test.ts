/**
 * `registerConformanceTests` as a user meets it: a vitest run of its own (spawned) against a faulty
 * mock. A failing check is a failed test whose message carries the replay line with the run's
 * level; a check that cannot run (writes not allowed) is a skipped test with its reason, never a
 * pass; credentials come from CONFORMANCE_TOKEN / CONFORMANCE_BASIC as in the CLI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';

const broken = await startMockServer({ port: 0, faults: ['chat-completions.usage-does-not-add-up'] });
afterAll(() => broken.close());

interface JsonResults {
  testResults: {
    assertionResults: { fullName: string; status: string; failureMessages: string[]; meta?: Record<string, unknown> }[];
  }[];
}

test('failures carry the replay line with --level, skips are skips with their reason, secrets come from the environment', {
  timeout: 120_000,
}, () => {
  const out = join(mkdtempSync(join(tmpdir(), 'cts-vitest-')), 'results.json');
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'test/e2e/fixtures/registered.config.ts',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    {
      env: {
        ...process.env,
        CTS_FIXTURE_TARGET: broken.url,
        CONFORMANCE_TOKEN: DEFAULT_TOKEN,
        CONFORMANCE_BASIC: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
      },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr.slice(-2000)).toBe(1);
  const results = (JSON.parse(readFileSync(out, 'utf8')) as JsonResults).testResults.flatMap((f) => f.assertionResults);
  const usage = results.find((r) => r.fullName.includes('chat-completions.usage-adds-up'))!;
  expect(usage.status).toBe('failed');
  expect(usage.failureMessages.join('\n')).toContain('--only chat-completions.usage-adds-up');
  expect(usage.failureMessages.join('\n')).toContain('--level should');
  const writing = results.find((r) => r.fullName.includes('acceptance.valid-request-succeeds.training-jobs-create'))!;
  expect(writing.status).toBe('skipped');
});
