/**
 * TLS failures as the transport meets them, against node's own TLS servers with certificates made by
 * openssl: each is its own CTS_TLS_ code naming the flag that helps, and the right flags get through.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ConnectionSettings } from '../../src/transport/connection.js';
import { createHttpClient } from '../../src/transport/http-client.js';
import { makePki, missing, type Pki, scratchDir } from './infra.js';

const skip = missing('openssl');
let pki: Pki;
const servers: Server[] = [];

async function tlsServer(options: Record<string, unknown>): Promise<string> {
  const server = createServer(options, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(() => {
  if (!skip) pki = makePki(scratchDir('pki'));
});
afterAll(() => {
  for (const s of servers) s.close();
});

async function attempt(url: string, connection: Partial<ConnectionSettings['tls']> = {}): Promise<string> {
  const client = createHttpClient({
    baseUrl: url,
    timeoutMs: 5_000,
    maxBodyBytes: 1 << 20,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    userAgent: 'test',
    connection: { headers: {}, tls: { insecure: false, ...connection }, env: {} },
  });
  try {
    const ex = await client.send({ method: 'GET', path: '/v1/x' });
    return `HTTP ${ex.response.status}`;
  } catch (err) {
    return `${(err as { code: string }).code}: ${(err as Error).message}`;
  } finally {
    await client.close();
  }
}

const pem = (file: string) => readFileSync(file, 'utf8');

test.skipIf(skip)(
  'untrusted, wrong host, client certificate wanted: each its code and flag; the right flags pass',
  async () => {
    const ca = { file: pki.caCert, pem: pem(pki.caCert) };
    const plain = await tlsServer({ cert: pem(pki.serverCert), key: pem(pki.serverKey) });
    expect(await attempt(plain)).toMatch(/^CTS_TLS_UNTRUSTED: .*--ca-cert/);
    expect(await attempt(plain, { ca })).toBe('HTTP 200');
    expect(await attempt(plain, { insecure: true })).toBe('HTTP 200');

    const otherHost = await tlsServer({ cert: pem(pki.otherHostCert), key: pem(pki.otherHostKey) });
    expect(await attempt(otherHost, { ca })).toMatch(/^CTS_TLS_WRONG_HOST: .*another host name/);

    const mutual = await tlsServer({
      cert: pem(pki.serverCert),
      key: pem(pki.serverKey),
      ca: pem(pki.clientCaCert),
      requestCert: true,
      rejectUnauthorized: true,
    });
    expect(await attempt(mutual, { ca })).toMatch(
      /^CTS_TLS_CLIENT_CERT_REQUIRED: .*--client-cert FILE --client-key FILE/,
    );
    const client = {
      certFile: pki.clientCert,
      cert: pem(pki.clientCert),
      keyFile: pki.clientKey,
      key: pem(pki.clientKey),
    };
    expect(await attempt(mutual, { ca, client })).toBe('HTTP 200');
  },
);

test.skipIf(skip)('https:// to a port that speaks plain HTTP says so', async () => {
  const { createServer: plainServer } = await import('node:http');
  const server = plainServer((_q, r) => r.end('x'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await attempt(url)).toMatch(/^CTS_TLS_HANDSHAKE: .*http:\/\/ rather than https:\/\//);
  } finally {
    server.close();
  }
});
