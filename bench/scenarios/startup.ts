/**
 * @module Scenario: start-up, whole processes, the median of a few spawns each, each figure beside a
 * bare node process measured in the same rounds (interleaved, so a burst of load elsewhere hits both).
 * Three figures have budgets (issue 17's goals, tightened by issue 41):
 *  - `conformance run --only <one check>` against the bundled mock, spawn to exit: <= 0.4 s;
 *  - the strict run (`conformance run --seed 1 --level should`) against the bundled mock, spawn to
 *    exit: <= 1.5 s (no profile and no preload, unlike the suite scenario);
 *  - `conformance mock --port 0` until it prints `listening on`: <= 1.8x a bare node process that starts
 *    a `node:http` server and prints the same line (node's own start-up floor).
 * CI's e2e tier runs this scenario alone (`node dist/bench/run.js --only startup`) and prints the figures
 * against the budgets without failing on them: a shared runner's load moves them too much to gate on.
 * The runs' baseline is a bare `node -e` that exits at once (the floor of any node process).
 * Also, without a goal: `conformance run --target <recorder>` until the first request reaches a tiny
 * recording server in this process, against a bare node process that sends one request to it.
 * Every child is killed in `finally`, whatever happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLI, ROOT } from '../lib/paths.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { median } from '../lib/load.js';
import { runToExit } from '../lib/proc.js';
import { row, type Row } from '../lib/table.js';

export interface StartupOptions {
  /** Spawns of the quick figures (mock to listening, one-check run) and their baselines. */
  repeats: number;
  /** Spawns of the slow ones (strict run, run to first request). */
  slowRepeats: number;
  timeoutMs: number;
}

/** The check of the one-check figure: one request, no generation, so the figure is start-up. */
const ONE_CHECK = 'chat-completions.structured-outputs-choice';

/** The start-up budgets (issue 41): what a client author's test pays for a mock. */
const GOALS = { oneCheckS: 0.4, strictS: 1.5, mockRatio: 1.8 } as const;

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
      const timer = setTimeout(
        () => reject(new Error(`${args.join(' ')}: no "${marker}" within ${timeoutMs} ms`)),
        timeoutMs,
      );
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
    child = spawn(process.execPath, argsFor(url), {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    return await first;
  } finally {
    if (child) await killHard(child);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** ms from spawn to exit; a run that does not exit 0 is a problem (a figure of a failing run would lie). */
async function timeToExit(args: string[], timeoutMs: number, problems: string[], what: string): Promise<number> {
  const exit = await runToExit(process.execPath, args, timeoutMs, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (exit.signal) throw new Error(`${what}: killed (${exit.signal}) after ${Math.round(exit.ms)} ms`);
  if (exit.code !== 0) problems.push(`${what}: exit ${exit.code}: ${exit.stderr.split('\n')[0] ?? ''}`);
  return exit.ms;
}

/** `median (min–max over n)`, the spread a reader needs to judge a median of few spawns. */
function spread(xs: readonly number[], unit: 'ms' | 's'): string {
  const f = (x: number) => (unit === 's' ? (x / 1000).toFixed(x < 1000 ? 3 : 2) : String(Math.round(x)));
  return `median of ${xs.length}: ${xs.map(f).join('/')} ${unit} (spread ${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
}

const BARE_SERVER = `require('node:http').createServer((q, r) => r.end()).listen(0, '127.0.0.1', function () { process.stdout.write('listening on http://127.0.0.1:' + this.address().port + '\\n'); });`;
const BARE_CLIENT = (url: string) => `require('node:http').get(${JSON.stringify(url + '/')}, (r) => r.resume());`;

export async function startupScenario(
  opts: StartupOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const problems: string[] = [];
  const mock: number[] = [];
  const bareServer: number[] = [];
  const oneCheck: number[] = [];
  const bareExit: number[] = [];
  const strict: number[] = [];
  const run: number[] = [];
  const bareClient: number[] = [];
  for (let i = 0; i < Math.max(opts.repeats, opts.slowRepeats); i++) {
    if (i < opts.repeats) {
      bareServer.push(await timeToLine(['-e', BARE_SERVER], 'listening on', opts.timeoutMs));
      mock.push(await timeToLine([CLI, 'mock', '--port', '0'], 'listening on', opts.timeoutMs));
      bareExit.push(await timeToExit(['-e', ''], opts.timeoutMs, problems, 'bare node -e'));
      oneCheck.push(
        await timeToExit(
          [CLI, 'run', '--only', ONE_CHECK, '--seed', '1', '--quiet'],
          opts.timeoutMs,
          problems,
          `run --only ${ONE_CHECK}`,
        ),
      );
    }
    if (i < opts.slowRepeats) {
      strict.push(
        await timeToExit(
          [CLI, 'run', '--seed', '1', '--level', 'should', '--quiet'],
          opts.timeoutMs,
          problems,
          'strict run',
        ),
      );
      bareClient.push(await timeToFirstRequest((url) => ['-e', BARE_CLIENT(url)], opts.timeoutMs));
      run.push(
        await timeToFirstRequest(
          (url) => [
            CLI,
            'run',
            '--target',
            url,
            '--token',
            DEFAULT_TOKEN,
            '--basic',
            `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
            '--seed',
            '1',
            '--quiet',
            '--retries',
            '0',
          ],
          opts.timeoutMs,
        ),
      );
    }
  }
  const s = (xs: number[]) => median(xs) / 1000;
  const mockRatio = median(mock) / median(bareServer);
  const rows: Row[] = [
    row({
      scenario: 'startup',
      figure: `\`conformance run --only <one check>\` (bundled mock), to exit`,
      value: s(oneCheck),
      unit: 's',
      baseline: s(bareExit),
      baselineLabel: 'bare `node -e` process, to exit',
      goal: { text: `≤ ${GOALS.oneCheckS} s`, met: s(oneCheck) <= GOALS.oneCheckS },
      note: `check ${ONE_CHECK}; ${spread(oneCheck, 's')}; baseline ${spread(bareExit, 's')}`,
    }),
    row({
      scenario: 'startup',
      figure: 'strict run (--level should, bundled mock), to exit',
      value: s(strict),
      unit: 's',
      baseline: s(bareExit),
      baselineLabel: 'bare `node -e` process, to exit',
      goal: { text: `≤ ${GOALS.strictS} s`, met: s(strict) <= GOALS.strictS },
      note: `\`conformance run --seed 1 --level should --quiet\`, no profile; ${spread(strict, 's')}`,
    }),
    row({
      scenario: 'startup',
      figure: '`conformance mock` to "listening on"',
      value: median(mock),
      unit: 'ms',
      baseline: median(bareServer),
      baselineLabel: 'bare node process listening',
      goal: { text: `ratio ≤ ${GOALS.mockRatio}×`, met: mockRatio <= GOALS.mockRatio },
      note: `${spread(mock, 'ms')}; baseline ${spread(bareServer, 'ms')}`,
    }),
    row({
      scenario: 'startup',
      figure: '`conformance run` to first request',
      value: median(run),
      unit: 'ms',
      baseline: median(bareClient),
      baselineLabel: 'bare node process sending one request',
      note: `every check selected, so the catalogues are built first; ${spread(run, 'ms')}`,
    }),
  ];
  return { rows, details: { mock, bareServer, oneCheck, strict, bareExit, run, bareClient, problems } };
}
