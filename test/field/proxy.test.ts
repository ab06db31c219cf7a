/**
 * `conformance proxy` in front of the mock behind real infrastructure: Debian's nginx as a TLS front
 * with a private CA, and as an API gateway under a path prefix reached through tinyproxy. With the
 * flags the proxy forwards and judges; without them its own failure to reach the target is its own
 * (a 502 with the CTS_TLS_ code to the client, COULD NOT JUDGE), never a finding against the target.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { chatBothWays, listRecords, sdk, startProxyCli } from '../proxy/helpers.js';
import {
  makePki,
  missing,
  type Pki,
  proxyPass,
  type Running,
  scratchDir,
  startNginx,
  startTinyproxy,
} from './infra.js';

const skip = missing('nginx', 'tinyproxy', 'openssl');
const GATEWAY_KEY = 'gw-proxy-secret-5150-key';

let mock: MockServer;
let pki: Pki;
let tlsFront: Running;
let gateway: Running;
let forwardProxy: Running;
let gzipFront: Running;
const out = scratchDir('field-proxy');

beforeAll(async () => {
  if (skip) return;
  mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  pki = makePki(scratchDir('pki'));
  tlsFront = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${pki.serverCert};
    ssl_certificate_key ${pki.serverKey};
    location = /v2/acme/deployment-page/predictions {
      default_type text/html;
      return 400 '<html><body>a page of the deployment</body></html>';
    }
    location / { ${proxyPass(mock.url)} }
  }`,
  );
  gateway = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port};
    location /api/ {
      default_type application/json;
      if ($http_x_api_gateway_key != "${GATEWAY_KEY}") { return 403 '{"message":"Forbidden"}'; }
      ${proxyPass(`${mock.url}/`)}
    }
  }`,
  );
  forwardProxy = await startTinyproxy();
  gzipFront = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port};
    gzip on;
    gzip_min_length 1;
    gzip_types application/json text/event-stream application/jsonl application/x-ndjson;
    location / { ${proxyPass(mock.url)} }
  }`,
  );
}, 30_000);

afterAll(async () => {
  await tlsFront?.stop();
  await gateway?.stop();
  await forwardProxy?.stop();
  await gzipFront?.stop();
  await mock?.close();
});

const serverFailures = (file: string): string[] =>
  JSON.parse(readFileSync(file, 'utf8'))
    .reports[0].results.filter((r: { status: string }) => r.status === 'fail' || r.status === 'error')
    .map((r: { id: string }) => r.id);

test.skipIf(skip)(
  'with --ca-cert the SDK streams through the proxy to the TLS front, judged clean (exit 0)',
  async () => {
    const json = join(out, 'tls.json');
    const cli = await startProxyCli(
      [
        '--target',
        `https://127.0.0.1:${tlsFront.port}`,
        '--ca-cert',
        pki.caCert,
        '--max-exchanges',
        '5',
        '--json',
        json,
      ],
      {},
      30_000,
    );
    const text = await chatBothWays(sdk(cli.url));
    expect(text.length).toBeGreaterThan(0);
    const listing = await listRecords(cli.url, 'predictions', undefined, '?limit=3');
    expect(listing.records).toHaveLength(3);
    // An HTML 400 that is not the front's certificate page is held, then forwarded as it came.
    const page = await request(`${cli.url}/v2/acme/deployment-page/predictions`, {
      headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` },
    });
    expect(page.statusCode).toBe(400);
    expect(await page.body.text()).toBe('<html><body>a page of the deployment</body></html>');
    await request(`${cli.url}/v2/acme/evals/scores?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` },
    }).then((r) => r.body.text());
    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`trusting the CA in ${pki.caCert}`);
    expect(serverFailures(json)).toEqual([]);
  },
  60_000,
);

test.skipIf(skip)(
  'without --ca-cert: the client gets a 502 naming CTS_TLS_UNTRUSTED, the target is not blamed (exit 3)',
  async () => {
    const json = join(out, 'untrusted.json');
    const cli = await startProxyCli(
      ['--target', `https://127.0.0.1:${tlsFront.port}`, '--max-exchanges', '2', '--json', json],
      {},
      30_000,
    );
    for (let i = 0; i < 2; i++) {
      const res = await request(`${cli.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.statusCode).toBe(502);
      const body = (await res.body.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('CTS_TLS_UNTRUSTED');
      expect(body.error.message).toContain('--ca-cert');
    }
    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(3);
    expect(done.stderr).toContain('2 not forwarded');
    expect(serverFailures(json)).toEqual([]);
    const report = JSON.parse(readFileSync(json, 'utf8')).reports[0];
    expect(report.unjudged.code).toBe('CTS_TLS_UNTRUSTED');
  },
  60_000,
);

test.skipIf(skip)(
  '--header and --proxy on the upstream side: the gateway lets the proxy through, via tinyproxy',
  async () => {
    const json = join(out, 'gateway.json');
    const before = forwardProxy.log().length;
    const cli = await startProxyCli(
      [
        '--target',
        `http://127.0.0.1:${gateway.port}/api`,
        '--header',
        `X-Api-Gateway-Key: ${GATEWAY_KEY}`,
        '--proxy',
        `http://127.0.0.1:${forwardProxy.port}`,
        '--max-exchanges',
        '2',
        '--json',
        json,
      ],
      {},
      30_000,
    );
    const res = await request(`${cli.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.json();
    const listing = await listRecords(cli.url, 'scores', undefined, '?limit=2');
    expect(listing.records).toHaveLength(2);
    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(0);
    expect(serverFailures(json)).toEqual([]);
    expect(forwardProxy.log().slice(before)).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/acme\/evals\/scores/);
    for (const text of [done.stdout, done.stderr, readFileSync(json, 'utf8')]) expect(text).not.toContain(GATEWAY_KEY);
    expect(JSON.parse(readFileSync(json, 'utf8')).reports[0].replay).toContain('$CONFORMANCE_HEADER_X_API_GATEWAY_KEY');
  },
  60_000,
);

test.skipIf(skip)(
  'an mTLS front: with --client-cert the proxy gets through; without, its refusal is the proxy’s own (exit 3)',
  async () => {
    const mtls = await startNginx(
      (port) => `server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${pki.serverCert};
    ssl_certificate_key ${pki.serverKey};
    ssl_client_certificate ${pki.clientCaCert};
    ssl_verify_client on;
    location / { ${proxyPass(mock.url)} }
  }`,
    );
    try {
      const send = (url: string) =>
        request(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 }),
        });
      const base = ['--target', `https://127.0.0.1:${mtls.port}`, '--ca-cert', pki.caCert, '--max-exchanges', '1'];
      const withCert = await startProxyCli(
        [...base, '--client-cert', pki.clientCert, '--client-key', pki.clientKey, '--json', join(out, 'mtls.json')],
        {},
        30_000,
      );
      const ok = await send(withCert.url);
      expect(ok.statusCode).toBe(200);
      await ok.body.json();
      const done = await withCert.exited;
      expect(done.code, done.stderr).toBe(0);
      expect(serverFailures(join(out, 'mtls.json'))).toEqual([]);

      const json = join(out, 'mtls-no-cert.json');
      const without = await startProxyCli([...base, '--json', json], {}, 30_000);
      const refused = await send(without.url);
      expect(refused.statusCode).toBe(502);
      const body = (await refused.body.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('CTS_TLS_CLIENT_CERT_REQUIRED');
      expect(body.error.message).toContain('--client-cert');
      const ended = await without.exited;
      expect(ended.code, ended.stderr).toBe(3);
      expect(serverFailures(json)).toEqual([]);
    } finally {
      await mtls.stop();
    }
  },
  60_000,
);

test.skipIf(skip)(
  'the proxy workload behind nginx with gzip on: no server-side finding, answers decoded',
  async () => {
    const { startProxy } = await import('../proxy/helpers.js');
    const { workload } = await import('../proxy/workload.js');
    const proxy = await startProxy(`http://127.0.0.1:${gzipFront.port}`);
    const before = gzipFront.log().length;
    await workload(sdk(proxy.url), proxy.url);
    const [server] = await proxy.stop();
    // An INFO observation (nginx's gzip holding a stream's events back: streaming.timing) is not a finding.
    const failed = server!.results
      .filter((r) => (r.status === 'fail' || r.status === 'error') && r.level !== 'INFO')
      .map((r) => r.id);
    expect(failed).toEqual([]);
    // Compressed indeed: the SDK's and fetch's answers came gzipped through nginx.
    expect(gzipFront.log().slice(before)).toMatch(/gzip=\d/);
  },
  60_000,
);

test.skipIf(skip)(
  'behind nginx with gzip on, the SDK’s compressed answers are judged decoded: no server-side finding',
  async () => {
    const json = join(out, 'gzip.json');
    const before = gzipFront.log().length;
    const cli = await startProxyCli(
      ['--target', `http://127.0.0.1:${gzipFront.port}`, '--max-exchanges', '3', '--json', json],
      {},
      30_000,
    );
    const text = await chatBothWays(sdk(cli.url));
    expect(text.length).toBeGreaterThan(0);
    const listing = await listRecords(cli.url, 'scores', undefined, '?limit=5');
    expect(listing.records).toHaveLength(5);
    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(0);
    expect(serverFailures(json)).toEqual([]);
    // Compressed indeed: nginx gzipped the JSON, the event stream and the listing.
    const lines = gzipFront.log().slice(before).split('\n').filter(Boolean);
    expect(lines.filter((l) => /gzip=\d/.test(l))).toHaveLength(3);
    // Nothing binary reached the report.
    expect(readFileSync(json, 'utf8')).not.toMatch(/\\u001f\\u008b|\u001f\u008b/);
  },
  60_000,
);
