/**
 * @module The flags that say how to reach a deployment behind its infrastructure, the same for every
 * command that sends. Files are read and judged here, so a bad one is a `CTS_BAD_FLAG` before anything is sent.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import { ConformanceError } from '../../src/core/errors.js';
import type { ConformanceConfig } from '../../src/generated/types.js';
import { isSecretHeaderName } from '../../src/core/redact.js';
import type { ConnectionSettings, ProxySetting, TlsSettings } from '../../src/transport/connection.js';
import { headerVariable, shellWord } from '../../src/transport/curl.js';
import { badFlag } from './flags.js';
import { readElsewhere, text } from './options/kinds.js';
import { type FlagValues, inGroup, type OptionTable } from './options/table.js';

/** The prefix of the environment variables that add a header (`CONFORMANCE_HEADER_X_API_KEY`, see headerVariable). */
const ENV_HEADER_PREFIX = 'CONFORMANCE_HEADER_';
export const ENV_PROXY = 'CONFORMANCE_PROXY';

/** The options, one table for every command that takes them (their group: `connection`). */
export const CONNECTION_OPTIONS = inGroup('connection', {
  header: {
    multiple: true,
    arg: "'Name: value'",
    help: `added to every request (repeatable; or env ${ENV_HEADER_PREFIX}<NAME>); values of secret-named headers (key, token, secret...) are redacted`,
    config: 'headers',
    configNote:
      "An object of names and values, e.g. an API gateway's tenant header. Headers whose names carry a secret (authorization, cookie, or containing key, token, secret, password) are refused here: pass them with --header or CONFORMANCE_HEADER_<NAME>.",
    kind: readElsewhere({ type: 'object', additionalProperties: { type: 'string' } }),
    replayWords: (headers: ConnectionSettings['headers']) =>
      Object.entries(headers).flatMap(([name, value]) => [
        '--header',
        // A secret header's value is read back from the environment, as the run read it.
        isSecretHeaderName(name) ? `"${name}: $${headerVariable(name)}"` : shellWord(`${name}: ${value}`),
      ]),
  },
  proxy: {
    arg: 'URL',
    help: 'forward proxy (or env {env}; default HTTPS_PROXY / HTTP_PROXY, with NO_PROXY); credentials in the URL are redacted',
    env: ENV_PROXY,
    config: 'proxy',
    configNote: 'Here without credentials: a proxy URL with them goes in --proxy or CONFORMANCE_PROXY.',
    kind: readElsewhere(text().schema),
    replayWords: (proxy: ProxySetting | undefined) =>
      proxy && proxy.from === '--proxy' && !/\/\/[^/@]*@/.test(proxy.url) ? ['--proxy', proxy.url] : [],
  },
  'ca-cert': {
    arg: 'FILE',
    help: "PEM CA to trust besides the system's (a private CA)",
    config: 'caCert',
    kind: readElsewhere(text().schema),
    replayWords: (ca: TlsSettings['ca']) => (ca ? ['--ca-cert', shellWord(ca.file)] : []),
  },
  'client-cert': {
    arg: 'FILE',
    help: 'a client certificate for an mTLS front (PEM, with --client-key)',
    config: 'clientCert',
    configNote: 'With clientKey.',
    kind: readElsewhere(text().schema),
    replayWords: (client: TlsSettings['client']) => (client ? ['--client-cert', shellWord(client.certFile)] : []),
  },
  'client-key': {
    arg: 'FILE',
    help: 'the private key of --client-cert (PEM)',
    config: 'clientKey',
    kind: readElsewhere(text().schema),
    replayWords: (client: TlsSettings['client']) => (client ? ['--client-key', shellWord(client.keyFile)] : []),
  },
  insecure: {
    help: 'do not verify TLS certificates (every report says so)',
    config: 'insecure',
    default: false,
    replay: true,
  },
}) satisfies OptionTable;

export type ConnectionFlagValues = FlagValues<typeof CONNECTION_OPTIONS>;

export type ConnectionConfigValues = Pick<
  ConformanceConfig,
  'headers' | 'proxy' | 'caCert' | 'clientCert' | 'clientKey' | 'insecure'
>;

type Env = Readonly<Record<string, string | undefined>>;

/** RFC 9110 §5.6.2 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers the tool owns: set by other flags, or by the HTTP layer itself. */
const OWNED: Readonly<Record<string, string>> = {
  authorization: 'the credentials §5 judges come from --token / --basic (or CONFORMANCE_TOKEN / CONFORMANCE_BASIC)',
  'proxy-authorization': 'proxy credentials go in the proxy URL (http://USER:PASS@host:port)',
  host: 'the Host header is the target URL’s',
  'content-length': 'the HTTP layer sets it',
  'transfer-encoding': 'the HTTP layer sets it',
  connection: 'the HTTP layer sets it',
};

function checkHeader(name: string, value: string, where: string): [string, string] {
  const lower = name.trim().toLowerCase();
  if (!TOKEN.test(lower)) throw badFlag(`${where}: "${name}" is not a header name`);
  if (/[\r\n\0]/.test(value)) throw badFlag(`${where}: the value of ${name} holds a line break`);
  const owned = OWNED[lower];
  if (owned) throw badFlag(`${where}: ${name} cannot be set this way: ${owned}`);
  return [lower, value.trim()];
}

/** `Name: value` as curl's `-H` takes it. */
function parseHeaderFlag(text: string): [string, string] {
  const colon = text.indexOf(':');
  // The text is not echoed: it may be a secret given without its name.
  if (colon <= 0)
    throw badFlag(
      `--header takes 'Name: value' (a name, a colon, the value): the one given has ${colon < 0 ? 'no colon' : 'no name'}`,
    );
  return checkHeader(text.slice(0, colon), text.slice(colon + 1), '--header');
}

/** The headers of the config file, then the environment's, then the flags' (the last of a name wins). */
function headersOf(flags: ConnectionFlagValues, cfg: ConnectionConfigValues, env: Env): Record<string, string> {
  const fromConfig = Object.entries(cfg.headers ?? {}).map(([name, value]) => {
    const header = checkHeader(name, value, 'config headers');
    if (isSecretHeaderName(header[0]))
      throw new ConformanceError(
        'CTS_BAD_CONFIG',
        `config headers: ${name} holds a secret, and the config file holds none: pass it with --header or ${headerVariable(header[0])}`,
      );
    return header;
  });
  const fromEnv = Object.entries(env).flatMap(([key, value]) =>
    !key.startsWith(ENV_HEADER_PREFIX) || value === undefined || key === ENV_HEADER_PREFIX
      ? []
      : [checkHeader(key.slice(ENV_HEADER_PREFIX.length).replace(/_/g, '-'), value, key)],
  );
  return Object.fromEntries([...fromConfig, ...fromEnv, ...(flags.header ?? []).map(parseHeaderFlag)]);
}

function checkProxyUrl(url: string, from: string): ProxySetting {
  if (!URL.canParse(url))
    throw badFlag(`${from}: "${url.replace(/\/\/[^@/]*@/, '//***@')}" is not a URL (http://host:port)`);
  const u = new URL(url);
  if (!['http:', 'https:', 'socks5:', 'socks:'].includes(u.protocol))
    throw badFlag(`${from}: a proxy URL is http://, https:// or socks5://, got ${u.protocol}//`);
  return { url, from };
}

function proxyOf(flags: ConnectionFlagValues, cfg: ConnectionConfigValues, env: Env): ProxySetting | undefined {
  if (flags.proxy !== undefined) return checkProxyUrl(flags.proxy, '--proxy');
  const fromEnv = env[ENV_PROXY];
  if (fromEnv) return checkProxyUrl(fromEnv, ENV_PROXY);
  if (cfg.proxy !== undefined) {
    if (/\/\/[^/@]*@/.test(cfg.proxy))
      throw new ConformanceError(
        'CTS_BAD_CONFIG',
        `config proxy: the URL holds credentials, and the config file holds none: pass --proxy or ${ENV_PROXY}`,
      );
    return checkProxyUrl(cfg.proxy, 'proxy');
  }
  return undefined;
}

function readPem(flag: string, file: string): { file: string; pem: string } {
  const path = resolve(file);
  try {
    return { file: path, pem: readFileSync(path, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : `cannot be read (${code})`;
    throw badFlag(`${flag} ${file}: ${why}`);
  }
}

/** Node's own judgement of the PEM files, now rather than at the first connection. */
function judgePem(flag: string, options: Parameters<typeof createSecureContext>[0]): void {
  try {
    createSecureContext(options);
  } catch (err) {
    throw badFlag(`${flag}: ${(err as Error).message.split('\n')[0]}`);
  }
}

function tlsOf(flags: ConnectionFlagValues, cfg: ConnectionConfigValues): TlsSettings {
  const caFile = flags['ca-cert'] ?? cfg.caCert;
  const certFile = flags['client-cert'] ?? cfg.clientCert;
  const keyFile = flags['client-key'] ?? cfg.clientKey;
  if ((certFile === undefined) !== (keyFile === undefined))
    throw badFlag('--client-cert and --client-key go together: the certificate and its private key');
  const ca = caFile === undefined ? undefined : readPem('--ca-cert', caFile);
  if (ca) {
    if (!ca.pem.includes('-----BEGIN CERTIFICATE-----'))
      throw badFlag(`--ca-cert ${caFile}: not a PEM certificate (-----BEGIN CERTIFICATE-----)`);
    judgePem(`--ca-cert ${caFile}`, { ca: ca.pem });
  }
  let client: TlsSettings['client'];
  if (certFile !== undefined && keyFile !== undefined) {
    const cert = readPem('--client-cert', certFile);
    const key = readPem('--client-key', keyFile);
    judgePem('--client-cert/--client-key', { cert: cert.pem, key: key.pem });
    client = { certFile: cert.file, cert: cert.pem, keyFile: key.file, key: key.pem };
  }
  return {
    ...(ca ? { ca } : {}),
    ...(client ? { client } : {}),
    insecure: flags.insecure ?? cfg.insecure ?? false,
  };
}

/** The connection settings of a command line, its config file and the environment. */
export function readConnectionSettings(
  flags: ConnectionFlagValues,
  cfg: ConnectionConfigValues,
  env: Env = process.env,
): ConnectionSettings {
  const proxy = proxyOf(flags, cfg, env);
  return { headers: headersOf(flags, cfg, env), ...(proxy ? { proxy } : {}), tls: tlsOf(flags, cfg), env };
}

/** The settings as the values of the options, for the replay line (each option's `replayWords`). */
export function connectionValues(
  settings: ConnectionSettings,
): Readonly<Record<keyof typeof CONNECTION_OPTIONS, unknown>> {
  return {
    header: settings.headers,
    proxy: settings.proxy,
    'ca-cert': settings.tls.ca,
    'client-cert': settings.tls.client,
    'client-key': settings.tls.client,
    insecure: settings.tls.insecure,
  };
}
