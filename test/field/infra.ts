/**
 * @module The infrastructure real deployments sit behind, started for real on loopback: Debian's
 * nginx (a TLS front with a private CA, an mTLS front, a gateway that wants a header of its own, a
 * compressing front under a path prefix), tinyproxy as a forward proxy, and a PKI made with openssl.
 * Each is found on the PATH (or /usr/sbin); a test whose component is missing says so and skips.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/free-port.js';

/** The path of a program, or undefined when it is not installed. */
function which(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin', '/usr/bin'])) {
    const p = join(dir, name);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

const NGINX = which('nginx');
const TINYPROXY = which('tinyproxy');
const OPENSSL = which('openssl');

/** Why a test cannot run here, or undefined when every component it needs is installed. */
export function missing(...needs: ('nginx' | 'tinyproxy' | 'openssl')[]): string | undefined {
  const have = { nginx: NGINX, tinyproxy: TINYPROXY, openssl: OPENSSL };
  const absent = needs.filter((n) => !have[n]);
  return absent.length
    ? `not installed: ${absent.join(', ')} (Debian: apt-get install nginx-light tinyproxy openssl; .ci/run installs them)`
    : undefined;
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `cts-${prefix}-`));
}

/** A private PKI: a server CA, a server certificate for 127.0.0.1/localhost, a client CA and a client certificate. */
export interface Pki {
  readonly dir: string;
  readonly caCert: string;
  readonly serverCert: string;
  readonly serverKey: string;
  /** A certificate for another host name only (signed by the same CA). */
  readonly otherHostCert: string;
  readonly otherHostKey: string;
  readonly clientCaCert: string;
  readonly clientCert: string;
  readonly clientKey: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync(OPENSSL!, args, { cwd, stdio: 'pipe' });
}

/** Makes the PKI with openssl (a few hundred ms). */
export function makePki(dir: string): Pki {
  const p = (f: string) => join(dir, f);
  const ca = (name: string) => {
    openssl(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', p(`${name}.key`), '-out', p(`${name}.crt`)].concat([
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
      ]),
      dir,
    );
  };
  const leaf = (name: string, signer: string, san: string, usage: string) => {
    writeFileSync(p(`${name}.ext`), `subjectAltName=${san}\nextendedKeyUsage=${usage}\n`);
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        p(`${name}.key`),
        '-out',
        p(`${name}.csr`),
        '-subj',
        `/CN=${name}`,
      ],
      dir,
    );
    openssl(
      ['x509', '-req', '-in', p(`${name}.csr`), '-CA', p(`${signer}.crt`), '-CAkey', p(`${signer}.key`)].concat([
        '-CAcreateserial',
        '-out',
        p(`${name}.crt`),
        '-days',
        '2',
        '-extfile',
        p(`${name}.ext`),
      ]),
      dir,
    );
  };
  ca('conformance-test-ca');
  ca('conformance-client-ca');
  leaf('server', 'conformance-test-ca', 'IP:127.0.0.1,DNS:localhost', 'serverAuth');
  leaf('other-host', 'conformance-test-ca', 'DNS:other.example', 'serverAuth');
  leaf('client', 'conformance-client-ca', 'DNS:client', 'clientAuth');
  return {
    dir,
    caCert: p('conformance-test-ca.crt'),
    serverCert: p('server.crt'),
    serverKey: p('server.key'),
    otherHostCert: p('other-host.crt'),
    otherHostKey: p('other-host.key'),
    clientCaCert: p('conformance-client-ca.crt'),
    clientCert: p('client.crt'),
    clientKey: p('client.key'),
  };
}

export interface Running {
  readonly port: number;
  /** The program's log (tinyproxy's, nginx's access log). */
  log(): string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, what: string, output: () => string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}): ${output()}`);
    // Connected to, not bound: a probe that bound the port would hold it from the program a moment.
    const open = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`${what} did not listen on ${port}: ${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * nginx in the foreground with `server(port)` as its server block, an access log of one line per
 * request (`METHOD URI STATUS via=[Via header] gzip=RATIO`, `-` when not compressed), and temp paths of its own.
 */
export async function startNginx(server: (port: number) => string): Promise<Running> {
  const dir = scratchDir('nginx');
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  const root = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    conf,
    `${root}worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  log_format cts '$request_method $request_uri $status via=[$http_via] gzip=$gzip_ratio';
  access_log ${dir}/access.log cts;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${server(port)}
}
`,
  );
  let out = '';
  const child = spawn(NGINX!, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const log = () => {
    try {
      return readFileSync(join(dir, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  };
  await waitForPort(port, child, 'nginx', () => `${out}${safeRead(join(dir, 'error.log'))}`);
  return { port, log, stop: stopper(child, dir) };
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** tinyproxy in the foreground on loopback, logging every request it forwards. */
export async function startTinyproxy(options: { basicAuth?: string } = {}): Promise<Running> {
  const dir = scratchDir('tinyproxy');
  const port = await freePort();
  const conf = join(dir, 'tinyproxy.conf');
  const logFile = join(dir, 'tinyproxy.log');
  const user = process.getuid?.() === 0 ? 'User root\nGroup root\n' : '';
  writeFileSync(
    conf,
    `${user}Port ${port}
Listen 127.0.0.1
Timeout 30
LogFile "${logFile}"
LogLevel Info
MaxClients 50
Allow 127.0.0.1
${options.basicAuth ? `BasicAuth ${options.basicAuth.replace(':', ' ')}\n` : ''}`,
  );
  let out = '';
  const child = spawn(TINYPROXY!, ['-d', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await waitForPort(port, child, 'tinyproxy', () => `${out}${safeRead(logFile)}`);
  return { port, log: () => `${safeRead(logFile)}${out}`, stop: stopper(child, dir) };
}

/** nginx's proxying of one upstream, HTTP/1.1 and unbuffered (streams pass as they come). */
export function proxyPass(upstream: string): string {
  return `proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;`;
}
