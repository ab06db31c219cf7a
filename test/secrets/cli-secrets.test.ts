/**
 * Planted secrets never leave the process: full `conformance run`s (passing and failing, secrets
 * from flags and from the environment) write every output there is (stdout with the console
 * matrix, stderr, JUnit, JSON, Markdown, HTML and $GITHUB_STEP_SUMMARY), and none of it holds a
 * secret in any form.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startHostile, type HostileServer } from '../helpers/hostile-servers.js';
import { runCli, STACK, type CliRun } from '../hostile/report-files.js';
import { findLeaks, plantSecrets, startCliMock, type PlantedSecrets, type RunningMock } from './planted.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-secrets-'));
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((f) => f()));
  rmSync(dir, { recursive: true, force: true });
});

interface Outputs {
  readonly run: CliRun;
  /** Every output, by name: stdout, stderr and each written file. */
  readonly texts: Readonly<Record<string, string>>;
}

/** A full run writing every output into its own folder. Secrets go by flag or by environment. */
async function fullRun(
  name: string,
  target: string | undefined,
  s: PlantedSecrets,
  via: 'flags' | 'env',
  extra: string[] = [],
): Promise<Outputs> {
  const out = join(dir, name);
  const summary = join(dir, `${name}.step-summary.md`);
  writeFileSync(summary, '');
  const args = [
    'run',
    ...(target ? ['--target', target, '--allow-writes'] : []),
    '--timeout',
    '5000',
    '--deadline',
    '30000',
    '--seed',
    '11',
    '--runs',
    '3',
    '--console',
    '--junit',
    join(out, 'junit.xml'),
    '--json',
    join(out, 'report.json'),
    '--markdown',
    join(out, 'report.md'),
    '--html',
    join(out, 'report.html'),
    ...(via === 'flags' ? ['--token', s.token, '--basic', s.basic] : []),
    ...extra,
  ];
  const env = {
    GITHUB_STEP_SUMMARY: summary,
    ...(via === 'env' ? { CONFORMANCE_TOKEN: s.token, CONFORMANCE_BASIC: s.basic } : {}),
  };
  const run = await runCli(args, { env, limitMs: 50_000 });
  const texts: Record<string, string> = {
    stdout: run.stdout,
    stderr: run.stderr,
    'step summary': readFileSync(summary, 'utf8'),
  };
  for (const f of readdirSync(out)) texts[f] = readFileSync(join(out, f), 'utf8');
  return { run, texts };
}

function expectNoLeak(o: Outputs, s: PlantedSecrets): void {
  const leaks = Object.entries(o.texts).flatMap(([where, text]) => findLeaks(where, text, s));
  expect(leaks).toEqual([]);
  expect(o.run.stdout + o.run.stderr).not.toMatch(STACK);
  // Every report was written, and is not empty.
  for (const f of ['junit.xml', 'report.json', 'report.md', 'report.html', 'step summary'])
    expect(o.texts[f]?.length ?? 0, f).toBeGreaterThan(100);
}

test('a passing run against the mock, secrets by flags (mock started with the same flags): nothing leaks', {
  timeout: 60_000,
}, async () => {
  const s = plantSecrets('flags');
  const mock = await startCliMock(['--token', s.token, '--basic', s.basic]);
  cleanup.push(() => mock.stop());
  const o = await fullRun('pass-flags', mock.url, s, 'flags');
  expect(o.run.code, o.run.stderr).toBe(0);
  expectNoLeak(o, s);
  expect(findLeaks('mock stdout', mock.stdout(), s).concat(findLeaks('mock stderr', mock.stderr(), s))).toEqual([]);
});

test('a passing run against the bundled mock, secrets from the environment: nothing leaks', {
  timeout: 60_000,
}, async () => {
  const s = plantSecrets('env');
  const o = await fullRun('pass-env', undefined, s, 'env');
  expect(o.run.code, o.run.stderr).toBe(0);
  expectNoLeak(o, s);
});

test('a failing run against a mock with planted faults (evidence, curl lines, replay commands): nothing leaks', {
  timeout: 60_000,
}, async () => {
  const s = plantSecrets('faults');
  const faults = [
    'auth.accepts-any-credentials',
    'auth.serves-data-with-401',
    'errors.plain-text-error-bodies',
    'streaming.non-json-payload',
  ];
  const mock: RunningMock = await startCliMock(['--faults', faults.join(',')], {
    CONFORMANCE_TOKEN: s.token,
    CONFORMANCE_BASIC: s.basic,
  });
  cleanup.push(() => mock.stop());
  const o = await fullRun('fail-faults', mock.url, s, 'env');
  expect(o.run.code, o.run.stderr).toBe(1);
  expectNoLeak(o, s);
  // The failures did carry evidence (so there was something to redact).
  expect(o.texts['report.json']).toContain('"curl"');
});

test('a failing run against a target that echoes the Authorization header into its headers and body: nothing leaks', {
  timeout: 60_000,
}, async () => {
  const s = plantSecrets('echo');
  const echo: HostileServer = await startHostile('echo-auth', { lifetimeMs: 60_000 });
  cleanup.push(() => echo.close());
  const o = await fullRun('fail-echo', echo.url, s, 'flags');
  expect(o.run.code, o.run.stderr).toBe(1);
  // The target really saw (and echoed) both secrets.
  expect(echo.seen.some((x) => x.authorization === `Bearer ${s.token}`)).toBe(true);
  expect(echo.seen.some((x) => x.authorization === `Basic ${Buffer.from(s.basic).toString('base64')}`)).toBe(true);
  expectNoLeak(o, s);
  expect(o.texts['report.json']).toContain('rejected credentials');
});
