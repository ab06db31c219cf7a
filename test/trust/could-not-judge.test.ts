/**
 * States that are not "not conformant": a target that cannot be reached, or that refuses the
 * credentials the suite was given, is said so once, its checks are not run, and the verdict is
 * COULD NOT JUDGE with exit code 3, unless a check that did run fails the gate (then exit 1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { CATALOGUE } from '../../suites/index.js';
import { exitCodeOf, verdictOf } from '../../src/gating/verdict.js';
import { freePort } from '../helpers/free-port.js';
import { runAgainstUrl } from '../helpers/run-checks.js';
import { runCli } from '../hostile/report-files.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-unjudged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an unreachable target: one message, no check run, COULD NOT JUDGE, exit 3', { timeout: 30_000 }, async () => {
  const json = join(dir, 'unreachable.json');
  const run = await runCli(['run', '--target', `http://127.0.0.1:${await freePort()}`, '--json', json, '--console']);
  expect(run.code, run.stderr).toBe(3);
  // Said once before the run (the verdict line at the end repeats it: reporters/failure-summary.ts).
  expect(run.stderr.match(/^conformance: .*could not judge \(CTS_TARGET_UNREACHABLE\)/gm)).toHaveLength(1);
  expect(run.stdout).toContain('COULD NOT JUDGE at level must');
  expect(run.stdout).not.toMatch(/^(FAIL|ERROR) /m);
  const report = JSON.parse(readFileSync(json, 'utf8')).reports[0];
  expect(report.unjudged.code).toBe('CTS_TARGET_UNREACHABLE');
  expect(report.results.every((r: { status: string }) => r.status === 'skip')).toBe(true);
});

test('a running mock and no --token: the refusal is said once, naming the flag, and nothing fails', {
  timeout: 30_000,
}, async () => {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  try {
    const run = await runCli(['run', '--target', mock.url, '--basic', 'api:mock-key', '--console']);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr.match(/^conformance: .*could not judge \(CTS_CREDENTIALS_REFUSED\)/gm)).toHaveLength(1);
    // The status and an excerpt of the body, then what to do.
    expect(run.stderr).toContain(
      'on /v1 the target answered HTTP 401 application/json "{\\"detail\\":\\"Authentication failed\\"}", and no credentials were configured: pass --token',
    );
    expect(run.stdout).not.toMatch(/^FAIL /m);
    expect(run.stdout).toContain('COULD NOT JUDGE');
  } finally {
    await mock.close();
  }
});

test('wrong credentials on one family: that family is not run, the other is judged; a judged failure still makes it NOT CONFORMANT (exit 1)', {
  timeout: 60_000,
}, async () => {
  const recordChecks = CATALOGUE.filter(
    (c) => c.operation.startsWith('predictions.') || c.operation.startsWith('chat.'),
  );
  const clean = await startMockServer({ host: '127.0.0.1', port: 0 });
  const broken = await startMockServer({ host: '127.0.0.1', port: 0, faults: ['records.limit-ignored'] });
  try {
    const ok = await runAgainstUrl(clean.url, recordChecks, { token: 'not-the-token', level: 'must', runs: 3 });
    expect(ok.unjudged?.families).toEqual(['bearer']);
    expect(ok.results.filter((r) => r.operation === 'chat.create').every((r) => r.status === 'skip')).toBe(true);
    expect(ok.results.filter((r) => r.operation.startsWith('predictions.')).some((r) => r.status === 'pass')).toBe(
      true,
    );
    expect(verdictOf(ok).word).toBe('COULD NOT JUDGE');
    expect(exitCodeOf([ok])).toBe(3);

    const bad = await runAgainstUrl(broken.url, recordChecks, { token: 'not-the-token', level: 'must', runs: 3 });
    expect(verdictOf(bad).word).toBe('NOT CONFORMANT');
    expect(verdictOf(bad).line).toContain('could not judge (CTS_CREDENTIALS_REFUSED)');
    expect(exitCodeOf([bad])).toBe(1);
    expect(exitCodeOf([ok, bad])).toBe(1);
  } finally {
    await clean.close();
    await broken.close();
  }
});
