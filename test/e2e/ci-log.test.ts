/**
 * A red CI job says why: `conformance run` with stdout piped (not a terminal) and `--junit` keeps
 * stdout for the report path, and prints on stderr the verdict line and each failing check's id;
 * under GitHub Actions also the `::error` annotations. Against the mock with a planted MUST fault
 * (and a SHOULD one, a warning at --level must), two checks picked with --only, so it stays fast.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../../mock/index.js';

const BIN = join(import.meta.dirname, '../../bin/conformance.js');
const dir = mkdtempSync(join(tmpdir(), 'ci-log-e2e-'));
const MUST_CHECK = 'chat-completions.rejects-continue-with-generation-prompt';
const SHOULD_CHECK = 'chat-completions.usage-adds-up';

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = { ...process.env };
    delete clean.GITHUB_ACTIONS;
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        ...clean,
        GITHUB_STEP_SUMMARY: '',
        CONFORMANCE_TOKEN: 'mock-token',
        CONFORMANCE_BASIC: 'api:mock-key',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let faulty: MockServer;
beforeAll(async () => {
  faulty = await startMockServer({
    host: '127.0.0.1',
    port: 0,
    faults: ['chat-completions.continue-with-generation-prompt-accepted', 'chat-completions.usage-does-not-add-up'],
  });
});
afterAll(() => faulty.close());

const run = (junit: string, env: Record<string, string> = {}) =>
  cli(['run', '--target', faulty.url, '--only', `${MUST_CHECK},${SHOULD_CHECK}`, '--seed', '7', '--junit', junit], env);

test('stdout piped with --junit: stdout is the path, stderr the verdict and the failing check', async () => {
  const junit = join(dir, 'plain', 'junit.xml');
  const r = await run(junit);
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toBe(`${junit}\n`);
  expect(existsSync(junit)).toBe(true);
  expect(r.stderr).toMatch(/^Verdict: NOT CONFORMANT at level must/m);
  expect(r.stderr).toMatch(new RegExp(`^ {2}FAIL {2}${MUST_CHECK.replace(/\./g, '\\.')}: HTTP 200 .*; expected `, 'm'));
  expect(r.stderr).not.toMatch(new RegExp(`FAIL +${SHOULD_CHECK}`));
  expect(r.stderr).toContain(`Reports: ${junit}\n`);
  expect(r.stderr).not.toMatch(/^::/m);
}, 60_000);

test('under GitHub Actions, stderr also carries ::error for the gating failure and ::warning for the other', async () => {
  const junit = join(dir, 'gh', 'junit.xml');
  const r = await run(junit, { GITHUB_ACTIONS: 'true' });
  expect(r.code, r.stderr).toBe(1);
  expect(r.stdout).toBe(`${junit}\n`);
  const commands = r.stderr.split('\n').filter((l) => l.startsWith('::'));
  // The MUST check and its streamed twin (the `--only` prefix takes both), then the SHOULD one.
  expect(commands).toHaveLength(3);
  expect(commands[0]).toMatch(
    new RegExp(`^::error title=${MUST_CHECK.replace(/\./g, '\\.')}(\\.streamed)?::HTTP 200 .*%0AMUST §7: `),
  );
  expect(commands[2]).toMatch(
    new RegExp(`^::warning title=${SHOULD_CHECK.replace(/\./g, '\\.')}::.*not gating at level must`),
  );
  const quiet = await cli(['run', '--target', faulty.url, '--only', MUST_CHECK, '--junit', junit, '--quiet'], {
    GITHUB_ACTIONS: 'true',
  });
  expect(quiet.code).toBe(1);
  expect(quiet.stderr).not.toMatch(/^(Verdict|::)/m);
}, 60_000);
