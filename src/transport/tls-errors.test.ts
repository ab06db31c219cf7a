import { expect, test } from 'vitest';
import { classifyTlsError, errorCodes } from './tls-errors.js';

const wrapped = (code: string) =>
  Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('tls'), { code }) });

test.each([
  ['SELF_SIGNED_CERT_IN_CHAIN', 'CTS_TLS_UNTRUSTED', '--ca-cert'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CTS_TLS_UNTRUSTED', '--insecure'],
  ['CERT_HAS_EXPIRED', 'CTS_TLS_EXPIRED', 'has expired'],
  ['CERT_NOT_YET_VALID', 'CTS_TLS_EXPIRED', 'not yet valid'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'CTS_TLS_WRONG_HOST', 'another host name'],
  ['ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'CTS_TLS_CLIENT_CERT_REQUIRED', '--client-cert FILE --client-key FILE'],
  ['ERR_SSL_WRONG_VERSION_NUMBER', 'CTS_TLS_HANDSHAKE', 'http:// rather than https://'],
  ['ERR_SSL_NO_CIPHERS_AVAILABLE', 'CTS_TLS_HANDSHAKE', 'handshake'],
])('%s anywhere in the cause chain is %s, naming what helps', (code, expected, words) => {
  const err = classifyTlsError(wrapped(code), 'https://api.example', false);
  expect(err?.code).toBe(expected);
  expect(err?.message).toContain(words);
  expect(err?.message).toContain('https://api.example');
});

test('a refused client certificate that was given says to check it, not to pass one', () => {
  const err = classifyTlsError(wrapped('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA'), 'https://a', true);
  expect(err?.code).toBe('CTS_TLS_CLIENT_CERT_REQUIRED');
  expect(err?.message).toContain('did not accept the client certificate given');
});

test('anything else is not a TLS failure', () => {
  expect(classifyTlsError(wrapped('ECONNREFUSED'), 'https://a', false)).toBeUndefined();
  expect(classifyTlsError(new Error('x'), 'https://a', false)).toBeUndefined();
  expect(errorCodes(wrapped('X'))).toEqual(['X']);
});
