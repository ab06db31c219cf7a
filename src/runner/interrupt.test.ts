/** An interrupt (SIGINT/SIGTERM) stops a run as its deadline would: nothing more is sent, the rest is listed as not run. */
import { runnerTestTarget } from '../../test/helpers/runner-target.js';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type CheckDefinition, defineCheck, type TargetConfig } from '../core/check.js';
import { fail, pass } from '../core/result.js';
import { verdictOfReport } from '../core/verdict-of-report.js';
import { interruptedLine, interruptOnSignals, notRunForInterrupt, type SignalHost } from './interrupt.js';
import { runSuite } from './run-suite.js';

/** When each request reached the target (performance.now()). */
const arrivals: number[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // A slow target: every answer takes 100 ms.
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    }, 100);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const target = (): TargetConfig => runnerTestTarget(baseUrl);

/** A check that sends 4 requests one after another, and goes on sending whatever fails (as a careless check might). */
const stubborn = (i: number, verdict: 'pass' | 'fail' = 'pass'): CheckDefinition =>
  defineCheck({
    id: `t.check-${String(i).padStart(2, '0')}`,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'sends four requests',
    run: async (ctx) => {
      for (let n = 0; n < 4; n++) await ctx.http.send({ method: 'GET', path: '/v1/slow' }).catch(() => undefined);
      return verdict === 'pass' ? pass() : fail({ expected: 'a', actual: 'b' });
    },
  });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test('an interrupt mid-run sends nothing more, lists every check not judged as not run, and the report says so', async () => {
  arrivals.length = 0;
  const checks = Array.from({ length: 12 }, (_, i) => stubborn(i, i === 0 ? 'fail' : 'pass'));
  const interrupt = new AbortController();
  let abortedAt = Number.POSITIVE_INFINITY;
  setTimeout(() => {
    abortedAt = performance.now();
    interrupt.abort('SIGTERM');
  }, 650);
  const report = await runSuite({
    target: target(),
    checks,
    level: 'must',
    seed: 1,
    runs: 1,
    timeoutMs: 5_000,
    deadlineMs: 60_000,
    concurrency: 2,
    maxBodyBytes: 1 << 20,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    replayBase: 'conformance run',
    preflight: false,
    interrupt: interrupt.signal,
  });
  const ended = performance.now();
  expect(ended - abortedAt, 'the run ends at once, not after its checks').toBeLessThan(500);
  // The checks cut short go on trying to send: give them time, then count what reached the target.
  await sleep(400);
  // A request written just before the abort may land a moment after it; none is sent later.
  expect(arrivals.filter((t) => t > abortedAt + 50)).toEqual([]);
  expect(arrivals.length).toBeLessThan(12 * 4);

  const notRun = report.results.filter(notRunForInterrupt);
  const run = report.results.filter((r) => !notRunForInterrupt(r));
  // 650 ms at 2 lanes of 400 ms checks: 2 judged (the failing one first among them), 2 cut short, 8 never started.
  expect(run.length).toBeGreaterThanOrEqual(1);
  expect(notRun.length).toBeGreaterThanOrEqual(8);
  expect(run.length + notRun.length).toBe(12);
  expect(notRun.map((r) => r.reason)).toContain('not run: interrupted by SIGTERM while it ran');
  expect(notRun.map((r) => r.reason)).toContain('not run: interrupted by SIGTERM');
  expect(report.results.find((r) => r.id === 't.check-00')).toMatchObject({ status: 'fail' });

  expect(report.unjudged).toMatchObject({
    code: 'CTS_INTERRUPTED',
    reason: `interrupted by SIGTERM after ${run.length} of 12 checks; the other ${notRun.length} were not run`,
    families: [],
  });
  // The coverage says why the checks not run left their holes.
  const holes = report.coverage!.holes.filter((h) => h.kind === 'check-skipped');
  expect(holes.length).toBe(notRun.length);
  for (const h of holes) expect(h.cause).toMatchObject({ code: 'not-judged', reason: 'not judged (CTS_INTERRUPTED)' });
  // The failure found before the interrupt still decides the word; the verdict is incomplete either way.
  expect(verdictOfReport(report)).toMatchObject({ word: 'NOT CONFORMANT', interrupted: true });
  expect(report.summary).toMatchObject({ conformant: false, skipped: notRun.length });
  expect(interruptedLine(interrupt.signal, [report], 12, ['out.json'])).toBe(
    `conformance: interrupted by SIGTERM: ${run.length} of 12 checks run; reports written: out.json\n`,
  );
}, 15_000);

test('interrupted before it starts, a run sends nothing (not even the preflight) and judges nothing', async () => {
  arrivals.length = 0;
  const interrupt = new AbortController();
  interrupt.abort('SIGINT');
  const report = await runSuite({
    target: target(),
    checks: [stubborn(1), stubborn(2)],
    level: 'must',
    seed: 1,
    runs: 1,
    timeoutMs: 5_000,
    concurrency: 2,
    maxBodyBytes: 1 << 20,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    replayBase: 'conformance run',
    interrupt: interrupt.signal,
  });
  await sleep(100);
  expect(arrivals).toEqual([]);
  expect(report.results.map((r) => r.reason)).toEqual([
    'not run: interrupted by SIGINT',
    'not run: interrupted by SIGINT',
  ]);
  expect(verdictOfReport(report)).toMatchObject({ word: 'COULD NOT JUDGE', interrupted: true });
  expect(report.unjudged?.reason).toBe('interrupted by SIGINT after 0 of 2 checks; the other 2 were not run');
});

/** `process` as interruptOnSignals sees it: signals it can be sent, what it printed, how it exited. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const said: string[] = [];
  const exits: number[] = [];
  const host: SignalHost = {
    on: (e, l) => emitter.on(e, l),
    off: (e, l) => emitter.off(e, l),
    exit: (code) => void exits.push(code),
    stderr: { write: (text: string) => said.push(text) },
  };
  return { host, said, exits, send: (s: 'SIGINT' | 'SIGTERM') => emitter.emit(s, s), emitter };
}

test('the first signal aborts the run with its name; a second exits at once with 128 + its number', () => {
  const p = fakeProcess();
  const interrupt = interruptOnSignals(p.host);
  p.send('SIGTERM');
  expect(interrupt.signal.aborted).toBe(true);
  expect(interrupt.signal.reason).toBe('SIGTERM');
  expect(p.exits).toEqual([]);
  expect(p.said).toEqual(['conformance: SIGTERM: stopping and writing the reports (SIGTERM again: exit at once)\n']);
  p.send('SIGTERM');
  expect(p.exits).toEqual([143]);
  expect(p.said.at(-1)).toBe('conformance: SIGTERM again: exiting at once, without the reports\n');
  interrupt.dispose();
  expect(p.emitter.listenerCount('SIGINT') + p.emitter.listenerCount('SIGTERM')).toBe(0);

  const q = fakeProcess();
  interruptOnSignals(q.host);
  q.send('SIGINT');
  q.send('SIGINT');
  expect(q.exits).toEqual([130]);
});
