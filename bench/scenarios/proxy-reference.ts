/**
 * @module Scenario (opt-in, `--only proxy-reference --reference DIR`): this build's `conformance proxy`
 * against another build's, both in front of one mock, loaded in paired rounds with the order swapped
 * each round. DIR is a checkout of another commit, installed and built (`npm ci && npm run build`), so
 * that `DIR/dist/bench/servers/proxy.js` exists. The figure is the median of the per-round ratios of
 * CPU per exchange, this build's over the reference's: two proxies measured side by side in one window
 * share the machine's moods, which a ratio to the bare forwarder taken in separate runs does not
 * (bench/README.md, proxy-reference).
 */
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { CHAT_HEADERS, CHAT_PATH, chatLoad, cpuOf } from '../lib/chat-load.js';
import { probeOk } from '../lib/http.js';
import { median, medianCpu, pairProblems, paired, type Paired } from '../lib/load.js';
import { chatRequest } from '../lib/requests.js';
import { serverGroup } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';

export interface ProxyReferenceOptions {
  /** The other build's package root (holding dist/bench/servers/proxy.js). */
  reference: string;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  /** The JSON chat rate offered to both for the unsaturated figure (req/s). */
  fixedRate: number;
}

/** The reference's compiled proxy child; throws a one-line reason when the checkout is not built. */
function referenceProxy(root: string): string {
  const script = join(resolve(root), 'dist/bench/servers/proxy.js');
  if (!existsSync(script))
    throw new Error(`--reference ${root}: no ${script}; build that checkout first (npm ci && npm run build)`);
  return script;
}

/** Per-round ratios of CPU per exchange, ours over the reference's. */
const cpuRatios = (p: Paired) => p.mock.map((m, i) => (m.cpuUsPerRequest ?? NaN) / (p.base[i]!.cpuUsPerRequest ?? NaN));

function referenceRow(figure: string, p: Paired, reference: string, how: string): Row {
  const ratios = cpuRatios(p);
  return row({
    scenario: 'proxy-reference',
    figure,
    value: medianCpu(p.mock),
    unit: 'µs',
    baseline: medianCpu(p.base),
    baselineLabel: `the proxy of the build at ${reference}`,
    ratio: median(ratios),
    note: `${how}; ratio = median of the per-round ratios ${ratios.map((r) => r.toFixed(2)).join('/')}`,
  });
}

export async function proxyReferenceScenario(
  opts: ProxyReferenceOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const script = referenceProxy(opts.reference);
  const servers = serverGroup();
  try {
    const mock = await servers.start('servers/mock.js', ['{}']);
    const ours = await servers.start('servers/proxy.js', [mock.url]);
    const theirs = await servers.start(script, [mock.url]);
    const json = chatRequest(false);
    const stream = chatRequest(true);
    for (const s of [ours, theirs])
      await probeOk(s.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body: json });
    const compare = (body: string, rate?: number) =>
      paired(
        { ...chatLoad(theirs.url, body, opts.seconds, cpuOf(theirs)), ...(rate ? { rate } : {}) },
        { ...chatLoad(ours.url, body, opts.seconds, cpuOf(ours)), ...(rate ? { rate } : {}) },
        opts.rounds,
        opts.warmupSeconds,
      );
    const saturated = await compare(json);
    const atRate = await compare(json, opts.fixedRate);
    const streamed = await compare(stream);
    const how = `${opts.rounds} paired ${opts.seconds} s rounds after ${opts.warmupSeconds} s of warm-up, 32 connections`;
    const rows = [
      referenceRow('proxy CPU per JSON exchange, beside another build', saturated, opts.reference, how),
      referenceRow(
        `proxy CPU per JSON exchange at ${opts.fixedRate.toLocaleString('en-US')} req/s offered, beside another build`,
        atRate,
        opts.reference,
        `${how}, the same rate offered to both`,
      ),
      referenceRow('proxy CPU per streamed chat exchange, beside another build', streamed, opts.reference, how),
    ];
    const problems = [saturated, atRate, streamed].flatMap((p) => pairProblems(p, 'reference proxy', 'this proxy'));
    return { rows, details: { reference: opts.reference, saturated, atRate, streamed, problems } };
  } finally {
    await servers.stop();
  }
}
