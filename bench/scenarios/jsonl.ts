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

export async function jsonlScenario(opts: JsonlOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  // The mock's average line size, from a sample of its records.
  const lineBytes = await withServer('servers/mock.js', [JSON.stringify({ records: 2000 })], async (mock) => {
    const sample = await probeOk(`${mock.url}${RECORDS_BASE}/predictions`, { headers: BASIC });
    const lines = sample.body.split('\n').filter(Boolean).length;
    return Math.round(Buffer.byteLength(sample.body) / lines);
  });
  const runs: {
    size: number;
    mock: Read & { peakRss: number; startRss: number };
    base: Read & { peakRss: number; startRss: number };
  }[] = [];
  for (const size of opts.sizes) {
    const timeoutMs = 30_000 + size / 10; // 130 s for a million: far beyond any sane run, still bounded
    const base = await withServer('baselines/jsonl.js', [String(lineBytes)], async (s) => {
      const startRss = (await s.stats()).rss;
      const read = await readAll(`${s.url}/?count=${size}`, {}, timeoutMs);
      return { ...read, startRss, peakRss: (await s.stats()).peakRss };
    });
    const mock = await withServer('servers/mock.js', [JSON.stringify({ records: size })], async (s) => {
      const startRss = (await s.stats()).rss;
      const read = await readAll(`${s.url}${RECORDS_BASE}/predictions`, BASIC, timeoutMs);
      return { ...read, startRss, peakRss: (await s.stats()).peakRss };
    });
    if (mock.lines !== size) throw new Error(`mock JSONL: expected ${size} lines, read ${mock.lines}`);
    if (base.lines !== size) throw new Error(`baseline JSONL: expected ${size} lines, read ${base.lines}`);
    runs.push({ size, mock, base });
  }
  const rows: Row[] = [];
  const largest = runs[runs.length - 1]!;
  const smallest = runs[0]!;
  for (const r of runs) {
    const isLargest = r === largest;
    const label = r.size >= 1e6 ? `${r.size / 1e6}M` : `${r.size / 1e3}k`;
    rows.push(
      row({
        scenario: 'jsonl',
        figure: `list ${label} records`,
        value: r.size / r.mock.seconds,
        unit: 'rec/s',
        baseline: r.size / r.base.seconds,
        baselineLabel: `raw node:http JSONL, ${lineBytes} B lines, 64 KiB batches`,
        ...(isLargest ? { goal: { text: 'ratio ≥ 0.5', met: r.base.seconds / r.mock.seconds >= 0.5 } } : {}),
        note: `mock ${(r.mock.bytes / MiB).toFixed(1)} MiB in ${r.mock.seconds.toFixed(2)} s, baseline ${(r.base.bytes / MiB).toFixed(1)} MiB in ${r.base.seconds.toFixed(2)} s`,
      }),
    );
  }
  for (const r of runs) {
    const label = r.size >= 1e6 ? `${r.size / 1e6}M` : `${r.size / 1e3}k`;
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
      figure: `peak RSS growth ${runs.length > 1 ? `${smallest.size / 1e3}k→${largest.size >= 1e6 ? largest.size / 1e6 + 'M' : largest.size / 1e3 + 'k'}` : ''}`,
      value: growth,
      unit: 'MiB',
      goal: { text: `flat: < raw's growth + 16 = ${flatLimit.toFixed(0)} MiB`, met: growth < flatLimit },
      note: `${largest.size / smallest.size}× the records; raw node:http grew ${baseGrowth.toFixed(1)} MiB`,
    }),
  );
  return { rows, details: { lineBytes, runs } };
}
