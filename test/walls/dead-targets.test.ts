/**
 * Walls and dead targets are COULD NOT JUDGE (issue 39), with the whole catalogue against in-process
 * servers: a gateway answering its 502 page to everything is `CTS_GATEWAY_WALL` and no check is sent;
 * a gateway whose backend dies mid-run stops the run early with one reason (`CTS_TARGET_DOWN`); one
 * 503 among good answers (a server shedding load) is not a wall. (Before, the first two ended NOT
 * CONFORMANT, one failure per check: 594 console lines against nginx.)
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { renderConsole } from '../../reporters/console.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { exitCodeOf, verdictOf } from '../../src/gating/verdict.js';
import { type RunSettings, runSuite } from '../../src/runner/run-suite.js';
import { CATALOGUE } from '../../suites/index.js';
import { defaultTarget } from '../helpers/run-checks.js';

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n';

function badGateway(res: ServerResponse): void {
  res.writeHead(502, { 'content-type': 'text/html', server: 'nginx/1.22.1' });
  res.end(NGINX_502);
}

/** A front before the mock: `wall(n)` says whether its n-th request (from 1) gets the gateway's page (or `503`). */
async function startFront(
  wall: (n: number, req: IncomingMessage) => boolean | 503,
): Promise<{ url: string; seen: () => number; close(): Promise<void> }> {
  const mock: MockServer = await startMockServer({ host: '127.0.0.1', port: 0 });
  const upstream = new URL(mock.url);
  let n = 0;
  const server: Server = createServer((req, res) => {
    const answer = wall(++n, req);
    if (answer === 503) {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/html', server: 'nginx/1.22.1' });
      res.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
      return;
    }
    if (answer) {
      req.resume();
      badGateway(res);
      return;
    }
    const up = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (a) => {
        res.writeHead(a.statusCode ?? 502, a.headers);
        a.pipe(res);
      },
    );
    up.on('error', () => badGateway(res));
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => n,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await mock.close();
    },
  };
}

let front: Awaited<ReturnType<typeof startFront>> | undefined;
afterEach(async () => {
  await front?.close();
  front = undefined;
});

function run(url: string, extra: Partial<RunSettings> = {}): Promise<RunReport> {
  return runSuite({
    target: defaultTarget(url),
    token: DEFAULT_TOKEN,
    basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
    checks: CATALOGUE,
    level: 'must',
    seed: 1,
    runs: 2,
    timeoutMs: 5_000,
    deadlineMs: 60_000,
    concurrency: 8,
    maxBodyBytes: 4 * 1024 * 1024,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    replayBase: 'conformance run',
    recoverTimeoutMs: 500,
    ...extra,
  });
}

const consoleLines = (r: RunReport) => renderConsole([r], { color: false }).split('\n').length;

describe('walls and dead targets', () => {
  it('a gateway answering its 502 page everywhere: CTS_GATEWAY_WALL, exit 3, no check sent, a short console', async () => {
    front = await startFront(() => true);
    const report = await run(front.url);
    expect(report.unjudged?.code).toBe('CTS_GATEWAY_WALL');
    expect(report.unjudged?.reason).toMatch(
      /^every probe answered 502 Bad Gateway \(text\/html, nginx\) ".*": the deployment behind the gateway was not reached/,
    );
    expect(verdictOf(report).word).toBe('COULD NOT JUDGE');
    expect(exitCodeOf([report])).toBe(3);
    expect(report.results.every((r) => r.status === 'skip')).toBe(true);
    // The preflight's probes only: two per part to tell what is served, three per family.
    expect(front.seen()).toBeLessThanOrEqual(12);
    expect(consoleLines(report)).toBeLessThan(30);
  });

  it('one 503 page among good answers (a server shedding load) is not a wall: the run is judged', async () => {
    front = await startFront((n) => (n === 1 ? 503 : false));
    const report = await run(front.url, { checks: CATALOGUE.filter((c) => c.id.startsWith('predictions.')) });
    expect(report.unjudged).toBeUndefined();
    expect(exitCodeOf([report]), verdictOf(report).line).toBe(0);
  });

  it('a backend that dies mid-run behind the gateway: the run stops early, one reason, exit 3', async () => {
    // The preflight and the first requests reach the mock; from the 60th request on, the gateway's page.
    front = await startFront((n) => n >= 60);
    const t0 = performance.now();
    const report = await run(front.url);
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(report.unjudged?.code, verdictOf(report).line).toBe('CTS_TARGET_DOWN');
    // The last request may be a listing, whose answer is read as a stream and said by its status alone.
    expect(report.unjudged?.reason).toMatch(
      /^the target stopped answering at \S+: every request of \d+ of the last 10 checks met no answer of its own \(the last: (?:502 Bad Gateway \(text\/html, nginx\)|HTTP 502) to .*\), nor did a probe; it did not come back within 0\.5 s \(--recover-timeout\): \d+ of \d+ checks not run$/,
    );
    expect(exitCodeOf([report]), verdictOf(report).line).toBe(3);
    // Stopped early: far fewer requests than the catalogue sends, and no 502 judged as a failure.
    expect(front.seen()).toBeLessThan(300);
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    const notRun = report.results.filter((r) => r.status === 'skip' && r.reason?.startsWith('not run: the target'));
    expect(notRun.length).toBeGreaterThan(CATALOGUE.length / 2);
    expect(new Set(notRun.map((r) => r.reason)).size, 'one reason').toBe(1);
    // One line for every check not judged (the console's matrix, coverage and timing aside).
    const text = renderConsole([report], { color: false });
    expect(text.split('\n').filter((l) => l.includes('SKIP')).length).toBeLessThanOrEqual(2);
    expect(text.split('not run: the target stopped answering').length - 1).toBe(1);
    expect(consoleLines(report)).toBeLessThan(60);
  });
});
