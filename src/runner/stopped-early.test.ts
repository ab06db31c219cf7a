/** A run that stops early says so once: the target gone (dead streak), the deadline hit; judged failures stay. */
import { runnerTestTarget } from '../../test/helpers/runner-target.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { defineCheck, type CheckDefinition } from '../core/check.js';
import { fail, pass } from '../core/result.js';
import { verdictOfReport } from '../core/verdict-of-report.js';
import { TRIP, WINDOW, createDeadStreak } from './dead-streak.js';
import { runSuite, type RunSettings } from './run-suite.js';

let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A server whose n-th request (from 1) `answer` handles: a status and JSON body, `'502'` (nginx's page), or `'reset'`. */
async function serve(answer: (n: number) => number | '502' | 'reset', delayMs = 0): Promise<string> {
  let n = 0;
  server = createServer((req, res) => {
    const a = answer(++n);
    req.resume();
    setTimeout(() => {
      if (a === 'reset') return req.socket.destroy();
      if (a === '502') {
        res.writeHead(502, { 'content-type': 'text/html', server: 'nginx' });
        return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      res.writeHead(a, { 'content-type': 'application/json' });
      res.end(a < 400 ? '{"ok":true}' : '{"detail":"Not Found"}');
    }, delayMs);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const target = runnerTestTarget;

const options = (baseUrl: string, checks: CheckDefinition[], extra: Partial<RunSettings> = {}): RunSettings => ({
  target: target(baseUrl),
  token: 'tok',
  checks,
  level: 'must',
  seed: 1,
  runs: 1,
  timeoutMs: 1_000,
  deadlineMs: 20_000,
  concurrency: 1,
  maxBodyBytes: 1 << 20,
  maxRetries: 0,
  maxRetryWaitMs: 0,
  replayBase: 'conformance run',
  recoverTimeoutMs: 300,
  preflight: false,
  ...extra,
});

/** A MUST check that sends one chat request and passes on a 2xx, fails otherwise. */
const reads = (i: number) =>
  defineCheck({
    id: `t.reads-${i}`,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'answers 2xx',
    run: async (ctx) => {
      const ex = await ctx.http.send({ method: 'POST', path: '/v1/chat/completions', json: { i } });
      return ex.response.status < 300 ? pass() : fail({ expected: '2xx', actual: `HTTP ${ex.response.status}` });
    },
  });
const many = (n: number) => Array.from({ length: n }, (_, i) => reads(i));

test('the dead streak trips on most of the latest checks meeting no answer, never on a few', () => {
  const s = createDeadStreak();
  const end = (id: string, dead: boolean) => {
    s.start(id);
    if (dead) s.unanswered(id, 'HTTP 502');
    else s.answered(id);
    return s.ended(id);
  };
  // Seven of ten met no answer (one broken path): no trip.
  const seven = Array.from({ length: WINDOW }, (_, i) => end(`a${i}`, i % 10 < 7));
  expect(seven.some(Boolean)).toBe(false);
  s.clear();
  const trips = Array.from({ length: TRIP }, (_, i) => end(`b${i}`, true));
  expect(trips.at(-1)).toBe(true);
  expect(trips.slice(0, -1).some(Boolean)).toBe(false);
  // A check that sent nothing of its own does not count either way.
  s.clear();
  s.start('quiet');
  expect(s.ended('quiet')).toBe(false);
  expect(s.count()).toBe(0);
});

test('a target that resets every connection from the start: stopped at the first streak, COULD NOT JUDGE, one reason', async () => {
  const url = await serve(() => 'reset');
  const report = await runSuite(options(url, many(40)));
  expect(report.unjudged?.code).toBe('CTS_TARGET_DOWN');
  expect(report.unjudged?.reason).toMatch(
    /^the target never answered at \S+: every request of 8 of the last 10 checks met no answer of its own \(the last: CTS_TARGET_RESET on POST \/v1\/chat\/completions\), nor did a probe: 40 of 40 checks not run$/,
  );
  expect(verdictOfReport(report).word).toBe('COULD NOT JUDGE');
  expect(new Set(report.results.map((r) => `${r.status}: ${r.reason}`)).size).toBe(1);
  expect(report.results.find((r) => r.id === 'target.stays-up')).toBeUndefined();
});

test('one 503 page or reset among good answers is no streak: every check judged', async () => {
  const url = await serve((n) => (n === 3 ? '502' : n === 7 ? 'reset' : 200));
  const report = await runSuite(options(url, many(20)));
  expect(report.unjudged).toBeUndefined();
  // The 502 is judged as the failure it is (a reset request on a reused connection is sent again).
  expect(report.results.filter((r) => r.status === 'skip')).toEqual([]);
  expect(report.results.filter((r) => r.status === 'fail').map((r) => r.actual)).toContain('HTTP 502');
  expect(report.results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(18);
});

test('failures judged before the target went keep it NOT CONFORMANT; what met the 502s is not judged', async () => {
  // Three real failures (a JSON 404 of the target's own), then the gateway's page to everything.
  const url = await serve((n) => (n <= 3 ? 404 : n <= 6 ? 200 : '502'));
  const report = await runSuite(options(url, many(30)));
  expect(report.unjudged?.code).toBe('CTS_TARGET_DOWN');
  expect(report.unjudged?.reason).toMatch(
    /stopped answering .* it did not come back within 0\.3 s \(--recover-timeout\): 24 of 30 checks not run$/,
  );
  const failed = report.results.filter((r) => r.status === 'fail');
  expect(failed.map((r) => r.actual)).toEqual(['HTTP 404', 'HTTP 404', 'HTTP 404']);
  expect(verdictOfReport(report).word).toBe('NOT CONFORMANT');
  expect(report.results.filter((r) => r.status === 'pass')).toHaveLength(3);
});

test('a deadline that stops more than half of the checks: COULD NOT JUDGE, "deadline hit: N of M checks not run"', async () => {
  const url = await serve(() => 200, 150);
  const report = await runSuite(options(url, many(10), { deadlineMs: 400 }));
  expect(report.unjudged?.code).toBe('CTS_RUN_DEADLINE');
  expect(report.unjudged?.reason).toMatch(
    /^deadline hit: ([6-9]|10) of 10 checks not run \(the run deadline, 0\.4 s, passed\)/,
  );
  expect(verdictOfReport(report).word).toBe('COULD NOT JUDGE');
  expect(report.results.some((r) => r.status === 'error')).toBe(false);
  // A deadline that stops fewer leaves the verdict to what was judged: its cut checks stay errors.
  const most = await runSuite(options(url, many(10), { deadlineMs: 1_200 }));
  expect(most.unjudged).toBeUndefined();
  expect(most.results.filter((r) => r.errorCode === 'CTS_RUN_DEADLINE').length).toBeGreaterThan(0);
  expect(verdictOfReport(most).word).toBe('NOT CONFORMANT');
});
