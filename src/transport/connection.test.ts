import { expect, test } from 'vitest';
import {
  connectionSecrets,
  type ConnectionSettings,
  describeConnection,
  proxyFor,
  unverifiedTls,
} from './connection.js';

const base = (env: Record<string, string>, extra: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
  headers: {},
  tls: { insecure: false },
  env,
  ...extra,
});

test('the proxy of the environment: HTTPS_PROXY for https targets, HTTP_PROXY for http ones, lower case first', () => {
  const env = { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2', http_proxy: 'http://lower:3' };
  expect(proxyFor('https://api.example/v1', base(env))).toEqual({ url: 'http://s:1', from: 'HTTPS_PROXY' });
  expect(proxyFor('http://api.example/v1', base(env))).toEqual({ url: 'http://lower:3', from: 'http_proxy' });
  expect(proxyFor('http://api.example', base({}))).toBeUndefined();
  expect(proxyFor('https://api.example', base({ ALL_PROXY: 'http://all:4' }))?.from).toBe('ALL_PROXY');
});

test('NO_PROXY: *, host names with or without a leading dot (and their subdomains), ports, IPv6', () => {
  const through = (target: string, noProxy: string) =>
    proxyFor(target, base({ HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:1', NO_PROXY: noProxy })) !== undefined;
  expect(through('https://api.example', '*')).toBe(false);
  expect(through('https://api.example', 'example')).toBe(false);
  expect(through('https://a.b.example', '.example')).toBe(false);
  expect(through('https://notexample', 'example')).toBe(true);
  expect(through('http://127.0.0.1:8080', '127.0.0.1:9090')).toBe(true);
  expect(through('http://127.0.0.1:8080', 'localhost, 127.0.0.1:8080')).toBe(false);
  expect(through('https://api.example', 'api.example:443')).toBe(false);
  expect(through('http://[::1]:80', '[::1]')).toBe(false);
  expect(through('https://api.example', '')).toBe(true);
});

test('an explicit proxy wins over the environment, NO_PROXY still applies, and direct ignores both', () => {
  const explicit = { url: 'http://flag:9', from: '--proxy' };
  expect(proxyFor('https://a.example', base({ HTTPS_PROXY: 'http://env:1' }, { proxy: explicit }))).toEqual(explicit);
  expect(proxyFor('https://a.example', base({ NO_PROXY: 'a.example' }, { proxy: explicit }))).toBeUndefined();
  expect(
    proxyFor('https://a.example', base({ HTTPS_PROXY: 'http://env:1' }, { proxy: explicit, direct: true })),
  ).toBeUndefined();
});

test('the secrets the settings hold: secret headers and proxy passwords, not the other headers', () => {
  const settings = base(
    { HTTPS_PROXY: 'http://u:envpass@p:1' },
    {
      headers: { 'x-api-key': 'k-123', 'x-tenant': 'team-a' },
      proxy: { url: 'http://me:flag%40pass@p:2', from: '--proxy' },
    },
  );
  const secrets = connectionSecrets(settings);
  expect(secrets).toEqual(expect.arrayContaining(['k-123', 'flag@pass', 'me:flag@pass', 'envpass']));
  expect(secrets).not.toContain('team-a');
});

test('describeConnection names the proxy without its credentials, the CA, the certificate, --insecure and header names', () => {
  const line = describeConnection(
    'https://a.example',
    base(
      {},
      {
        headers: { 'x-api-key': 'k-123' },
        proxy: { url: 'http://me:secret@proxy.local:3128', from: '--proxy' },
        tls: {
          insecure: true,
          ca: { file: '/ca.pem', pem: '' },
          client: { certFile: '/c.pem', cert: '', keyFile: '/k.pem', key: '' },
        },
      },
    ),
  );
  expect(line).toBe(
    'through the proxy http://proxy.local:3128 (from --proxy), trusting the CA in /ca.pem, presenting the client certificate /c.pem, WITHOUT verifying TLS certificates (--insecure), adding the header x-api-key',
  );
  expect(describeConnection('https://a.example', base({}))).toBeUndefined();
});

test('--insecure is said only where TLS is in the way: an https target or an https proxy', () => {
  const insecure = (env: Record<string, string>) => base(env, { tls: { insecure: true } });
  expect(unverifiedTls('https://a.example', insecure({}))).toBe(true);
  expect(unverifiedTls('http://a.example', insecure({}))).toBe(false);
  expect(unverifiedTls('http://a.example', insecure({ HTTP_PROXY: 'https://p:1' }))).toBe(true);
  expect(unverifiedTls('https://a.example', base({}))).toBe(false);
  expect(describeConnection('http://a.example', insecure({}))).toBeUndefined();
});
