/**
 * `conformance run` against the mock behind Debian's nginx as a TLS front with a private CA, and as
 * an mTLS front: without the flags a clear COULD NOT JUDGE naming the flag that helps (never a run of
 * failures blamed on the deployment), with them the verdict the mock earns.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { runCli, STACK } from '../hostile/report-files.js';
import { makePki, missing, type Pki, proxyPass, type Running, scratchDir, startNginx } from './infra.js';

const skip = missing('nginx', 'openssl');
const CREDENTIALS = { CONFORMANCE_TOKEN: 'mock-token', CONFORMANCE_BASIC: 'api:mock-key' };

let mock: MockServer;
let pki: Pki;
let tlsFront: Running;
let mtlsFront: Running;
const out = scratchDir('field-tls');

beforeAll(async () => {
  if (skip) return;
  mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  pki = makePki(scratchDir('pki'));
  const tls = `ssl_certificate ${pki.serverCert};
    ssl_certificate_key ${pki.serverKey};`;
  tlsFront = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port} ssl;
    ${tls}
    location / { ${proxyPass(mock.url)} }
  }`,
  );
  mtlsFront = await startNginx(
    (port) => `server {
    listen 127.0.0.1:${port} ssl;
    ${tls}
    ssl_client_certificate ${pki.clientCaCert};
    ssl_verify_client on;
    location / { ${proxyPass(mock.url)} }
  }`,
  );
}, 30_000);

afterAll(async () => {
  await tlsFront?.stop();
  await mtlsFront?.stop();
  await mock?.close();
});

const run = (args: string[]) => runCli(['run', ...args], { env: CREDENTIALS, limitMs: 60_000 });

test.skipIf(skip)(
  'a private CA: untrusted without --ca-cert (exit 3, the flag named), conformant with it',
  async () => {
    const target = `https://127.0.0.1:${tlsFront.port}`;
    const without = await run(['--target', target, '--only', 'chat-completions.']);
    expect(without.code, without.stderr).toBe(3);
    expect(without.stderr).toContain('CTS_TLS_UNTRUSTED');
    expect(without.stderr).toContain('--ca-cert');
    expect(without.stderr).not.toMatch(STACK);

    const json = join(out, 'tls.json');
    const withCa = await run([
      '--target',
      target,
      '--ca-cert',
      pki.caCert,
      '--allow-writes',
      '--level',
      'should',
      '--json',
      json,
    ]);
    expect(withCa.code, withCa.stdout + withCa.stderr).toBe(0);
    expect(withCa.stderr).toContain(`trusting the CA in ${pki.caCert}`);
    const report = JSON.parse(readFileSync(json, 'utf8')).reports[0];
    expect(report.results.filter((r: { status: string }) => r.status === 'fail')).toEqual([]);
    expect(report.connection).toEqual({ description: `trusting the CA in ${pki.caCert}`, insecure: false });
    // The failures' curl lines would carry --cacert: shown on a deliberately failing check below.
  },
  120_000,
);

test.skipIf(skip)(
  '--insecure reaches the TLS front and every report warns, in the verdict line too',
  async () => {
    const target = `https://127.0.0.1:${tlsFront.port}`;
    const md = join(out, 'insecure.md');
    const xml = join(out, 'insecure.xml');
    const r = await run([
      '--target',
      target,
      '--insecure',
      '--only',
      'chat-completions.',
      '--markdown',
      md,
      '--junit',
      xml,
      '--console',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('NOT verified');
    expect(r.stdout).toContain('TLS certificates NOT verified (--insecure)');
    expect(readFileSync(md, 'utf8')).toContain('TLS certificates NOT verified (--insecure)');
    expect(readFileSync(xml, 'utf8')).toContain('TLS certificates NOT verified');
  },
  60_000,
);

test.skipIf(skip)(
  'an mTLS front: a client certificate asked for (exit 3, the flags named); with it, conformant',
  async () => {
    const target = `https://127.0.0.1:${mtlsFront.port}`;
    const without = await run([
      '--target',
      target,
      '--ca-cert',
      pki.caCert,
      '--only',
      'chat-completions.',
      '--json',
      join(out, 'no-cert.json'),
    ]);
    expect(without.code, without.stderr).toBe(3);
    expect(without.stderr).toContain('CTS_TLS_CLIENT_CERT_REQUIRED');
    expect(without.stderr).toContain('--client-cert');
    // No failure is blamed on the deployment for the wall in front of it.
    const blamed = JSON.parse(readFileSync(join(out, 'no-cert.json'), 'utf8')).reports[0].results.filter(
      (x: { status: string }) => x.status === 'fail',
    );
    expect(blamed).toEqual([]);

    // A certificate the front does not trust (signed by the server's CA, not the clients').
    const wrongCert = await run([
      '--target',
      target,
      '--ca-cert',
      pki.caCert,
      '--client-cert',
      pki.serverCert,
      '--client-key',
      pki.serverKey,
      '--only',
      'chat-completions.',
    ]);
    expect(wrongCert.code, wrongCert.stderr).toBe(3);
    expect(wrongCert.stderr).toContain('CTS_TLS_CLIENT_CERT_REQUIRED');

    const json = join(out, 'mtls.json');
    const withCert = await run([
      '--target',
      target,
      '--ca-cert',
      pki.caCert,
      '--client-cert',
      pki.clientCert,
      '--client-key',
      pki.clientKey,
      '--allow-writes',
      '--level',
      'should',
      '--json',
      json,
    ]);
    expect(withCert.code, withCert.stdout + withCert.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')).reports[0];
    expect(report.summary.conformant).toBe(true);
    expect(report.results.filter((r: { status: string }) => r.status === 'fail')).toEqual([]);
    expect(mtlsFront.log()).toMatch(/POST \/v1\/chat\/completions 200/);
  },
  120_000,
);

test.skipIf(skip)(
  'a wrong client key, a missing CA file and half a client pair are flag errors (exit 2, one line)',
  async () => {
    for (const args of [
      ['--ca-cert', join(out, 'nope.pem')],
      ['--client-cert', pki.clientCert],
      ['--client-cert', pki.clientCert, '--client-key', pki.serverKey],
      ['--ca-cert', pki.serverKey],
    ]) {
      const r = await run(['--target', `https://127.0.0.1:${tlsFront.port}`, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toContain('CTS_BAD_FLAG');
      expect(r.stderr).not.toMatch(STACK);
    }
  },
  60_000,
);
