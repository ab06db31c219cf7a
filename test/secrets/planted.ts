/**
 * @module Planted secrets and every form in which one could leak: as is, base64 (of the secret, of
 * `user:pass`, padded or not), and percent-encoded. The values are distinctive (no report, id or
 * seed can contain them by chance) and use characters whose encodings differ from the plain form.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from '../hostile/report-files.js';

export interface PlantedSecrets {
  readonly token: string;
  readonly user: string;
  readonly password: string;
  /** `user:pass`, as given to --basic / CONFORMANCE_BASIC. */
  readonly basic: string;
}

/** A fresh set; `tag` keeps the sets of different runs apart. Bearer token68 characters only (§5, RFC 6750). */
export function plantSecrets(tag: string): PlantedSecrets {
  const token = `cts-PLANTED-${tag}-tok3n.Zq7~x+K9/w`;
  const user = `planted-${tag}`;
  const password = `PLANTED-${tag}-pa55:w0rd/é+%`;
  return { token, user, password, basic: `${user}:${password}` };
}

/** Every form worth searching for: plain, base64 (padded and not) and percent-encoded, of each secret. */
function leakForms(s: PlantedSecrets): { form: string; value: string }[] {
  const out: { form: string; value: string }[] = [];
  for (const [name, value] of [
    ['token', s.token],
    ['password', s.password],
    ['user:pass', s.basic],
  ] as const) {
    const b64 = Buffer.from(value, 'utf8').toString('base64');
    out.push({ form: `${name} (plain)`, value });
    out.push({ form: `${name} (base64)`, value: b64 });
    out.push({ form: `${name} (base64, no padding)`, value: b64.replace(/=+$/, '') });
    out.push({ form: `${name} (percent-encoded)`, value: encodeURIComponent(value) });
    out.push({ form: `${name} (form-encoded)`, value: new URLSearchParams({ v: value }).toString().slice(2) });
  }
  return out;
}

/** Names of the forms of `secrets` found in `text` (where = a label for the message). */
export function findLeaks(where: string, text: string, secrets: PlantedSecrets): string[] {
  return leakForms(secrets)
    .filter((f) => text.includes(f.value))
    .map((f) => `${where}: ${f.form}`);
}

export interface RunningMock {
  readonly url: string;
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM by pid; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `conformance mock` (the real binary) and waits for its `listening on URL` line. */
export function startCliMock(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<RunningMock> {
  const child = spawn(process.execPath, [BIN, 'mock', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let exit: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exit = code;
      resolve(code);
    }),
  );
  child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`conformance mock did not start: ${err.slice(0, 300)}`));
    }, 20_000);
    void exited.then(() => {
      clearTimeout(limit);
      reject(new Error(`conformance mock exited (${exit}): ${err.slice(0, 300)}`));
    });
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(limit);
      resolve({
        url: m[1]!,
        child,
        stdout: () => out,
        stderr: () => err,
        stop: async () => {
          // mock-command.ts prints `listening on` before it installs its SIGTERM handler: a signal sent
          // the instant the line arrives can kill it by default action (exit by signal, not 0). Give it
          // a moment (reported as a bug; remove this wait once the handler comes first).
          await new Promise((r) => setTimeout(r, 200));
          if (exit === undefined) {
            child.kill('SIGTERM');
            const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
            void exited.then(() => clearTimeout(hard));
          }
          return exited;
        },
      });
    });
  });
}
