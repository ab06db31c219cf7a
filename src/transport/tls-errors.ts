/** @module TLS failures in words, with the flag that helps, read from the error codes of the cause chain. */
import { ConformanceError, type ConformanceErrorCode } from '../core/errors.js';

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_CHAIN_TOO_LONG',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const WRONG_HOST = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH']);
/** Alerts a server sends when it wants a client certificate, or does not accept the one presented. */
const CLIENT_CERT = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN',
  'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED',
]);

/** nginx's HTTP 400 page for a request without the client certificate it wants, or with an untrusted one. */
export const CLIENT_CERT_PAGE = /No required SSL certificate was sent|The SSL certificate error/i;

/** The tool error for a TLS front that refused the client certificate (or its absence) with a page. */
export function clientCertRefused(origin: string, clientCertGiven: boolean): ConformanceError {
  return new ConformanceError(
    'CTS_TLS_CLIENT_CERT_REQUIRED',
    clientCertGiven
      ? `the TLS front of ${origin} did not accept the client certificate given (HTTP 400 from the front): check --client-cert and --client-key, and that the front trusts their CA`
      : `the TLS front of ${origin} wants a client certificate (HTTP 400 from the front): pass --client-cert FILE --client-key FILE`,
    { details: { tls: 'client-certificate-page' } },
  );
}

/** Every string `code` in an error's cause chain, outermost first. */
export function errorCodes(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 6 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') out.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** The kinds of TLS failure, first match first: the error code, which codes, and the words with the flag that helps. */
const TLS_FAILURES: readonly (readonly [
  ConformanceErrorCode,
  (code: string) => boolean,
  (origin: string, c: string, clientCertGiven: boolean) => string,
])[] = [
  [
    'CTS_TLS_UNTRUSTED',
    (c) => UNTRUSTED.has(c),
    (o, c) =>
      `the TLS certificate of ${o} is not trusted (${c}): pass --ca-cert FILE with the CA that signed it (or --insecure to skip verification)`,
  ],
  [
    'CTS_TLS_EXPIRED',
    (c) => EXPIRED.has(c),
    (o, c) =>
      `the TLS certificate of ${o} ${c === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not yet valid'} (${c}): renew it, or pass --insecure to skip verification`,
  ],
  [
    'CTS_TLS_WRONG_HOST',
    (c) => WRONG_HOST.has(c),
    (o, c) =>
      `the TLS certificate of ${o} is for another host name (${c}): use the name the certificate holds in --target, or pass --insecure to skip verification`,
  ],
  [
    'CTS_TLS_CLIENT_CERT_REQUIRED',
    (c) => CLIENT_CERT.has(c),
    (o, c, given) =>
      given
        ? `${o} did not accept the client certificate given (${c}): check --client-cert and --client-key, and that the front trusts their CA`
        : `${o} wants a client certificate (${c}): pass --client-cert FILE --client-key FILE`,
  ],
  [
    'CTS_TLS_HANDSHAKE',
    (c) => c === 'ERR_SSL_WRONG_VERSION_NUMBER' || c === 'ERR_SSL_PACKET_LENGTH_TOO_LONG',
    (o, c) => `${o} does not speak TLS on that port (${c}): is the target http:// rather than https://?`,
  ],
  [
    'CTS_TLS_HANDSHAKE',
    (c) => c.startsWith('ERR_SSL_') || c.startsWith('ERR_TLS_'),
    (o, c) => `the TLS handshake with ${o} failed (${c})`,
  ],
];

/** The TLS failure `err` is, as a tool error naming the flag that helps; undefined when it is none. */
export function classifyTlsError(err: unknown, origin: string, clientCertGiven: boolean): ConformanceError | undefined {
  const codes = errorCodes(err);
  for (const [code, matches, words] of TLS_FAILURES) {
    const c = codes.find(matches);
    if (c) return new ConformanceError(code, words(origin, c, clientCertGiven), { cause: err, details: { tls: c } });
  }
  return undefined;
}
