/**
 * A target that goes down on one kind of request (issue 38): a chat completion with `n: 3` and
 * `temperature: 0.7` (one check sends it) makes the server drop every connection and stop listening.
 * Restarted half a second later, the crash is one MUST finding naming that request as the one that
 * brings the target down, shrunk to the fields the crash needs, and the run goes on and judges the rest. Never restarted, the run ends
 * within seconds, NOT CONFORMANT, with that finding and every check not judged listed as a skip saying
 * the target is down, none as a connection error. (Before the watcher, the first run reported the
 * checks in flight as connection errors and went on without naming the request; the second reported
 * every later check as one more connection error.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { type RunSettings, runSuite } from '../../src/runner/run-suite.js';
import { loadRegistry } from '../../src/schemas/registry.js';
import { renderConsole } from '../../reporters/console.js';
import { renderJson } from '../../reporters/json.js';
import { CATALOGUE } from '../../suites/index.js';
import { type CrashingServer, startCrashingServer } from '../helpers/crashing-server.js';
import { defaultTarget } from '../helpers/run-checks.js';

const trigger = (body: Record<string, unknown>) => body.n === 3 && body.temperature === 0.7;
const CHECKS = CATALOGUE;

let server: CrashingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function run(url: string, extra: Partial<RunSettings> = {}): Promise<RunReport> {
  return runSuite({
    target: defaultTarget(url),
    token: DEFAULT_TOKEN,
    basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
    checks: CHECKS,
    level: 'should',
    seed: 1,
    runs: 3,
    timeoutMs: 5_000,
    deadlineMs: 120_000,
    concurrency: 8,
    maxBodyBytes: 4 * 1024 * 1024,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    replayBase: 'conformance run',
    ...extra,
  });
}

const finding = (r: RunReport) => r.results.find((x) => x.id === 'target.stays-up');
const counts = (r: RunReport) => {
  const out: Record<string, number> = {};
  for (const x of r.results) out[x.status] = (out[x.status] ?? 0) + 1;
  return out;
};

const isPlanted = (body: string | undefined) => trigger(JSON.parse(body ?? '{}') as Record<string, unknown>);

describe('a target that goes down on one kind of request', () => {
  it('restarted: the crash is named with its trigger, and the run goes on and judges the rest', async () => {
    server = await startCrashingServer({ trigger, restartAfterMs: 500 });
    const report = await run(server.url, { recoverTimeoutMs: 5_000 });
    const f = finding(report);
    expect(f).toMatchObject({ status: 'fail', level: 'MUST', operation: 'chat.create' });
    expect(f?.actual).toMatch(
      /went down at .* it came back at .* brought it down again \(.*\): that request kills the target, alone; shrunk \(\d+ of \d+ fields out \([a-z_, ]+\)\) in \d+ sends and \d+ restarts of the target$/,
    );
    // The killing request is the planted one shrunk to what the crash needs, with its curl line; the token never appears.
    expect(f?.evidence?.request?.body).toBe('{"n":3,"temperature":0.7}');
    expect(f?.evidence?.curl).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
    expect(f?.evidence?.replay).toBe('conformance run --only chat-completions.prompt-tokens-once-for-n --seed 1');
    expect(JSON.stringify(report)).not.toContain(DEFAULT_TOKEN);
    const restarts = Number(/and (\d+) restarts of the target/.exec(f?.actual ?? '')?.[1]);
    expect(server.crashes.length, 'by the run, then once more alone and at each shrinking step that kept it').toBe(
      1 + restarts,
    );
    expect(server.crashes.every((b) => isPlanted(b))).toBe(true);
    // The run went on: no connection error anywhere, every check but the killing one judged, and passing.
    const c = counts(report);
    expect(c.error ?? 0).toBe(0);
    const others = report.results.filter((r) => r.id !== 'target.stays-up');
    expect(others.filter((r) => r.status === 'skip').map((r) => `${r.id}: ${r.reason}`)).toEqual([
      'chat-completions.prompt-tokens-once-for-n: not judged: a request of this check brought the target down (see target.stays-up)',
    ]);
    expect(c.pass).toBe(others.length - 1);
    expect(report.summary.conformant).toBe(false);
    expect(loadRegistry().validate('report/run-report', JSON.parse(renderJson([report])))).toEqual({ ok: true });
  });

  it('restarted, with --no-crash-replay: the requests in flight are listed, none sent again by the watcher', async () => {
    server = await startCrashingServer({ trigger, restartAfterMs: 500 });
    const report = await run(server.url, { recoverTimeoutMs: 5_000, crashReplay: false });
    const f = finding(report);
    expect(f?.actual).toMatch(/were not sent again \(--no-crash-replay\)/);
    expect(f?.notes?.some((n) => n.includes('"n":3,"temperature":0.7'))).toBe(true);
    // Its check ran again after the comeback (and brought the target down once more): never a connection error.
    expect(server.crashes.length).toBe(2);
    expect(counts(report).error ?? 0).toBe(0);
  });

  it('never restarted: the run ends within seconds, NOT CONFORMANT, the rest listed once as not run', async () => {
    server = await startCrashingServer({ trigger });
    const t0 = performance.now();
    const report = await run(server.url, { recoverTimeoutMs: 1_500 });
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(report.summary.conformant).toBe(false);
    const f = finding(report);
    expect(f?.actual).toMatch(/did not come back within 1\.5 s \(--recover-timeout\)/);
    // The planted request is among the requests in flight the finding lists.
    expect([f?.evidence?.request?.body, ...(f?.notes ?? [])].some((n) => n?.includes('"n":3,"temperature":0.7'))).toBe(
      true,
    );
    const c = counts(report);
    expect(c.error ?? 0, 'no connection errors').toBe(0);
    expect(c.fail).toBe(1);
    const notRun = report.results.filter((r) => r.status === 'skip');
    expect(notRun.length).toBeGreaterThan(10);
    expect(new Set(notRun.map((r) => r.reason?.replace(/at \S+Z/, 'at T'))), 'one reason').toEqual(
      new Set(['not run: the target went down at T and did not come back within 1.5 s (see target.stays-up)']),
    );
    // The console says it once, with the checks it kept from running.
    const text = renderConsole([report], { color: false });
    expect(text.split('and did not come back within 1.5 s (see target.stays-up)').length - 1).toBe(1);
    expect(loadRegistry().validate('report/run-report', JSON.parse(renderJson([report])))).toEqual({ ok: true });
  });
});
