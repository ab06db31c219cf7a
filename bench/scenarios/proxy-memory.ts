/**
 * @module Scenario: the proxy's memory of pairs stays bounded. `conformance proxy` (the real command line,
 * `bin/conformance.js`, with `--token` and `--basic`: every credentials rule judged) in front of the bundled mock (a
 * child, `records` per kind in its project), and 200,000 mixed exchanges through it from a few keep-alive clients
 * (bench/lib/pair-traffic.ts): listings, pages, reads of listed and unknown ids, chat plain, streamed, seeded and
 * repeated, and with n = 1 and 2, over tens of thousands of distinct keys, so that every pair rule's memory
 * (src/rules/pairs.ts: per rule 4,096 keys and 16 MiB of what they hold, 256 or 64 kept halves and 16 MiB of
 * their requests) fills its bounds; with `promptBytes` (proxy-memory-long) every chat prompt is long, and the bounds
 * in bytes are what hold. The proxy's RSS
 * (`/proc/<pid>/status` VmRSS) is sampled at the 20,000th exchange, every 10,000 after and at the end, with its peak
 * (VmHWM), and its CPU time over the traffic; then SIGTERM, and its JSON report gives the exchanges judged and the pair
 * halves dropped, its stderr the traffic line. Goal: RSS grows by less than 64 MiB from the 20,000th exchange to the
 * last. RSS also holds the garbage V8 lets pile up between major collections (their limit is a multiple of the heap
 * that survives them), so the proxy runs with `--trace-gc` and a second row gives what pair state bounds: the heap live
 * after each major collection (Mark-Compact), from the first past the 20,000th exchange to the last before the traffic
 * ends (the report's, at SIGTERM, left out). Throws if the proxy dies or the traffic fails in bulk: a figure of a dead
 * proxy would lie.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { probeOk } from '../lib/http.js';
import { type ListedIds, sendTraffic, type TrafficCounts } from '../lib/pair-traffic.js';
import { CLI } from '../lib/paths.js';
import { BASIC, RECORDS_BASE } from '../lib/requests.js';
import { startServerChild, type ServerChild } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';

export interface ProxyMemoryOptions {
  /** Exchanges sent in all, and the one at which the reference RSS is sampled. */
  exchanges: number;
  referenceAt: number;
  /** Concurrent keep-alive clients. */
  connections: number;
  /** Records per kind in the mock's project (above 2,048: the read-back rule's keys pass its 4,096). */
  records: number;
  /** Goal: RSS growth from the reference to the end, MiB. */
  growthGoalMiB: number;
  /** Most time for the whole traffic, ms. */
  timeoutMs: number;
  /** Context appended to every chat prompt, bytes (bench/lib/pair-traffic.ts), and the rows' scenario name then. */
  promptBytes?: number;
  name?: string;
}

const MiB = 1024 * 1024;
/** Failed or unexpected exchanges beyond which the traffic is stopped and the scenario fails. */
const BULK_ERRORS = 100;

interface ProcMemory {
  /** VmRSS and VmHWM, bytes. */
  rss: number;
  peak: number;
  /** User + system CPU time so far, seconds (/proc/<pid>/stat, 10 ms ticks). */
  cpuS: number;
}

/** A process's RSS, peak RSS and CPU time so far, from /proc (throws when it is gone). */
function memoryOf(pid: number): ProcMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  // stat's fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024, cpuS: (Number(stat[11]) + Number(stat[12])) / 100 };
}

interface ProxyCli {
  readonly url: string;
  readonly pid: number;
  /** Why it ended, once it has (undefined while it runs). */
  exit(): string | undefined;
  readonly exited: Promise<void>;
  stderr(): string;
  /** SIGKILL if still running (a `finally`). */
  kill(): void;
}

/** The heap live after a major collection, MiB, from a `--trace-gc` line (`Mark-Compact 146.7 (180.2) -> 36.0 (155.9) MB`). */
const MARK_COMPACT = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/g;

/** `conformance proxy` as a child, resolved once it prints the URL it listens on. */
async function startProxyCli(target: string, json: string, onLive: (mib: number) => void): Promise<ProxyCli> {
  const basic = `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`;
  const args = ['proxy', '--target', target, '--json', json, '--token', DEFAULT_TOKEN, '--basic', basic];
  const child = spawn(process.execPath, ['--trace-gc', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let ended: string | undefined;
  child.stdout.on('data', (c: Buffer) => {
    const text = c.toString('utf8');
    for (const m of text.matchAll(MARK_COMPACT)) onLive(Number(m[1]));
    out = (out + text).slice(-65_536);
  });
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-65_536)));
  const exited = new Promise<void>((resolve) =>
    child.once('close', (code, signal) => {
      ended = `exited with ${signal ?? code}`;
      resolve();
    }),
  );
  const kill = () => {
    if (ended === undefined) child.kill('SIGKILL');
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`proxy not listening within 20 s: ${err.slice(-300)}`)), 20_000);
    const look = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`proxy ${ended} before listening: ${err.slice(-300)}`));
    });
  }).catch((e: unknown) => {
    kill();
    throw e;
  });
  return { url, pid: child.pid!, exit: () => ended, exited, stderr: () => err, kill };
}

/** The ids of the mock's listing of a kind, read directly (one full listing). */
async function listedIds(mock: string, kind: 'predictions' | 'scores', idField: string): Promise<string[]> {
  const { body } = await probeOk(`${mock}${RECORDS_BASE}/${kind}`, { headers: BASIC });
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as Record<string, string>)[idField]!);
}

interface Sampled {
  /** RSS at the reference exchange, every 10,000 after, and the peak so far at each. */
  readonly at: { exchanges: number; rssMiB: number }[];
  reference?: ProcMemory;
  /** Exchanges answered so far. */
  done: number;
  /** The heap live after each major collection once `done` reached the reference, MiB. */
  readonly live: { exchanges: number; liveMiB: number }[];
}

/** The traffic through the proxy, its RSS sampled; throws on a dead proxy or errors in bulk. */
async function drive(proxy: ProxyCli, ids: ListedIds, opts: ProxyMemoryOptions, sampled: Sampled) {
  const started = performance.now();
  const stopWhy = (counts: TrafficCounts) => {
    const exit = proxy.exit();
    if (exit) return `the proxy ${exit} during the traffic: ${proxy.stderr().slice(-400)}`;
    if (counts.failed + counts.unexpected > BULK_ERRORS)
      return `${counts.failed} failed and ${counts.unexpected} unexpected answers, e.g. ${counts.problems.join(' | ')}`;
    if (performance.now() - started > opts.timeoutMs) return `the traffic took over ${opts.timeoutMs / 1000} s`;
    return undefined;
  };
  const onDone = (done: number) => {
    sampled.done = done;
    if (done < opts.referenceAt || (done - opts.referenceAt) % 10_000 !== 0) return;
    const m = memoryOf(proxy.pid);
    if (done === opts.referenceAt) sampled.reference = m;
    sampled.at.push({ exchanges: done, rssMiB: Math.round((m.rss / MiB) * 10) / 10 });
  };
  const counts = await sendTraffic({
    url: proxy.url,
    ids,
    total: opts.exchanges,
    connections: opts.connections,
    onDone,
    stopWhy,
    ...(opts.promptBytes ? { promptBytes: opts.promptBytes } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  const why = stopWhy(counts) ?? (counts.done < opts.exchanges ? `only ${counts.done} exchanges answered` : undefined);
  if (why) throw new Error(`proxy-memory: ${why}`);
  return { counts, seconds };
}

interface Report {
  judged: number;
  dropped: number;
  halves: number;
}

/** The server report's exchanges judged (every exchange counts once for `target.answers-completely.*`) and pair halves. */
function readReport(file: string): Report {
  const { reports } = JSON.parse(readFileSync(file, 'utf8')) as {
    reports: {
      results: { id: string; exchanges?: { judged: number; unanswered: number } }[];
      pairs?: { halves: unknown[]; dropped: number };
    }[];
  };
  const server = reports[0]!;
  const judged = server.results
    .filter((r) => r.id.startsWith('target.answers-completely.'))
    .reduce((n, r) => n + (r.exchanges?.judged ?? 0), 0);
  return { judged, dropped: server.pairs?.dropped ?? Number.NaN, halves: server.pairs?.halves.length ?? 0 };
}

/** SIGTERM, then the report and the traffic line; SIGKILL after 60 s. */
async function stopProxy(proxy: ProxyCli, json: string): Promise<{ report: Report; traffic: string }> {
  process.kill(proxy.pid, 'SIGTERM');
  const timer = setTimeout(proxy.kill, 60_000);
  await proxy.exited;
  clearTimeout(timer);
  const traffic = /stopped \([^)]*\): (.*?)(?:; reports written|; no report|\n|$)/.exec(proxy.stderr())?.[1];
  if (traffic === undefined) throw new Error(`proxy-memory: the proxy ${proxy.exit()}: ${proxy.stderr().slice(-400)}`);
  return { report: readReport(json), traffic };
}

export async function proxyMemoryScenario(
  opts: ProxyMemoryOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-proxy-memory-'));
  const json = join(dir, 'report.json');
  let mock: ServerChild | undefined;
  let proxy: ProxyCli | undefined;
  try {
    mock = await startServerChild('servers/mock.js', [JSON.stringify({ records: opts.records })]);
    const ids: ListedIds = {
      predictions: await listedIds(mock.url, 'predictions', 'prediction_id'),
      scores: await listedIds(mock.url, 'scores', 'score_id'),
    };
    const sampled: Sampled = { at: [], done: 0, live: [] };
    proxy = await startProxyCli(mock.url, json, (liveMiB) => {
      if (sampled.done >= opts.referenceAt && sampled.done < opts.exchanges)
        sampled.live.push({ exchanges: sampled.done, liveMiB });
    });
    const idle = memoryOf(proxy.pid);
    const { counts, seconds } = await drive(proxy, ids, opts, sampled);
    const end = memoryOf(proxy.pid);
    const { report, traffic } = await stopProxy(proxy, json);
    return measured(opts, { idle, reference: sampled.reference!, end, counts, seconds, report, traffic, sampled });
  } finally {
    proxy?.kill();
    await mock?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measured {
  idle: ProcMemory;
  reference: ProcMemory;
  end: ProcMemory;
  counts: TrafficCounts;
  seconds: number;
  report: Report;
  traffic: string;
  sampled: Sampled;
}

function measured(opts: ProxyMemoryOptions, m: Measured): { rows: Row[]; details: Record<string, unknown> } {
  const grownMiB = (m.end.rss - m.reference.rss) / MiB;
  const n = (x: number) => x.toLocaleString('en-US');
  const problems = m.report.judged < m.counts.done ? [`the report judged ${m.report.judged} of ${m.counts.done}`] : [];
  const live = m.sampled.live;
  return {
    rows: [
      row({
        scenario: opts.name ?? 'proxy-memory',
        figure: `proxy RSS growth, ${n(opts.referenceAt)}th to ${n(opts.exchanges)}th exchange`,
        value: grownMiB,
        unit: 'MiB',
        goal: { text: `growth < ${opts.growthGoalMiB} MiB`, met: grownMiB < opts.growthGoalMiB },
        note: `conformance proxy --token --basic before the mock (${n(opts.records)} records per kind), ${n(m.counts.done)} mixed exchanges from ${opts.connections} keep-alive clients in ${m.seconds.toFixed(1)} s (bench/lib/pair-traffic.ts); RSS idle ${(m.idle.rss / MiB).toFixed(0)} MiB, at the ${n(opts.referenceAt)}th ${(m.reference.rss / MiB).toFixed(0)}, at the end ${(m.end.rss / MiB).toFixed(0)}, peak ${(m.end.peak / MiB).toFixed(0)}; CPU over the traffic ${(m.end.cpuS - m.idle.cpuS).toFixed(1)} s (${(((m.end.cpuS - m.idle.cpuS) / m.counts.done) * 1e6).toFixed(0)} µs per exchange, GC included); every 10,000: ${m.sampled.at.map((s) => s.rssMiB.toFixed(0)).join('/')}; report: ${n(m.report.judged)} exchanges judged, ${n(m.report.halves)} pair halves kept, ${n(m.report.dropped)} dropped; traffic line: ${m.traffic}`,
      }),
      row({
        scenario: opts.name ?? 'proxy-memory',
        figure: `proxy heap live after a major GC, growth from the first past the ${n(opts.referenceAt)}th exchange to the last`,
        value: live.length ? live.at(-1)!.liveMiB - live[0]!.liveMiB : Number.NaN,
        unit: 'MiB',
        note: `node --trace-gc: ${live.length} major collections after the ${n(opts.referenceAt)}th exchange, live MiB at each (exchanges then): ${live.map((l) => `${l.liveMiB} (${n(l.exchanges)})`).join(', ')}`,
      }),
    ],
    details: {
      idle: m.idle,
      reference: m.reference,
      end: m.end,
      curve: m.sampled.at,
      live,
      counts: m.counts,
      seconds: m.seconds,
      report: m.report,
      traffic: m.traffic,
      problems,
    },
  };
}
