/**
 * @module Scenario: bursts of paced streams. A load generator in a child process
 * (`bench/lib/burst-client.ts`) opens N streamed chat requests at once against the mock paced as a
 * model server (`streamTtftMs` 200, `streamItlMs` 50, 16 tokens) and against a bare `node:http`
 * server answering the mock's own event stream with the same pacing (`bench/baselines/sse-paced.ts`):
 * 5,000, then 10,000, on the same two servers, then 5,000 again against the mock that has just been
 * through the 10,000 (a server that is left broken by a burst shows there). Figures: streams
 * completed (200 and `[DONE]`) and the server's peak RSS (VmHWM), each beside bare node's.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CHAT_HEADERS, CHAT_PATH } from '../lib/chat-load.js';
import { probeOk } from '../lib/http.js';
import { BENCH_DIST } from '../lib/paths.js';
import { runToExit } from '../lib/proc.js';
import { chatRequest } from '../lib/requests.js';
import { serverGroup, type ServerChild } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';
import type { BurstResult } from '../lib/burst-client.js';

export interface StreamBurstOptions {
  /** The smaller and the larger burst. */
  small: number;
  large: number;
  ttftMs: number;
  itlMs: number;
  /** A burst's streams still open after this long count as failed. */
  deadlineMs: number;
  /** Peak RSS goals: at most this multiple of bare node's, and under `rssCapMiB`. */
  rssRatio: number;
  rssCapMiB: number;
}

const MiB = 1024 * 1024;
/** Lets the previous burst's connections close before the next one. */
const SETTLE_MS = 3_000;

interface Burst extends BurstResult {
  peakRssMiB: number;
  /** The 1-minute load average as the burst began. */
  load: number;
}

/** One burst from a fresh client process (its file-descriptor limit raised to the hard limit first). */
async function burst(server: ServerChild, n: number, opts: StreamBurstOptions): Promise<Burst> {
  const load = Math.round(loadavg()[0]! * 100) / 100;
  const script = join(BENCH_DIST, 'lib/burst-client.js');
  const args = [server.url + CHAT_PATH, String(n), String(opts.deadlineMs), chatRequest(true)];
  const exit = await runToExit(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, script, ...args],
    opts.deadlineMs + 30_000,
  );
  const line = exit.stdout.trim().split('\n').pop() ?? '';
  if (exit.code !== 0 || !line.startsWith('{'))
    throw new Error(`burst client exited ${exit.code ?? exit.signal}: ${exit.stderr.slice(0, 300)}`);
  const result = JSON.parse(line) as BurstResult;
  const peakRssMiB = (await server.stats()).peakRss / MiB;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return { ...result, peakRssMiB, load };
}

const failuresText = (b: Burst) =>
  Object.entries(b.failures)
    .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
    .join(', ') || 'none failed';
const describe = (b: Burst) =>
  `${b.completed.toLocaleString('en-US')}/${b.streams.toLocaleString('en-US')} in ${(b.ms / 1000).toFixed(1)} s (p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms; ${failuresText(b)}; load ${b.load})`;

/** The five bursts, in the order they ran. */
interface Bursts {
  mockSmall: Burst;
  bareSmall: Burst;
  mockLarge: Burst;
  bareLarge: Burst;
  mockAgain: Burst;
}

const LABEL = 'bare node:http serving the same events with the same pacing (one timer per event)';
const count = (n: number) => n.toLocaleString('en-US');

/** Streams completed, the mock's against bare node's; `after` names the larger burst a repeat follows. */
function completedRow(n: number, m: Burst, b: Burst, size: string, after?: number): Row {
  return row({
    scenario: 'stream-burst',
    figure:
      after === undefined
        ? `${count(n)} paced streams at once, completed`
        : `${count(n)} paced streams again, after the ${count(after)}, completed`,
    value: m.completed,
    unit: 'streams',
    baseline: b.completed,
    baselineLabel: LABEL,
    goal: { text: '≥ bare node', met: m.completed >= b.completed },
    note: `${count(n)} streams opened at once (${size}); mock ${describe(m)}; bare ${describe(b)}`,
  });
}

/** The servers' peak RSS after a burst, the mock's against bare node's. */
function rssRow(n: number, m: Burst, b: Burst, opts: StreamBurstOptions): Row {
  return row({
    scenario: 'stream-burst',
    figure: `${count(n)} paced streams at once, server peak RSS`,
    value: m.peakRssMiB,
    unit: 'MiB',
    baseline: b.peakRssMiB,
    baselineLabel: LABEL,
    goal: {
      text: `≤ ${opts.rssRatio}× bare, < ${opts.rssCapMiB} MiB`,
      met: m.peakRssMiB <= opts.rssRatio * b.peakRssMiB && m.peakRssMiB < opts.rssCapMiB,
    },
    note: 'VmHWM of each server child after the burst (the same two children serve the smaller burst first)',
  });
}

function burstRows(opts: StreamBurstOptions, b: Bursts, size: string): Row[] {
  return [
    completedRow(opts.small, b.mockSmall, b.bareSmall, size),
    rssRow(opts.small, b.mockSmall, b.bareSmall, opts),
    completedRow(opts.large, b.mockLarge, b.bareLarge, size),
    rssRow(opts.large, b.mockLarge, b.bareLarge, opts),
    completedRow(opts.small, b.mockAgain, b.bareSmall, size, opts.large),
  ];
}

/** The events of a streamed answer, each with its blank line, as the paced baseline sends them. */
const framesOf = (sse: string) =>
  sse
    .split('\n\n')
    .filter((e) => e.length > 0)
    .map((e) => `${e}\n\n`);

export async function streamBurstScenario(
  opts: StreamBurstOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const servers = serverGroup();
  try {
    const mock = await servers.start('servers/mock.js', [
      JSON.stringify({ streamTtftMs: opts.ttftMs, streamItlMs: opts.itlMs }),
    ]);
    const body = chatRequest(true);
    const sample = await probeOk(mock.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const frames = framesOf(sample.body);
    const bare = await servers.start('baselines/sse-paced.js', [
      String(opts.ttftMs),
      String(opts.itlMs),
      JSON.stringify(frames),
    ]);
    await probeOk(bare.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });

    const mockSmall = await burst(mock, opts.small, opts);
    const bareSmall = await burst(bare, opts.small, opts);
    const mockLarge = await burst(mock, opts.large, opts);
    const bareLarge = await burst(bare, opts.large, opts);
    const mockAgain = await burst(mock, opts.small, opts);
    const bursts: Bursts = { mockSmall, bareSmall, mockLarge, bareLarge, mockAgain };

    const size = `${frames.length} events, ${Buffer.byteLength(sample.body)} B, first after ${opts.ttftMs} ms, then one per ${opts.itlMs} ms`;
    const problems = Object.values(bursts)
      .filter((b) => b.failures.EMFILE)
      .map(
        (b) => `the load generator ran out of file descriptors (EMFILE) in a burst of ${b.streams}: raise ulimit -n`,
      );
    return {
      rows: burstRows(opts, bursts, size),
      details: { ...bursts, frames: frames.length, problems },
    };
  } finally {
    await servers.stop();
  }
}
