/**
 * `conformance run` against the mock behind Debian's nginx as an API gateway under a path prefix
 * (it wants a key header of its own, compresses JSON and event streams), reached directly or through
 * tinyproxy as a forward proxy. The mock behind carries one planted SHOULD fault, so the right
 * verdict is exactly that one failure: no more (the wall blamed on the deployment), no less. And
 * nginx in front of nothing: its 502 page on every path is a wall (`CTS_GATEWAY_WALL`, exit 3).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { freePort } from '../helpers/free-port.js';
import { runCli, STACK } from '../hostile/report-files.js';
import { missing, proxyPass, type Running, scratchDir, startNginx, startTinyproxy } from './infra.js';

const skip = missing('nginx', 'tinyproxy');
const CREDENTIALS = { CONFORMANCE_TOKEN: 'mock-token', CONFORMANCE_BASIC: 'api:mock-key' };
const GATEWAY_KEY = 'gw-secret-4711-key';
const PROXY_PASSWORD = 'proxy-pass-8086';
const FAULT = 'chat-completions.usage-does-not-add-up';

let mock: MockServer;
let gateway: Running;
let forwardProxy: Running;
let lockedProxy: Running;
/** nginx proxying to a port nothing listens on: `502 Bad Gateway` to every request. */
let wall: Running;
const out = scratchDir('field-gateway');

beforeAll(async () => {
  if (skip) return;
  mock = await startMockServer({ host: '127.0.0.1', port: 0, faults: [FAULT] });
  gateway = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port};
    gzip on;
    gzip_min_length 1;
    gzip_types application/json text/event-stream application/jsonl application/x-ndjson;
    location /api/ {
      default_type application/json;
      if ($http_x_api_gateway_key != "${GATEWAY_KEY}") { return 403 '{"message":"Forbidden"}'; }
      ${proxyPass(`${mock.url}/`)}
    }
  }`,
  );
  forwardProxy = await startTinyproxy();
  lockedProxy = await startTinyproxy({ basicAuth: `user:${PROXY_PASSWORD}` });
  const nothing = await freePort();
  wall = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port};
    location / { ${proxyPass(`http://127.0.0.1:${nothing}/`)} }
  }`,
  );
}, 30_000);

afterAll(async () => {
  await gateway?.stop();
  await forwardProxy?.stop();
  await lockedProxy?.stop();
  await wall?.stop();
  await mock?.close();
});

const run = (args: string[], env: Record<string, string> = {}) =>
  runCli(['run', ...args], { env: { ...CREDENTIALS, ...env }, limitMs: 90_000 });
const target = () => `http://127.0.0.1:${gateway.port}/api`;

test.skipIf(skip)(
  'without its header the gateway refusal is said as such, with its body (exit 3), not "pass --token"',
  async () => {
    const r = await run(['--target', target(), '--only', 'chat-completions.,predictions.']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('CTS_GATEWAY_REFUSED');
    expect(r.stderr).toContain('{\\"message\\":\\"Forbidden\\"}');
    expect(r.stderr).toContain("--header 'Name: value'");
    expect(r.stderr).not.toContain('pass --token');
    expect(r.stderr).not.toMatch(STACK);
  },
  60_000,
);

test.skipIf(skip)(
  "nginx's 502 page on every path: could not judge (CTS_GATEWAY_WALL, exit 3) in a few lines, no check sent",
  async () => {
    const before = wall.log().split('\n').length;
    const r = await run(['--target', `http://127.0.0.1:${wall.port}`]);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    const all = r.stdout + r.stderr;
    expect(all).toContain('CTS_GATEWAY_WALL');
    expect(all).toMatch(/every probe answered 502 Bad Gateway \(text\/html, nginx\)/);
    expect(all).toContain('the deployment behind the gateway was not reached');
    expect(all).not.toMatch(STACK);
    // Before: NOT CONFORMANT, 594 lines, one failure per check.
    expect(all.trimEnd().split('\n').length, all).toBeLessThan(30);
    // The preflight's probes only: two per part to tell what is served, three per family.
    const seen = wall
      .log()
      .split('\n')
      .slice(before - 1)
      .filter((l) => / 502 /.test(l));
    expect(seen.length).toBeLessThanOrEqual(12);
  },
  60_000,
);

test.skipIf(skip)(
  'with --header: exactly the planted failure, its curl line reads the key from the environment',
  async () => {
    const files = {
      json: join(out, 'gw.json'),
      markdown: join(out, 'gw.md'),
      html: join(out, 'gw.html'),
      junit: join(out, 'gw.xml'),
    };
    const r = await run([
      '--target',
      target(),
      '--header',
      `X-Api-Gateway-Key: ${GATEWAY_KEY}`,
      '--header',
      'X-Tenant: team-a',
      '--level',
      'should',
      '--only',
      'chat-completions.',
      ...Object.entries(files).flatMap(([k, v]) => [`--${k}`, v]),
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const report = JSON.parse(readFileSync(files.json, 'utf8')).reports[0];
    const failed = report.results.filter((x: { status: string }) => x.status === 'fail' || x.status === 'error');
    expect(failed.map((x: { id: string }) => x.id)).toEqual(['chat-completions.usage-adds-up']);
    const curl: string = failed[0].evidence.curl;
    expect(curl).toContain('"x-api-gateway-key: $CONFORMANCE_HEADER_X_API_GATEWAY_KEY"');
    expect(curl).toContain("-H 'x-tenant: team-a'");
    expect(report.replay).toContain("--header 'x-tenant: team-a'");
    for (const [name, file] of Object.entries(files))
      expect(readFileSync(file, 'utf8'), name).not.toContain(GATEWAY_KEY);
    expect(r.stdout + r.stderr).not.toContain(GATEWAY_KEY);
    // The run asked for compression as the openai SDK does, and got it: gzip JSON and gzip event
    // streams, decoded and judged, with no failure but the planted one.
    expect(gateway.log()).toMatch(/POST \/api\/v1\/chat\/completions 200 via=\[-\] gzip=\d/);
    expect(curl).toContain('--compressed');
  },
  90_000,
);

test.skipIf(skip)(
  'the key from CONFORMANCE_HEADER_<NAME> works the same; in the config file a secret header is refused',
  async () => {
    const r = await run(['--target', target(), '--only', 'chat-completions.rejects-', '--level', 'should'], {
      CONFORMANCE_HEADER_X_API_GATEWAY_KEY: GATEWAY_KEY,
    });
    expect(r.code, r.stderr).toBe(0);
    const config = join(out, 'conformance.config.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(config, JSON.stringify({ headers: { 'X-Api-Gateway-Key': GATEWAY_KEY } }));
    const refused = await run(['--target', target(), '--config', config]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('CONFORMANCE_HEADER_X_API_GATEWAY_KEY');
    expect(refused.stderr).not.toContain(GATEWAY_KEY);
  },
  60_000,
);

test.skipIf(skip)(
  '--proxy: every request goes through tinyproxy (the gateway sees its Via on each)',
  async () => {
    const before = gateway.log().split('\n').length;
    const r = await run([
      '--target',
      target(),
      '--proxy',
      `http://127.0.0.1:${forwardProxy.port}`,
      '--header',
      `X-Api-Gateway-Key: ${GATEWAY_KEY}`,
      '--only',
      'chat-completions.,predictions.',
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toContain(`through the proxy http://127.0.0.1:${forwardProxy.port} (from --proxy)`);
    const lines = gateway
      .log()
      .split('\n')
      .slice(before - 1)
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.filter((l) => !/via=\[.*tinyproxy/.test(l))).toEqual([]);
    expect(forwardProxy.log()).toMatch(/Request \(file descriptor \d+\): GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\//);
  },
  90_000,
);

test.skipIf(skip)(
  'HTTP_PROXY from the environment is honoured, and NO_PROXY turns it off',
  async () => {
    const via = await run(['--target', target(), '--only', 'predictions.'], {
      HTTP_PROXY: `http://127.0.0.1:${forwardProxy.port}`,
      CONFORMANCE_HEADER_X_API_GATEWAY_KEY: GATEWAY_KEY,
    });
    expect(via.code, via.stderr).toBe(0);
    expect(via.stderr).toContain('(from HTTP_PROXY)');
    const bypassed = await run(['--target', target(), '--only', 'predictions.'], {
      HTTP_PROXY: `http://127.0.0.1:${await freePort()}`,
      NO_PROXY: 'localhost,127.0.0.1',
      CONFORMANCE_HEADER_X_API_GATEWAY_KEY: GATEWAY_KEY,
    });
    expect(bypassed.code, bypassed.stderr).toBe(0);
    expect(bypassed.stderr).not.toContain('through the proxy');
  },
  90_000,
);

test.skipIf(skip)(
  'a proxy that is down, or wants credentials, is CTS_PROXY_FAILED (exit 3); its password never shows',
  async () => {
    const down = await run(['--target', target(), '--proxy', `http://127.0.0.1:${await freePort()}`]);
    expect(down.code, down.stderr).toBe(3);
    expect(down.stderr).toContain('CTS_PROXY_FAILED');
    const locked = await run(['--target', target(), '--proxy', `http://127.0.0.1:${lockedProxy.port}`]);
    expect(locked.code, locked.stderr).toBe(3);
    expect(locked.stderr).toMatch(/CTS_PROXY_FAILED.*407/);
    const json = join(out, 'locked.json');
    const opened = await run([
      '--target',
      target(),
      '--proxy',
      `http://user:${PROXY_PASSWORD}@127.0.0.1:${lockedProxy.port}`,
      '--header',
      `X-Api-Gateway-Key: ${GATEWAY_KEY}`,
      '--only',
      'predictions.',
      '--json',
      json,
    ]);
    expect(opened.code, opened.stderr).toBe(0);
    for (const text of [opened.stdout, opened.stderr, readFileSync(json, 'utf8')])
      expect(text).not.toContain(PROXY_PASSWORD);
  },
  90_000,
);

test.skipIf(skip)(
  'run --replay reaches the gateway with --header and --proxy: the recording judged behind it',
  async () => {
    // Record real traffic through the judging proxy straight at the mock (no gateway), then replay it
    // against the gateway through tinyproxy: the key comes from the run, never from the record.
    const record = join(out, 'traffic.jsonl');
    const { startProxyCli, chatBothWays, sdk } = await import('../proxy/helpers.js');
    const recording = await startProxyCli(
      ['--target', mock.url, '--record', record, '--max-exchanges', '2', '--level', 'should'],
      {},
      30_000,
    );
    await chatBothWays(sdk(recording.url));
    expect((await recording.exited).code).toBe(1); // the planted usage fault (SHOULD), found live
    const before = forwardProxy.log().length;
    const gatewayBefore = gateway.log().length;
    const json = join(out, 'replay.json');
    const replay = await run([
      '--replay',
      record,
      '--target',
      target(),
      '--header',
      `X-Api-Gateway-Key: ${GATEWAY_KEY}`,
      '--proxy',
      `http://127.0.0.1:${forwardProxy.port}`,
      '--level',
      'should',
      '--json',
      json,
    ]);
    // The same planted failure, judged on the replayed traffic; nothing refused by the gateway.
    expect(replay.code, replay.stderr).toBe(1);
    expect(replay.stderr).toContain('2 exchanges replayed');
    const report = JSON.parse(readFileSync(json, 'utf8')).reports[0];
    const failed = report.results
      .filter((r: { status: string }) => r.status === 'fail')
      .map((r: { id: string }) => r.id);
    expect(failed).toEqual(['chat-completions.usage-adds-up']);
    expect(forwardProxy.log().slice(before)).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/chat\/completions/);
    // (Earlier tests here were refused on purpose: only what this replay sent counts.)
    expect(gateway.log().slice(gatewayBefore)).not.toMatch(/chat\/completions 403/);
    expect(readFileSync(json, 'utf8')).not.toContain(GATEWAY_KEY);
  },
  90_000,
);
