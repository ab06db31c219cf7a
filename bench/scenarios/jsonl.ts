/**
 * @module Scenario: the JSONL listing of N records (10k, 100k, 1M), the mock (started with
 * `records: N`) against a raw `node:http` JSONL stream of records of the same average size (batched
 * ~64 KiB writes, backpressure honoured). Each server is a fresh child per size, so its peak RSS
 * (VmHWM) belongs to that listing alone; the client reads the whole body and counts newlines,
 * keeping nothing.
 */
import { request } from 'node:http';
import { BASIC, RECORDS_BASE } from '../lib/requests.js';
import { withServer } from '../lib/spawn.js';
import { probeOk } from '../lib/http.js';
import { row, type Row } from '../lib/table.js';

const MiB = 1024 * 1024;
/** Issue 41: the largest listing at 0.8 of the raw streamer's rate. */
const RATIO_GOAL = 0.8;
/** Paired rounds of the largest listing (the figure with the goal). */
const LARGEST_ROUNDS = 3;

export interface JsonlOptions {
  sizes: readonly number[];
  /** Peak RSS goal, MiB. */
  rssGoalMiB: number;
}

interface Read {
  lines: number;
  bytes: number;
  seconds: number;
}

/** GETs `url` and counts newlines; bounded by a timeout. */
function readAll(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Read> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lines = 0;
    let bytes = 0;
    const req = request(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url}: status ${res.statusCode}`));
        return;
      }
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ lines, bytes, seconds: (performance.now() - started) / 1000 });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error(`GET ${url}: not done within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}

/** A listing read from a fresh server child, with the child's RSS before it and its peak after. */
type Listing = Read & { peakRss: number; startRss: number };

/** Starts `script` with `args`, reads the listing at `path` (see `readAll`) and stops the child. */
function readListing(
  script: string,
  args: string[],
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Listing> {
  return withServer(script, args, async (s) => {
    const startRss = (await s.stats()).rss;
    const read = await readAll(`${s.url}${path}`, headers, timeoutMs);
    return { ...read, startRss, peakRss: (await s.stats()).peakRss };
  });
}

/** A listing's size as a figure names it: `10k`, `1M`. */
const sizeLabel = (size: number) => (size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`);

/** One size read from both servers, `rounds` times paired: the median round's reads, the highest peak RSS. */
interface PairedListing {
  size: number;
  mock: Listing;
  base: Listing;
  ratios: number[];
}

async function pairedListing(size: number, lineBytes: number, rounds: number): Promise<PairedListing> {
  const timeoutMs = 30_000 + size / 10; // 130 s for a million: far beyond any sane run, still bounded
  const reads: { mock: Listing; base: Listing; ratio: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const base = await readListing('baselines/jsonl.js', [String(lineBytes)], `/?count=${size}`, {}, timeoutMs);
    const mock = await readListing(
      'servers/mock.js',
      [JSON.stringify({ records: size })],
      `${RECORDS_BASE}/predictions`,
      BASIC,
      timeoutMs,
    );
    if (mock.lines !== size) throw new Error(`mock JSONL: expected ${size} lines, read ${mock.lines}`);
    if (base.lines !== size) throw new Error(`baseline JSONL: expected ${size} lines, read ${base.lines}`);
    reads.push({ mock, base, ratio: base.seconds / mock.seconds });
  }
  const median = [...reads].sort((a, b) => a.ratio - b.ratio)[Math.floor(reads.length / 2)]!;
  const peak = (side: 'mock' | 'base') => Math.max(...reads.map((r) => r[side].peakRss));
  return {
    size,
    mock: { ...median.mock, peakRss: peak('mock') },
    base: { ...median.base, peakRss: peak('base') },
    ratios: reads.map((r) => r.ratio),
  };
}

export async function jsonlScenario(opts: JsonlOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  // The mock's average line size, from a sample of its records.
  const lineBytes = await withServer('servers/mock.js', [JSON.stringify({ records: 2000 })], async (mock) => {
    const sample = await probeOk(`${mock.url}${RECORDS_BASE}/predictions`, { headers: BASIC });
    const lines = sample.body.split('\n').filter(Boolean).length;
    return Math.round(Buffer.byteLength(sample.body) / lines);
  });
  const largestSize = opts.sizes[opts.sizes.length - 1];
  const runs: PairedListing[] = [];
  for (const size of opts.sizes)
    runs.push(await pairedListing(size, lineBytes, size === largestSize ? LARGEST_ROUNDS : 1));
  const rows: Row[] = [];
  const largest = runs[runs.length - 1]!;
  const smallest = runs[0]!;
  for (const r of runs) {
    const isLargest = r === largest;
    const label = sizeLabel(r.size);
    rows.push(
      row({
        scenario: 'jsonl',
        figure: `list ${label} records`,
        value: r.size / r.mock.seconds,
        unit: 'rec/s',
        baseline: r.size / r.base.seconds,
        baselineLabel: `raw node:http JSONL, ${lineBytes} B lines, 64 KiB batches`,
        ...(isLargest
          ? { goal: { text: `ratio ≥ ${RATIO_GOAL}`, met: r.base.seconds / r.mock.seconds >= RATIO_GOAL } }
          : {}),
        note:
          `mock ${(r.mock.bytes / MiB).toFixed(1)} MiB in ${r.mock.seconds.toFixed(2)} s, baseline ${(r.base.bytes / MiB).toFixed(1)} MiB in ${r.base.seconds.toFixed(2)} s` +
          (r.ratios.length > 1
            ? `; the median of ${r.ratios.length} paired rounds, ratios ${r.ratios.map((x) => x.toFixed(2)).join('/')}`
            : ''),
      }),
    );
  }
  for (const r of runs) {
    const label = sizeLabel(r.size);
    rows.push(
      row({
        scenario: 'jsonl',
        figure: `server peak RSS, ${label}`,
        value: r.mock.peakRss / MiB,
        unit: 'MiB',
        baseline: r.base.peakRss / MiB,
        baselineLabel: 'raw node:http JSONL server peak RSS',
        goal: { text: `< ${opts.rssGoalMiB} MiB`, met: r.mock.peakRss / MiB < opts.rssGoalMiB },
        note: `RSS at start ${(r.mock.startRss / MiB).toFixed(0)} MiB`,
      }),
    );
  }
  const growth = (largest.mock.peakRss - smallest.mock.peakRss) / MiB;
  const baseGrowth = (largest.base.peakRss - smallest.base.peakRss) / MiB;
  // "Flat": the mock grows no more than the raw streamer (constant-memory by construction, so its
  // growth is V8 sizing its heap under a sustained allocation rate) plus 16 MiB. A materialised
  // list would add hundreds of MiB.
  const flatLimit = Math.max(0, baseGrowth) + 16;
  rows.push(
    row({
      scenario: 'jsonl',
      figure: `peak RSS growth ${runs.length > 1 ? `${smallest.size / 1e3}k→${sizeLabel(largest.size)}` : ''}`,
      value: growth,
      unit: 'MiB',
      goal: { text: `flat: < raw's growth + 16 = ${flatLimit.toFixed(0)} MiB`, met: growth < flatLimit },
      note: `${largest.size / smallest.size}× the records; raw node:http grew ${baseGrowth.toFixed(1)} MiB`,
    }),
  );
  return { rows, details: { lineBytes, runs } };
}
