/**
 * @module Scenario: start-up latencies, the median of a few spawns each.
 *  - `conformance mock --port 0` until it prints `listening on`, against a bare node process that
 *    starts a `node:http` server and prints the same line (node's own start-up floor).
 *  - `conformance run --target <recorder>` until the first request reaches a tiny recording server
 *    in this process, against a bare node process that sends one request to it.
 * Every child is killed in `finally`, whatever happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLI, ROOT } from '../lib/paths.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { median } from '../lib/load.js';
import { row, type Row } from '../lib/table.js';

export interface StartupOptions {
  repeats: number;
  timeoutMs: number;
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
  await exited;
  clearTimeout(timer);
}

/** ms from spawn until stdout contains `marker`. */
async function timeToLine(args: string[], marker: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    return await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`${args.join(' ')}: no "${marker}" within ${timeoutMs} ms`)), timeoutMs);
      child.stdout!.on('data', (c: Buffer) => {
        seen += c.toString('utf8');
        if (seen.includes(marker)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.stderr!.resume();
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${args.join(' ')}: exited (${code}) before "${marker}"`));
      });
    });
  } finally {
    await killHard(child);
  }
}

/** ms from spawn until the first request reaches a recording server. */
async function timeToFirstRequest(argsFor: (url: string) => string[], timeoutMs: number): Promise<number> {
  let onFirst: (() => void) | undefined;
  const server = createServer((req, res) => {
    onFirst?.();
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json', connection: 'close' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let child: ChildProcess | undefined;
  try {
    const started = performance.now();
    const first = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no request within ${timeoutMs} ms`)), timeoutMs);
      onFirst = () => {
        clearTimeout(timer);
        onFirst = undefined;
        resolve(performance.now() - started);
      };
    });
    child = spawn(process.execPath, argsFor(url), { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    return await first;
  } finally {
    if (child) await killHard(child);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const BARE_SERVER = `require('node:http').createServer((q, r) => r.end()).listen(0, '127.0.0.1', function () { process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });`;
const BARE_CLIENT = (url: string) => `require('node:http').get(${JSON.stringify(url + '/')}, (r) => r.resume());`;

export async function startupScenario(opts: StartupOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const mock: number[] = [];
  const bareServer: number[] = [];
  const run: number[] = [];
  const bareClient: number[] = [];
  for (let i = 0; i < opts.repeats; i++) {
    bareServer.push(await timeToLine(['-e', BARE_SERVER], 'listening on', opts.timeoutMs));
    mock.push(await timeToLine([CLI, 'mock', '--port', '0'], 'listening on', opts.timeoutMs));
    bareClient.push(await timeToFirstRequest((url) => ['-e', BARE_CLIENT(url)], opts.timeoutMs));
    run.push(
      await timeToFirstRequest(
        (url) => [CLI, 'run', '--target', url, '--token', DEFAULT_TOKEN, '--basic', `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`, '--seed', '1', '--quiet', '--retries', '0'],
        opts.timeoutMs,
      ),
    );
  }
  const rows: Row[] = [
    row({ scenario: 'startup', figure: '`conformance mock` to "listening on"', value: median(mock), unit: 'ms', baseline: median(bareServer), baselineLabel: 'bare node process listening', note: `median of ${opts.repeats}: ${mock.map(Math.round).join('/')} ms` }),
    row({ scenario: 'startup', figure: '`conformance run` to first request', value: median(run), unit: 'ms', baseline: median(bareClient), baselineLabel: 'bare node process sending one request', note: `median of ${opts.repeats}: ${run.map(Math.round).join('/')} ms` }),
  ];
  return { rows, details: { mock, bareServer, run, bareClient } };
}
