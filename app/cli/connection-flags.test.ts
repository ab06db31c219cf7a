import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CONNECTION_OPTIONS, connectionValues, readConnectionSettings } from './connection-flags.js';
import { replayWords } from './options/replay-line.js';

const read = (flags: object, cfg: object = {}, env: Record<string, string> = {}) =>
  readConnectionSettings(flags, cfg, env);
const connectionReplayFlags = (s: ReturnType<typeof read>) => replayWords(CONNECTION_OPTIONS, connectionValues(s));
const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return `${(err as { code: string }).code}: ${(err as Error).message}`;
  }
  return 'no error';
};

test('headers from the config, the environment and --header, in that order of precedence, names in lower case', () => {
  const s = read(
    { header: ['X-Tenant: from-flag', 'X-Api-Key:  k-1 '] },
    { headers: { 'X-Tenant': 'from-config', 'X-Region': 'eu' } },
    { CONFORMANCE_HEADER_X_TENANT: 'from-env', CONFORMANCE_HEADER_X_TRACE: 't' },
  );
  expect(s.headers).toEqual({ 'x-tenant': 'from-flag', 'x-region': 'eu', 'x-trace': 't', 'x-api-key': 'k-1' });
});

test('header mistakes are one CTS_BAD_FLAG line, the value never echoed', () => {
  expect(codeOf(() => read({ header: ['no-colon-secret'] }))).toMatch(/^CTS_BAD_FLAG: --header takes 'Name: value'/);
  expect(codeOf(() => read({ header: ['no-colon-secret'] }))).not.toContain('secret');
  expect(codeOf(() => read({ header: ['Bad Name: x'] }))).toContain('is not a header name');
  expect(codeOf(() => read({ header: ['Authorization: Bearer x'] }))).toContain('--token / --basic');
  expect(codeOf(() => read({ header: ['Host: x'] }))).toContain('Host');
  expect(codeOf(() => read({}, { headers: { 'X-Api-Key': 'k' } }))).toMatch(
    /^CTS_BAD_CONFIG: .*X-Api-Key holds a secret.*CONFORMANCE_HEADER_X_API_KEY/,
  );
});

test('the proxy: --proxy over CONFORMANCE_PROXY over the config; a URL it can use, credentials kept out of the config', () => {
  expect(read({ proxy: 'http://p:1' }, {}, { CONFORMANCE_PROXY: 'http://e:2' }).proxy).toEqual({
    url: 'http://p:1',
    from: '--proxy',
  });
  expect(read({}, { proxy: 'http://c:3' }, { CONFORMANCE_PROXY: 'http://e:2' }).proxy?.from).toBe('CONFORMANCE_PROXY');
  expect(read({}, { proxy: 'http://c:3' }).proxy?.from).toBe('proxy');
  expect(read({}).proxy).toBeUndefined();
  expect(codeOf(() => read({ proxy: 'ftp://p:1' }))).toContain('http://, https:// or socks5://');
  expect(codeOf(() => read({ proxy: 'not a url' }))).toContain('is not a URL');
  expect(codeOf(() => read({}, { proxy: 'http://u:pw@p:1' }))).toMatch(/^CTS_BAD_CONFIG.*holds credentials/);
  expect(codeOf(() => read({}, { proxy: 'http://u:pw@p:1' }))).not.toContain('pw');
});

test('TLS files are read and judged at once: missing, not PEM, half a pair', () => {
  const dir = tmpdir();
  const notPem = join(dir, `cts-not-pem-${process.pid}.txt`);
  writeFileSync(notPem, 'hello');
  expect(codeOf(() => read({ 'ca-cert': join(dir, 'does-not-exist.pem') }))).toMatch(
    /CTS_BAD_FLAG: --ca-cert .*: no such file/,
  );
  expect(codeOf(() => read({ 'ca-cert': notPem }))).toContain('not a PEM certificate');
  expect(codeOf(() => read({ 'client-key': notPem }))).toContain('--client-cert and --client-key go together');
  expect(read({ insecure: true }).tls).toEqual({ insecure: true });
  expect(read({}, { insecure: true }).tls.insecure).toBe(true);
});

test('the flags that reproduce the settings leave secrets to the environment', () => {
  const s = read({ header: ['X-Api-Key: k-1', 'X-Tenant: team a'], proxy: 'http://p:1', insecure: true });
  expect(connectionReplayFlags(s)).toEqual([
    '--header',
    '"x-api-key: $CONFORMANCE_HEADER_X_API_KEY"',
    '--header',
    "'x-tenant: team a'",
    '--proxy',
    'http://p:1',
    '--insecure',
  ]);
  expect(connectionReplayFlags(read({ proxy: 'http://u:pw@p:1' }))).toEqual([]);
});
