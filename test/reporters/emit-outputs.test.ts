/**
 * What `emitOutputs` (app/cli/outputs.ts) leaves in a CI log: stdout keeps only the report paths
 * when it is not a terminal, and stderr gets the verdict and the failures whatever the terminal and
 * report flags, unless --quiet, or the matrix was just printed on the terminal stderr shares. Under
 * GitHub Actions stderr also gets the annotations.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { emitOutputs, wantsFailureSummary } from '../../app/cli/outputs.js';
import { verdictOf } from '../../src/gating/verdict.js';
import { capturingOutput } from '../helpers/stdout.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-ci-log-'));
const ENV = ['GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY', 'NO_COLOR'] as const;
let saved: Record<string, string | undefined> = {};
let ttys: [PropertyDescriptor | undefined, PropertyDescriptor | undefined];

beforeEach(() => {
  saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  for (const k of ENV) delete process.env[k];
  ttys = [
    Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'),
    Object.getOwnPropertyDescriptor(process.stderr, 'isTTY'),
  ];
});

afterEach(() => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  for (const [stream, d] of [
    [process.stdout, ttys[0]],
    [process.stderr, ttys[1]],
  ] as const) {
    if (d) Object.defineProperty(stream, 'isTTY', d);
    else delete (stream as { isTTY?: boolean }).isTTY;
  }
});

function terminals(stdout: boolean, stderr: boolean): void {
  Object.defineProperty(process.stdout, 'isTTY', { value: stdout, configurable: true, writable: true });
  Object.defineProperty(process.stderr, 'isTTY', { value: stderr, configurable: true, writable: true });
}

const cfg = (over: { quiet?: boolean; forceConsole?: boolean; junit?: string } = {}) => ({
  outputs: over.junit ? { junit: over.junit } : {},
  quiet: over.quiet ?? false,
  forceConsole: over.forceConsole ?? false,
  color: false,
});

test('stdout piped, --junit: stdout is the path alone, stderr the verdict, the failing ids and the path', async () => {
  terminals(false, false);
  const junit = join(dir, 'a', 'junit.xml');
  const reports = singleTargetRun();
  const out = await capturingOutput(() => emitOutputs(reports, cfg({ junit })));
  expect(out.stdout).toBe(`${junit}\n`);
  expect(out.stderr).toContain(`Verdict: ${verdictOf(reports[0]!).line}\n`);
  expect(out.stderr).toContain('  FAIL  chat-completions.rejects-empty-messages: ');
  expect(out.stderr).toContain('  ERROR training-jobs.get-returns-created-job: ');
  expect(out.stderr).toMatch(new RegExp(`Reports: ${junit.replace(/[.]/g, '\\.')}\\n$`));
  expect(out.stderr).not.toMatch(/^::/m);
});

test('--quiet silences it; without report files the matrix goes to stdout and stderr still says the verdict', async () => {
  terminals(false, false);
  const quiet = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg({ quiet: true })));
  expect(quiet.stderr).toBe('');
  const plain = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg()));
  expect(plain.stdout).toContain('Verdict\n');
  expect(plain.stderr).toMatch(/^Verdict: NOT CONFORMANT/);
});

test('on a terminal the matrix is not said twice; with stderr elsewhere it is', async () => {
  terminals(true, true);
  const same = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg()));
  expect(same.stdout).toContain('NOT CONFORMANT');
  expect(same.stderr).toBe('');
  terminals(true, false);
  const apart = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg()));
  expect(apart.stderr).toMatch(/^Verdict: NOT CONFORMANT/);
  // Piped stdout with the matrix on the terminal's stderr: the terminal only has the summary.
  expect(wantsFailureSummary({ quiet: false, matrixShown: false, stdoutTerminal: false, stderrTerminal: true })).toBe(
    true,
  );
});

test('under GitHub Actions, stderr also carries the annotations (stdout keeps only the paths)', async () => {
  terminals(false, false);
  process.env.GITHUB_ACTIONS = 'true';
  const junit = join(dir, 'gh', 'junit.xml');
  const out = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg({ junit })));
  expect(out.stdout).toBe(`${junit}\n`);
  expect(out.stderr).toMatch(/^::error title=chat-completions\.rejects-empty-messages::status 200/m);
  expect(out.stderr).toMatch(/^::warning title=scores\.read-unknown-id-404::/m);
  const quiet = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg({ junit, quiet: true })));
  expect(quiet.stderr).toBe('');
});

test('the Markdown appended to the job summary is named among the reports', async () => {
  terminals(false, false);
  process.env.GITHUB_STEP_SUMMARY = join(dir, 'step-summary.md');
  const out = await capturingOutput(() => emitOutputs(singleTargetRun(), cfg({ junit: join(dir, 'j.xml') })));
  expect(out.stderr).toContain(`Reports: ${join(dir, 'j.xml')}, the job summary ($GITHUB_STEP_SUMMARY)\n`);
});
