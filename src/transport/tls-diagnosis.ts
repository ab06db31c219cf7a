/** @module The TLS alert behind a connection closed after the handshake (TLS 1.3 client certificates). */
import { connect } from 'node:tls';
import type { ConformanceError } from '../core/errors.js';
import { type ConnectionSettings, proxyFor, tlsOptions } from './connection.js';
import { classifyTlsError } from './tls-errors.js';

/** The TLS failure behind a connection the target closed, or undefined when there is none to find. */
export function diagnoseTls(
  target: string,
  settings: ConnectionSettings,
  timeoutMs: number,
): Promise<ConformanceError | undefined> {
  const url = new URL(target);
  if (url.protocol !== 'https:' || proxyFor(target, settings)) return Promise.resolve(undefined);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    let settled = false;
    const done = (err: ConformanceError | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(err);
    };
    const socket = connect({
      host,
      port: Number(url.port || 443),
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      ...tlsOptions(settings.tls),
    });
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.on('secureConnect', () =>
      socket.write(`HEAD ${url.pathname || '/'} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n\r\n`),
    );
    socket.on('error', (err) => done(classifyTlsError(err, url.origin, settings.tls.client !== undefined)));
    socket.on('data', () => done(undefined));
    socket.on('close', () => done(undefined));
  });
}
