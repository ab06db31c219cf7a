/**
 * A cancelled or timed-out CI job: `conformance run` sent SIGTERM (or Ctrl-C's SIGINT) mid-run stops
 * sending, writes every report asked for, each saying it was interrupted, says so in one line and
 * exits 4; a second signal exits at once with the shell's code (130 for SIGINT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';

const BIN = join(import.meta.dirname, '../../bin/conformance.js');
const dir = mkdtempSync(join(tmpdir(), 'interrupt-e2e-'));

interface Running {
  readonly child: ChildProcess;
  stderr(): string;
  /** Resolves once stderr holds `text`. */
  saying(text: string): Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function start(args: string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      GITHUB_STEP_SUMMARY: '',
      CONFORMANCE_TOKEN: 'mock-token',
      CONFORMANCE_BASIC: 'api:mock-key',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout!.resume();
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d;
    for (const w of waiting.splice(0)) {
      if (stderr.includes(w.text)) w.resolve();
      else waiting.push(w);
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return {
    child,
    stderr: () => stderr,
    saying: (text) =>
      stderr.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve })),
    exited,
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let slow: MockServer;
beforeAll(async () => {
  // A slow deployment: every answer takes 300 ms, so a run against it lasts minutes.
  slow = await startMockServer({ host: '127.0.0.1', port: 0, latencyMs: 300 });
});
afterAll(() => slow.close());

interface WrittenReport {
  reports: {
    unjudged?: { code: string; reason: string };
    summary: { conformant: boolean; total: number };
    results: { status: string; reason?: string }[];
  }[];
}

test('SIGTERM mid-run: reports written and saying so, one line, exit 4', async () => {
  const json = join(dir, 'out.json');
  const junit = join(dir, 'out.xml');
  const run = start(['run', '--target', slow.url, '--json', json, '--junit', junit]);
  // The start line comes once the preflight is done and the checks begin.
  await run.saying(`conformance: ${slow.url}: `);
  await sleep(1_000);
  const sent = performance.now();
  run.child.kill('SIGTERM');
  const { code, at } = await run.exited;
  expect(code, run.stderr()).toBe(4);
  expect(at - sent, 'stops at once, not after the checks in flight').toBeLessThan(5_000);

  const line = run
    .stderr()
    .match(/^conformance: interrupted by SIGTERM: (\d+) of (\d+) checks run; reports written: (.*)$/m);
  expect(line, run.stderr()).not.toBeNull();
  const [, done, total, written] = line!;
  expect(Number(done)).toBeLessThan(Number(total));
  expect(written!.split(', ').sort()).toEqual([json, junit].sort());
  expect(run.stderr()).not.toMatch(/\n\s+at /);

  expect(existsSync(json) && existsSync(junit)).toBe(true);
  const report = (JSON.parse(readFileSync(json, 'utf8')) as WrittenReport).reports[0]!;
  expect(report.unjudged?.code).toBe('CTS_INTERRUPTED');
  expect(report.unjudged?.reason).toBe(
    `interrupted by SIGTERM after ${done} of ${total} checks; the other ${Number(total) - Number(done)} were not run`,
  );
  expect(report.summary.conformant).toBe(false);
  const notRun = report.results.filter((r) => r.reason?.startsWith('not run: interrupted by SIGTERM'));
  expect(notRun.length).toBe(Number(total) - Number(done));
  const xml = readFileSync(junit, 'utf8');
  expect(xml).toMatch(/^<\?xml/);
  expect(xml).toContain('not run: interrupted by SIGTERM');
}, 60_000);

test('against the bundled mock, SIGINT still ends the run with its reports (the mock closed), exit 4', async () => {
  const json = join(dir, 'bundled.json');
  const run = start(['run', '--json', json]);
  await run.saying('conformance: bundled-mock: ');
  await sleep(300);
  run.child.kill('SIGINT');
  const { code } = await run.exited;
  // Exiting at all says the in-process mock was closed: its server would hold the process open.
  expect(code, run.stderr()).toBe(4);
  expect(run.stderr()).toMatch(/^conformance: interrupted by SIGINT: \d+ of \d+ checks run; reports written: /m);
  expect((JSON.parse(readFileSync(json, 'utf8')) as WrittenReport).reports[0]!.unjudged?.code).toBe('CTS_INTERRUPTED');
}, 60_000);

test('a second SIGINT exits at once with 130, after one line', async () => {
  const run = start(['run', '--target', slow.url, '--json', join(dir, 'twice.json')]);
  await run.saying(`conformance: ${slow.url}: `);
  await sleep(500);
  run.child.kill('SIGINT');
  // The second signal only once the first was taken: two sent before either is delivered are one.
  await run.saying('conformance: SIGINT: stopping and writing the reports');
  const sent = performance.now();
  run.child.kill('SIGINT');
  const { code, signal, at } = await run.exited;
  expect({ code, signal }, run.stderr()).toEqual({ code: 130, signal: null });
  expect(at - sent).toBeLessThan(2_000);
  expect(run.stderr()).toContain('conformance: SIGINT again: exiting at once, without the reports\n');
  expect(run.stderr()).not.toContain('conformance: interrupted by');
}, 60_000);
