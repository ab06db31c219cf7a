/**
 * @module Prism's validating proxy (`@stoplight/prism-cli proxy`, a dev dependency) as a child
 * process in front of a target, fed the project's own OpenAPI document, for the bench to set beside
 * `conformance proxy`. Its CPU time is read from `/proc/<pid>/stat` (Linux; it speaks no IPC). The
 * document's one server is the templated `{base_url}`, which Prism's router cannot match a request
 * to ("Selected route not found", so nothing judged): Prism gets a copy without `servers`, its
 * paths and schemas untouched, so that it validates every request and answer.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export interface PrismChild {
  readonly url: string;
  readonly pid: number;
  /** User + system CPU time so far, µs (clock-tick resolution). */
  cpuUs(): number;
  stop(): Promise<void>;
}

const PRISM = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');
const READY_MS = 30_000;
/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux everywhere in use). */
const TICK_US = 10_000;

/** Why Prism cannot be run here, or undefined. */
export function prismUnavailable(): string | undefined {
  if (process.platform !== 'linux') return `not Linux (${process.platform}): no /proc to read Prism's CPU from`;
  if (!existsSync(PRISM)) return '@stoplight/prism-cli is not installed (npm install)';
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as import('node:net').AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime), 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** Starts `prism proxy` (errors not enforced, logging off) in front of `target`; resolves once it answers. */
export async function startPrism(target: string): Promise<PrismChild> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prism-'));
  const doc = JSON.parse(readFileSync(join(ROOT, 'openapi/openapi.json'), 'utf8')) as Record<string, unknown>;
  delete doc.servers;
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', file, target, '-p', String(port), '-h', '127.0.0.1', '--errors=false', '-v', 'silent'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    if (stderr.length < 4096) stderr += c.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const until = performance.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`prism exited with ${child.exitCode}: ${stderr.slice(0, 300)}`);
    }
    const up = await fetch(`${url}/v1/models`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (performance.now() > until) {
      await stop();
      throw new Error(`prism: not answering within ${READY_MS} ms`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, cpuUs: () => cpuOf(child.pid!), stop };
}
