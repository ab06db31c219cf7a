/** @module How requests reach a target: extra headers, a forward proxy and TLS settings. */
import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { Agent, ProxyAgent } from './undici-lean.js';
import { isSecretHeaderName } from '../core/redact.js';

/** TLS towards the target (and an https proxy): PEM contents as read, with the files they came from for curl lines. */
export interface TlsSettings {
  /** `--ca-cert FILE`: trusted besides the system's roots. */
  readonly ca?: { readonly file: string; readonly pem: string };
  /** `--client-cert FILE --client-key FILE`: presented to a front that asks for one (mTLS). */
  readonly client?: {
    readonly certFile: string;
    readonly cert: string;
    readonly keyFile: string;
    readonly key: string;
  };
  /** `--insecure`: certificates are not verified (every report says so). */
  readonly insecure: boolean;
}

/** A forward proxy and where it was configured (a flag, or the environment variable named). */
export interface ProxySetting {
  readonly url: string;
  /** `--proxy`, `proxy` (the config file) or the environment variable's name (`HTTPS_PROXY`). */
  readonly from: string;
}

export interface ConnectionSettings {
  /** Added to every request; a request's own header of the same name wins. Names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The proxy given explicitly; undefined: the environment's, resolved per target by `proxyFor`. */
  readonly proxy?: ProxySetting | undefined;
  readonly tls: TlsSettings;
  /** The environment the proxy variables are read from. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Ignore every proxy (the bundled mock on loopback). */
  readonly direct?: boolean;
}

/** Settings that change nothing: a direct connection, verified TLS, no extra header. */
export const DIRECT: ConnectionSettings = { headers: {}, tls: { insecure: false }, direct: true };

/** `NO_PROXY` matching as curl and undici read it: `*`, or host names (a leading dot optional) with an optional port. */
function bypassed(url: URL, noProxy: string): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    // `[::1]:8080`, `[::1]`, `::1` (IPv6: no port without brackets), `host:port`, `host`.
    const m = entry.startsWith('[')
      ? /^\[([^\]]*)\](?::(\d+))?$/.exec(entry)
      : entry.split(':').length > 2
        ? [entry, entry, undefined]
        : /^(.*?)(?::(\d+))?$/.exec(entry);
    if (!m) continue;
    const name = m[1]!.replace(/^\*?\./, '');
    if (m[2] !== undefined && m[2] !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy requests to `target` go through, or undefined for a direct connection. */
export function proxyFor(target: string, settings: ConnectionSettings): ProxySetting | undefined {
  if (settings.direct) return undefined;
  const env = settings.env ?? process.env;
  const url = new URL(target);
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  if (noProxy && bypassed(url, noProxy)) return undefined;
  if (settings.proxy) return settings.proxy;
  // The environment variable that holds the proxy for a URL of this scheme, as curl reads them.
  const names = url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  const from = [...names, 'all_proxy', 'ALL_PROXY'].find((name) => env[name]);
  return from ? { url: env[from]!, from } : undefined;
}

/** A proxy URL without its credentials, for messages: `http://proxy.example:3128`. */
export function proxyOrigin(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(an unreadable proxy URL)';
  }
}

/** The secrets the settings hold (values of secret headers, proxy passwords), for the redactor. */
export function connectionSecrets(settings: ConnectionSettings | undefined): string[] {
  if (!settings) return [];
  const out = Object.entries(settings.headers)
    .filter(([name]) => isSecretHeaderName(name))
    .map(([, value]) => value);
  const env = settings.env ?? process.env;
  const urls = [
    settings.proxy?.url,
    ...['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'].map((n) => env[n]),
  ];
  for (const raw of urls) {
    if (!raw) continue;
    try {
      const u = new URL(raw);
      if (u.password)
        out.push(decodeURIComponent(u.password), `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`);
    } catch {
      // Not a URL: nothing to learn from it.
    }
  }
  return out;
}

/** Node's TLS options for the settings: the private CA added to the system's roots (not in place of them). */
export function tlsOptions(tls: TlsSettings) {
  return {
    ...(tls.ca ? { ca: [...rootCertificates, tls.ca.pem] } : {}),
    ...(tls.client ? { cert: tls.client.cert, key: tls.client.key } : {}),
    ...(tls.insecure ? { rejectUnauthorized: false } : {}),
  };
}

/** undici's connection options for one target: timeouts, pool size and keep-alive. */
export interface DispatcherOptions {
  readonly connectTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  readonly connections?: number;
  readonly keepAliveTimeoutMs?: number;
}

/** The dispatcher for requests to `target`: an Agent, or a ProxyAgent (CONNECT for https) when a proxy applies. */
export function createDispatcher(target: string, settings: ConnectionSettings, opts: DispatcherOptions): Dispatcher {
  const tls = tlsOptions(settings.tls);
  const common = {
    headersTimeout: opts.headersTimeoutMs,
    bodyTimeout: opts.bodyTimeoutMs,
    keepAliveTimeout: opts.keepAliveTimeoutMs ?? 4_000,
    ...(opts.connections !== undefined ? { connections: opts.connections } : {}),
  };
  const proxy = proxyFor(target, settings);
  if (!proxy) return new Agent({ ...common, connect: { timeout: opts.connectTimeoutMs, ...tls } });
  return new ProxyAgent({
    ...common,
    uri: proxy.url,
    proxyTunnel: new URL(target).protocol === 'https:',
    requestTls: { timeout: opts.connectTimeoutMs, ...tls },
    proxyTls: {
      timeout: opts.connectTimeoutMs,
      ...(settings.tls.ca ? { ca: tls.ca } : {}),
      ...(settings.tls.insecure ? { rejectUnauthorized: false } : {}),
    },
  });
}

/** Whether certificates go unverified on the way to `target`: `--insecure` with TLS in the way. */
export function unverifiedTls(target: string, settings: ConnectionSettings): boolean {
  if (!settings.tls.insecure) return false;
  const proxy = proxyFor(target, settings);
  return target.startsWith('https:') || (proxy?.url.startsWith('https:') ?? false);
}

/** One line on how the target is reached, for the start of a run or a proxy (no secret in it). */
export function describeConnection(target: string, settings: ConnectionSettings): string | undefined {
  const parts: string[] = [];
  const proxy = proxyFor(target, settings);
  if (proxy) parts.push(`through the proxy ${proxyOrigin(proxy.url)} (from ${proxy.from})`);
  if (settings.tls.ca) parts.push(`trusting the CA in ${settings.tls.ca.file}`);
  if (settings.tls.client) parts.push(`presenting the client certificate ${settings.tls.client.certFile}`);
  if (unverifiedTls(target, settings)) parts.push('WITHOUT verifying TLS certificates (--insecure)');
  const names = Object.keys(settings.headers);
  if (names.length) parts.push(`adding the header${names.length === 1 ? '' : 's'} ${names.join(', ')}`);
  return parts.length ? parts.join(', ') : undefined;
}
