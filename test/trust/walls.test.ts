/**
 * Answers that do not come from the interface: a wall in front of it (an HTML error page for every
 * request, a redirect to a login page, a captive 200 page, a gateway's refusal whatever the
 * credentials) is COULD NOT JUDGE with the status and an excerpt, never a run of failures blamed on
 * the deployment and vacuous passes. A conformant server whose errors are plain text is still judged.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { exitCodeOf, verdictOf } from '../../src/gating/verdict.js';
import { startMockServer } from '../../mock/index.js';
import { CATALOGUE } from '../../suites/index.js';
import { runAgainstUrl } from '../helpers/run-checks.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const PAGE =
  '<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>front</center></body></html>';

async function judge(url: string) {
  const report = await runAgainstUrl(url, CATALOGUE, {
    level: 'should',
    target: { bundledMock: false, allowWrites: false },
  });
  return { report, verdict: verdictOf(report), exit: exitCodeOf([report]) };
}

test('the same HTML 400 page for every request: COULD NOT JUDGE (exit 3), no failure and no pass', async () => {
  const url = await serve((_req, res) => {
    res.writeHead(400, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  const { report, verdict, exit } = await judge(url);
  expect(report.unjudged?.code).toBe('CTS_NOT_THE_INTERFACE');
  expect(report.unjudged?.reason).toContain('HTTP 400 text/html "400 Bad Request 400 Bad Request front"');
  expect(verdict.word).toBe('COULD NOT JUDGE');
  expect(exit).toBe(3);
  expect(report.results.filter((r) => r.status === 'fail' || r.status === 'pass')).toEqual([]);
});

test('a redirect to a login page: COULD NOT JUDGE naming where it goes', async () => {
  const url = await serve((_req, res) => {
    res.writeHead(302, { location: 'https://sso.example/login?state=abc' });
    res.end();
  });
  const { report, exit } = await judge(url);
  expect(report.unjudged?.code).toBe('CTS_NOT_THE_INTERFACE');
  expect(report.unjudged?.reason).toContain('HTTP 302 to https://sso.example/login');
  expect(report.unjudged?.reason).not.toContain('state=abc');
  expect(exit).toBe(3);
});

test('a captive portal answering 200 HTML to everything: COULD NOT JUDGE, not a run of vacuous passes', async () => {
  const url = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><h1>Welcome to the guest network</h1><form>Accept</form></body></html>');
  });
  const { report, exit } = await judge(url);
  expect(report.unjudged?.code).toBe('CTS_NOT_THE_INTERFACE');
  expect(report.unjudged?.reason).toContain('Welcome to the guest network');
  expect(report.results.some((r) => r.status === 'pass')).toBe(false);
  expect(exit).toBe(3);
});

test('a gateway refusing with and without credentials, naming no scheme: CTS_GATEWAY_REFUSED, the body shown', async () => {
  const url = await serve((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end('{"message":"Forbidden"}');
  });
  const { report } = await judge(url);
  expect(report.unjudged?.code).toBe('CTS_GATEWAY_REFUSED');
  expect(report.unjudged?.reason).toContain('HTTP 403 application/json "{\\"message\\":\\"Forbidden\\"}"');
  expect(report.unjudged?.reason).toContain('--header');
});

test('a server that refuses the given credentials differently from none is a credentials refusal, with its body', async () => {
  const url = await serve((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    res.end(req.headers.authorization ? '{"detail":"Invalid token"}' : '{"detail":"Not authenticated"}');
  });
  const { report } = await judge(url);
  expect(report.unjudged?.code).toBe('CTS_CREDENTIALS_REFUSED');
  expect(report.unjudged?.reason).toContain(
    'refused the configured credentials (HTTP 401 application/json "{\\"detail\\":\\"Invalid token\\"}")',
  );
});

test('a conformant server whose every error is plain text is judged, not taken for a wall', async () => {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  closers.push(() => mock.close());
  // Every non-2xx answer of the mock rewritten as `text/plain` "Not Found"-style lines: errors whose
  // bodies the interface does not show (§7) are free to be text.
  const url = await serve(async (req, res) => {
    const upstream = await fetch(`${mock.url}${req.url}`, {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>,
    });
    const body = await upstream.text();
    if (upstream.status < 400) {
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(body);
    } else {
      res.writeHead(upstream.status, { 'content-type': 'text/plain' });
      res.end(`${upstream.status} error`);
    }
  });
  const report = await runAgainstUrl(
    url,
    CATALOGUE.filter((c) => c.operation === 'training-jobs.get' || c.operation === 'predictions.read'),
    {
      level: 'must',
      target: { bundledMock: false },
    },
  );
  expect(report.unjudged).toBeUndefined();
  expect(report.results.some((r) => r.status === 'pass')).toBe(true);
});
