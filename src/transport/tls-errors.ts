/**
 * @module TLS failures in words: which of the usual four it is (a certificate nobody here trusts, one
 * out of its validity dates, one for another host name, a front that wants a client certificate),
 * and the flag that helps. Read from the OpenSSL / Node error codes anywhere in the error's cause
 * chain (undici wraps them).
 */
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

/**
 * nginx's page for a request that came without the client certificate `ssl_verify_client on` wants,
 * or with one it does not trust: an HTTP 400, after a handshake that succeeded.
 */
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

/** The TLS failure `err` is, as a tool error naming the flag that helps; undefined when it is none. */
export function classifyTlsError(err: unknown, origin: string, clientCertGiven: boolean): ConformanceError | undefined {
  const codes = errorCodes(err);
  const has = (set: ReadonlySet<string>) => codes.find((c) => set.has(c));
  const make = (code: ConformanceErrorCode, message: string, tlsCode: string) =>
    new ConformanceError(code, message, { cause: err, details: { tls: tlsCode } });
  let c = has(UNTRUSTED);
  if (c)
    return make(
      'CTS_TLS_UNTRUSTED',
      `the TLS certificate of ${origin} is not trusted (${c}): pass --ca-cert FILE with the CA that signed it (or --insecure to skip verification)`,
      c,
    );
  c = has(EXPIRED);
  if (c)
    return make(
      'CTS_TLS_EXPIRED',
      `the TLS certificate of ${origin} ${c === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not yet valid'} (${c}): renew it, or pass --insecure to skip verification`,
      c,
    );
  c = has(WRONG_HOST);
  if (c)
    return make(
      'CTS_TLS_WRONG_HOST',
      `the TLS certificate of ${origin} is for another host name (${c}): use the name the certificate holds in --target, or pass --insecure to skip verification`,
      c,
    );
  c = has(CLIENT_CERT);
  if (c)
    return make(
      'CTS_TLS_CLIENT_CERT_REQUIRED',
      clientCertGiven
        ? `${origin} did not accept the client certificate given (${c}): check --client-cert and --client-key, and that the front trusts their CA`
        : `${origin} wants a client certificate (${c}): pass --client-cert FILE --client-key FILE`,
      c,
    );
  c = codes.find((x) => x === 'ERR_SSL_WRONG_VERSION_NUMBER' || x === 'ERR_SSL_PACKET_LENGTH_TOO_LONG');
  if (c)
    return make(
      'CTS_TLS_HANDSHAKE',
      `${origin} does not speak TLS on that port (${c}): is the target http:// rather than https://?`,
      c,
    );
  c = codes.find((x) => x.startsWith('ERR_SSL_') || x.startsWith('ERR_TLS_'));
  if (c) return make('CTS_TLS_HANDSHAKE', `the TLS handshake with ${origin} failed (${c})`, c);
  return undefined;
}
