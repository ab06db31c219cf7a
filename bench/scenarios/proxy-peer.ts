/**
 * @module Scenario: `conformance proxy` against its peer. Prism's validating proxy
 * (`@stoplight/prism-cli proxy`, fed the project's OpenAPI document, `bench/lib/prism.ts`), a bare
 * forwarding proxy (`bench/baselines/proxy.ts`, judging nothing) and `conformance proxy`
 * (`bench/servers/proxy.ts`, every exchange judged) in front of the same mock, loaded with the same
 * JSON chat traffic at 32 connections: exchanges per second and CPU per exchange side by side, each
 * pair in paired rounds (as the chat scenario). The same JSON chat offered at one fixed rate to
 * ours and the bare forwarder: CPU per exchange at the same load, steadier than at saturation, where
 * which process waits on which (and wakes whom) moves the figures from run to run. Then streamed chat,
 * which Prism does not judge (it validates an event stream as one opaque body): our CPU per event
 * against the bare forwarder's.
 */
import { CHAT_HEADERS, CHAT_PATH, chatLoad, cpuOf, dataEvents } from '../lib/chat-load.js';
import { probe, probeOk } from '../lib/http.js';
import { median, medianCpu, medianRps, pairProblems, paired, type Paired, ratiosText, rounded } from '../lib/load.js';
import { prismUnavailable, startPrism } from '../lib/prism.js';
import { chatRequest } from '../lib/requests.js';
import { serverGroup, type ServerChild } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';

export interface ProxyPeerOptions {
  rounds: number;
  seconds: number;
  /** Goals: our rate at least this multiple of Prism's, and of the bare forwarder's. */
  prismRatio: number;
  bareRatio: number;
  /**
   * Goals for our CPU per exchange as a ratio to the bare forwarder's (its median over the median of
   * the bare forwarder's): per JSON exchange saturated, at `fixedRate`, and per streamed event.
   */
  cpuRatios: { json: number; atRate: number; streamed: number };
  /** The JSON chat rate offered to both proxies for their CPU per exchange at the same load (req/s). */
  fixedRate: number;
  /**
   * Seconds of load on each side before its rounds, not counted: our proxy's judging takes a few
   * seconds of traffic to be compiled (bench/README.md, proxy-peer), its first second ran at about
   * half its rate.
   */
  warmupSeconds: number;
}

/** What the scenario measured, for its rows. */
interface PeerRuns {
  vsBare: Paired;
  /** The same JSON chat offered at `fixedRate` to both: CPU per exchange at one load. */
  atRate: Paired;
  streamed: Paired;
  vsPrism: Paired | undefined;
  /** Why Prism was not measured, or undefined. */
  unavailable: string | undefined;
  /** Events per streamed answer. */
  events: number;
}

/**
 * Prism before the mock against our proxy, JSON chat, in paired rounds; Prism stopped after. A
 * problem line when Prism lets an invalid request through without its violations header.
 */
async function againstPrism(
  mockUrl: string,
  ours: ServerChild,
  json: string,
  opts: ProxyPeerOptions,
  problems: string[],
): Promise<Paired> {
  const prism = await startPrism(mockUrl);
  try {
    await probeOk(prism.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body: json });
    // Prism judges: an invalid request is forwarded (errors off) with its violations in a header.
    const invalid = await probe(prism.url + CHAT_PATH, {
      method: 'POST',
      headers: CHAT_HEADERS,
      body: '{"messages":3}',
    });
    if (!invalid.headers['sl-violations'])
      problems.push('Prism answered an invalid request without sl-violations: it may not be validating');
    return await paired(
      chatLoad(prism.url, json, opts.seconds, async () => prism.cpuUs()),
      chatLoad(ours.url, json, opts.seconds, cpuOf(ours)),
      opts.rounds,
      opts.warmupSeconds,
    );
  } finally {
    await prism.stop();
  }
}

/** A CPU row's goal: our median over the bare forwarder's at most `max`. */
function cpuGoal(p: Paired, max: number): Row['goal'] {
  return { text: `ratio ≤ ${max}`, met: medianCpu(p.mock) / medianCpu(p.base) <= max };
}

function peerRows(opts: ProxyPeerOptions, m: PeerRuns): Row[] {
  const { vsBare, atRate, streamed, vsPrism, events } = m;
  const prismRatio = vsPrism ? median(vsPrism.ratios) : Number.NaN;
  const bareRatio = median(vsBare.ratios);
  const rounds = `medians of ${opts.rounds} paired ${opts.seconds} s rounds after ${opts.warmupSeconds} s of warm-up each, at 32 connections, mock, proxies and load generator on shared cores`;
  return [
    row({
      scenario: 'proxy-peer',
      figure: 'JSON chat through conformance proxy, beside Prism',
      value: vsPrism ? medianRps(vsPrism.mock) : Number.NaN,
      unit: 'req/s',
      baselineLabel: "Prism's validating proxy (prism proxy, errors off, logging off) before the same mock",
      ...(vsPrism ? { baseline: medianRps(vsPrism.base), ratio: prismRatio } : {}),
      goal: { text: `ratio ≥ ${opts.prismRatio}`, met: prismRatio >= opts.prismRatio },
      note: vsPrism
        ? `every exchange judged by both; ${rounds}: ours ${rounded(vsPrism.mock)}, Prism ${rounded(vsPrism.base)}, ratios ${ratiosText(vsPrism)}`
        : `not measured: ${m.unavailable}`,
    }),
    row({
      scenario: 'proxy-peer',
      figure: 'JSON chat through conformance proxy, beside a bare forwarder',
      value: medianRps(vsBare.mock),
      unit: 'req/s',
      baseline: medianRps(vsBare.base),
      baselineLabel: 'a bare forwarding proxy (node:http + undici, judging nothing)',
      ratio: bareRatio,
      goal: { text: `ratio ≥ ${opts.bareRatio}`, met: bareRatio >= opts.bareRatio },
      note: `${rounds}: ours ${rounded(vsBare.mock)}, bare ${rounded(vsBare.base)}, ratios ${ratiosText(vsBare)}`,
    }),
    row({
      scenario: 'proxy-peer',
      figure: 'proxy CPU per JSON exchange, beside Prism',
      value: vsPrism ? medianCpu(vsPrism.mock) : Number.NaN,
      unit: 'µs',
      ...(vsPrism ? { baseline: medianCpu(vsPrism.base) } : {}),
      baselineLabel: "Prism's (its process's CPU time from /proc, 10 ms ticks)",
      note: 'CPU time of the proxy process over the measured window / exchanges (all threads, GC included)',
    }),
    row({
      scenario: 'proxy-peer',
      figure: 'proxy CPU per JSON exchange, beside a bare forwarder',
      value: medianCpu(vsBare.mock),
      unit: 'µs',
      baseline: medianCpu(vsBare.base),
      baselineLabel: "the bare forwarder's",
      goal: cpuGoal(vsBare, opts.cpuRatios.json),
    }),
    row({
      scenario: 'proxy-peer',
      figure: `proxy CPU per JSON exchange at ${opts.fixedRate.toLocaleString('en-US')} req/s offered, beside a bare forwarder`,
      value: medianCpu(atRate.mock),
      unit: 'µs',
      baseline: medianCpu(atRate.base),
      baselineLabel: "the bare forwarder's, at the same rate",
      goal: cpuGoal(atRate, opts.cpuRatios.atRate),
      note: `the same load offered to both (${opts.rounds} paired ${opts.seconds} s rounds), so that neither is saturated: the cost per exchange without the scheduling of a saturated machine in it; served ours ${rounded(atRate.mock)}, bare ${rounded(atRate.base)} req/s`,
    }),
    row({
      scenario: 'proxy-peer',
      figure: 'proxy CPU per streamed chat event',
      value: medianCpu(streamed.mock) / events,
      unit: 'µs',
      baseline: medianCpu(streamed.base) / events,
      baselineLabel: "the bare forwarder's (Prism does not judge event streams)",
      goal: cpuGoal(streamed, opts.cpuRatios.streamed),
      note: `CPU per streamed exchange / ${events} events: ours ${Math.round(medianCpu(streamed.mock))} µs, bare ${Math.round(medianCpu(streamed.base))} µs per exchange; throughput ratio ${ratiosText(streamed)} (${rounds})`,
    }),
  ];
}

export async function proxyPeerScenario(
  opts: ProxyPeerOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const servers = serverGroup();
  try {
    const mock = await servers.start('servers/mock.js', ['{}']);
    const ours = await servers.start('servers/proxy.js', [mock.url]);
    const bare = await servers.start('baselines/proxy.js', [mock.url]);
    const json = chatRequest(false);
    const stream = chatRequest(true);
    const problems: string[] = [];
    for (const s of [ours, bare])
      await probeOk(s.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body: json });
    // The bare forwarder against ours, the same body through each.
    const againstBare = (body: string) =>
      paired(
        chatLoad(bare.url, body, opts.seconds, cpuOf(bare)),
        chatLoad(ours.url, body, opts.seconds, cpuOf(ours)),
        opts.rounds,
        opts.warmupSeconds,
      );
    const vsBare = await againstBare(json);
    const atRate = await paired(
      { ...chatLoad(bare.url, json, opts.seconds, cpuOf(bare)), rate: opts.fixedRate },
      { ...chatLoad(ours.url, json, opts.seconds, cpuOf(ours)), rate: opts.fixedRate },
      opts.rounds,
      opts.warmupSeconds,
    );
    const sample = await probeOk(mock.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body: stream });
    const events = dataEvents(sample.body);
    const streamed = await againstBare(stream);
    const unavailable = prismUnavailable();
    const vsPrism = unavailable ? undefined : await againstPrism(mock.url, ours, json, opts, problems);
    problems.push(
      ...pairProblems(vsBare, 'bare forwarder, JSON chat', 'conformance proxy, JSON chat'),
      ...pairProblems(
        atRate,
        'bare forwarder, JSON chat at a fixed rate',
        'conformance proxy, JSON chat at a fixed rate',
      ),
      ...pairProblems(streamed, 'bare forwarder, streamed chat', 'conformance proxy, streamed chat'),
      ...pairProblems(vsPrism, 'Prism, JSON chat', 'conformance proxy (beside Prism), JSON chat'),
    );
    const rows = peerRows(opts, { vsBare, atRate, streamed, vsPrism, unavailable, events });
    return { rows, details: { vsBare, atRate, vsPrism, streamed, events, problems } };
  } finally {
    await servers.stop();
  }
}
