/**
 * @module Scenario: `conformance proxy` in front of the bundled mock, against the mock reached
 * directly. Throughput of streamed chat under 32 connections (paired rounds, as the chat scenario),
 * twice: with the proxy on a core of its own (the mock and the load generator pinned to the other,
 * direct and proxied alike), as in deployment, where the proxy does not take its CPU from the server
 * it fronts; and with all three sharing the machine's cores, beside a bare pass-through proxy (the
 * floor of any proxy there). Then the CPU each proxy costs per exchange;
 * the latency the proxy adds to one streamed chat exchange at a time (one keep-alive connection per
 * side, direct and proxied requests interleaved, p50 of each and of the time to the first byte);
 * 1,000 streams paced as an LLM server sends them (an event every 100 ms, from an upstream in this
 * process) at once, through the proxy and directly; and the proxy's memory holding them, every
 * stream judged.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_HEADERS, CHAT_PATH, chatLoad, cpuOf, dataEvents } from '../lib/chat-load.js';
import { probeOk } from '../lib/http.js';
import { checkClean, median, paired, rounded, type LoadSpec } from '../lib/load.js';
import { chatRequest } from '../lib/requests.js';
import { pinnedDuring, twoCpus } from '../lib/cpus.js';
import { startServerChild, type ServerChild } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';
import { timingCost } from '../lib/timing-cost.js';

export interface ProxyBenchOptions {
  /** Paired rounds of streamed chat, and their length. */
  rounds: number;
  seconds: number;
  /** Sequential exchanges per side for the latency figures. */
  samples: number;
  /** Concurrent streams for the memory figure. */
  streams: number;
}

const MiB = 1024 * 1024;

interface Timing {
  firstByteMs: number;
  totalMs: number;
}

/** One exchange on a keep-alive agent: time to the first body byte, and to the end. */
function timed(url: string, body: string, agent: Agent): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = 0;
    const req = request(url, { method: 'POST', headers: CHAT_HEADERS, agent, timeout: 10_000 }, (res) => {
      res.on('data', () => {
        if (!first) first = performance.now();
      });
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ firstByteMs: first - t0, totalMs: performance.now() - t0 })
          : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Direct and proxied exchanges interleaved (order swapped each time), after a warm-up of each. */
async function latencies(
  direct: string,
  proxied: string,
  samples: number,
): Promise<{ direct: Timing[]; proxied: Timing[] }> {
  const body = chatRequest(true);
  const agents = [
    new Agent({ keepAlive: true, maxSockets: 1 }),
    new Agent({ keepAlive: true, maxSockets: 1 }),
  ] as const;
  const out = { direct: [] as Timing[], proxied: [] as Timing[] };
  try {
    for (let i = 0; i < 50; i++) {
      await timed(direct + CHAT_PATH, body, agents[0]);
      await timed(proxied + CHAT_PATH, body, agents[1]);
    }
    for (let i = 0; i < samples; i++) {
      if (i % 2 === 0) {
        out.direct.push(await timed(direct + CHAT_PATH, body, agents[0]));
        out.proxied.push(await timed(proxied + CHAT_PATH, body, agents[1]));
      } else {
        out.proxied.push(await timed(proxied + CHAT_PATH, body, agents[1]));
        out.direct.push(await timed(direct + CHAT_PATH, body, agents[0]));
      }
    }
  } finally {
    for (const a of agents) a.destroy();
  }
  return out;
}

const EVENTS = 20;
const chunk = (i: number): string =>
  `data: ${JSON.stringify({ id: 'chatcmpl-drip', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: 'word' } : { content: ' word' }, logprobs: null, finish_reason: i === EVENTS - 1 ? 'stop' : null }] })}\n\n`;

/** An upstream whose every stream drips EVENTS valid chunks, one per 100 ms, then [DONE]. */
async function dripUpstream(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let i = 0;
    res.write(chunk(i++));
    const timer = setInterval(() => {
      if (i < EVENTS) res.write(chunk(i++));
      else {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }
    }, 100);
    res.on('close', () => clearInterval(timer));
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Held {
  completed: number;
  failed: number;
  /** All streams had their first event before the first one ended. */
  allOpenTogether: boolean;
  midRss: number;
  seconds: number;
}

/** Opens `n` streams through the proxy at once; samples the proxy's RSS once every one is open. */
async function holdStreams(
  proxy: Pick<ServerChild, 'url'> & Partial<Pick<ServerChild, 'stats'>>,
  n: number,
): Promise<Held> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const body = chatRequest(true);
  const started = performance.now();
  let open = 0;
  let ended = 0;
  let allOpenTogether = false;
  let midRss = 0;
  let resolveOpen!: () => void;
  const allOpen = new Promise<void>((r) => (resolveOpen = r));
  const one = () =>
    new Promise<boolean>((resolve) => {
      let seen = false;
      let text = '';
      const req = request(
        proxy.url + CHAT_PATH,
        { method: 'POST', headers: CHAT_HEADERS, agent, timeout: 30_000 },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            if (!seen) {
              seen = true;
              if (++open === n) {
                allOpenTogether = ended === 0;
                resolveOpen();
              }
            }
            if (text.length < 64) text += c;
            else text = text.slice(-64) + c;
          });
          res.on('end', () => {
            ended++;
            resolve(res.statusCode === 200 && text.includes('[DONE]'));
          });
          res.on('error', () => resolve(false));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
      req.end(body);
    });
  const all = Promise.all(Array.from({ length: n }, one));
  await Promise.race([allOpen, all]);
  if (open === n && proxy.stats) midRss = (await proxy.stats()).rss;
  const results = await all;
  agent.destroy();
  return {
    completed: results.filter(Boolean).length,
    failed: results.filter((r) => !r).length,
    allOpenTogether,
    midRss,
    seconds: (performance.now() - started) / 1000,
  };
}

const p50 = (xs: readonly number[]) => median(xs);
const ms = (x: number) => Math.round(x * 1000) / 1000;

export async function proxyScenario(
  opts: ProxyBenchOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const children: ServerChild[] = [];
  let drip: Server | undefined;
  try {
    const mock = await startServerChild('servers/mock.js', ['{}']);
    children.push(mock);
    const proxy = await startServerChild('servers/proxy.js', [mock.url]);
    children.push(proxy);
    const body = chatRequest(true);
    const direct = await probeOk(mock.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const proxied = await probeOk(proxy.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const events = dataEvents(direct.body);
    const sseBytes = Buffer.byteLength(direct.body);
    const problems: string[] = [];
    if (proxied.body.length !== direct.body.length)
      problems.push(`the proxied answer has ${proxied.body.length} B, the direct one ${direct.body.length} B`);

    // Throughput: the same streamed request, straight to the mock and through the proxy.
    const spec = (url: string, cpu: ServerChild) => chatLoad(url, body, opts.seconds, cpuOf(cpu));
    // The proxy on a core of its own: the mock and this process (the load generator) on the first CPU
    // this process may use, the proxy on the second; the direct rounds run with the same placement of mock and load.
    const cpus = twoCpus();
    const isolated =
      'reason' in cpus
        ? undefined
        : await pinnedDuring(
            new Map([
              [process.pid, cpus.first],
              [mock.pid, cpus.first],
              [proxy.pid, cpus.second],
            ]),
            () => paired(spec(mock.url, mock), spec(proxy.url, proxy), opts.rounds),
          );
    // Both are warm by now: a second of warm-up each (connection set-up) is enough.
    const load = await paired(spec(mock.url, mock), spec(proxy.url, proxy), opts.rounds, 1);
    // The floor of any proxy here: a bare pass-through (the same node:http + undici pair, no judging).
    const bare = await startServerChild('baselines/proxy.js', [mock.url]);
    children.push(bare);
    await probeOk(bare.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const floor = await paired(spec(mock.url, mock), spec(bare.url, bare), Math.min(opts.rounds, 2), 1);
    await bare.stop();
    // A gzip-compressed stream (a compressing front between the proxy and the mock, as nginx with
    // gzip on): the proxy forwards the bytes and judges the decoded events.
    const gzipFront = await startServerChild('servers/gzip-front.js', [mock.url]);
    children.push(gzipFront);
    const gzipProxy = await startServerChild('servers/proxy.js', [gzipFront.url]);
    children.push(gzipProxy);
    const gzipSpec = (url: string, cpu: ServerChild): LoadSpec => ({
      ...spec(url, cpu),
      headers: { ...CHAT_HEADERS, 'accept-encoding': 'gzip' },
    });
    const gzipProbe = await probeOk(gzipProxy.url + CHAT_PATH, {
      method: 'POST',
      headers: { ...CHAT_HEADERS, 'accept-encoding': 'gzip' },
      body,
    });
    const compressed = await paired(
      gzipSpec(gzipFront.url, gzipFront),
      gzipSpec(gzipProxy.url, gzipProxy),
      Math.min(opts.rounds, 2),
      1,
    );
    await gzipProxy.stop();
    await gzipFront.stop();
    problems.push(
      ...[
        ...load.mock.map((r) => checkClean('proxied stream', r)),
        ...floor.mock.map((r) => checkClean('bare proxy stream', r)),
        ...compressed.mock.map((r) => checkClean('proxied gzip stream', r)),
        ...load.base.map((r) => checkClean('direct stream', r)),
        ...(isolated?.mock ?? []).map((r) => checkClean('proxied stream, own core', r)),
        ...(isolated?.base ?? []).map((r) => checkClean('direct stream, one core', r)),
      ].filter((p): p is string => Boolean(p)),
    );
    const viaProxy = median(load.mock.map((r) => r.rps));
    const straight = median(load.base.map((r) => r.rps));
    const ratio = median(load.ratios);
    const proxyCpu = median(load.mock.map((r) => r.cpuUsPerRequest ?? Number.NaN));
    const bareCpu = median(floor.mock.map((r) => r.cpuUsPerRequest ?? Number.NaN));
    const gzipCpu = median(compressed.mock.map((r) => r.cpuUsPerRequest ?? Number.NaN));
    if (gzipProbe.headers['content-encoding'] !== 'gzip')
      problems.push('the compressing front did not gzip the stream');
    const mockCpu = median(load.base.map((r) => r.cpuUsPerRequest ?? Number.NaN));
    const floorRatio = median(floor.ratios);
    const isolatedRatio = isolated ? median(isolated.ratios) : Number.NaN;
    // How busy the proxy's own core was in the proxied rounds: at 100 %, the proxy would be the limit.
    const proxyCoreBusy = isolated
      ? median(isolated.mock.map((r) => ((r.cpuUsPerRequest ?? Number.NaN) * r.rps) / 1e6))
      : Number.NaN;

    // Latency: one exchange at a time.
    const lat = await latencies(mock.url, proxy.url, opts.samples);
    const totalDirect = p50(lat.direct.map((t) => t.totalMs));
    const totalProxied = p50(lat.proxied.map((t) => t.totalMs));
    const firstDirect = p50(lat.direct.map((t) => t.firstByteMs));
    const firstProxied = p50(lat.proxied.map((t) => t.firstByteMs));
    const added = totalProxied - totalDirect;

    // Memory: a fresh proxy child, 1,000 streams held at once.
    const upstream = await dripUpstream();
    drip = upstream.server;
    const memProxy = await startServerChild('servers/proxy.js', [upstream.url]);
    children.push(memProxy);
    await probeOk(memProxy.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const idle = await memProxy.stats();
    const heldDirect = await holdStreams({ url: upstream.url }, opts.streams);
    const held = await holdStreams(memProxy, opts.streams);
    if (heldDirect.failed)
      problems.push(`${heldDirect.failed} of ${opts.streams} direct streams did not end with [DONE]`);
    const after = await memProxy.stats();
    if (held.failed) problems.push(`${held.failed} of ${opts.streams} held streams did not end with [DONE]`);
    if (!held.allOpenTogether)
      problems.push('the streams were not all open at once (the first ended before the last began)');
    const perStreamKiB = held.midRss > 0 ? (held.midRss - idle.rss) / 1024 / opts.streams : Number.NaN;

    const cost = timingCost(body, direct.body);
    const rows: Row[] = [
      row({
        scenario: 'proxy',
        figure: 'streamed chat through the proxy, 32 conn, proxy on a core of its own',
        value: isolated ? median(isolated.mock.map((r) => r.rps)) : Number.NaN,
        unit: 'req/s',
        baselineLabel: 'the same mock reached directly (mock and load generator on one core, both ways)',
        ...(isolated ? { baseline: median(isolated.base.map((r) => r.rps)), ratio: isolatedRatio } : {}),
        goal: { text: 'ratio ≥ 0.8', met: isolatedRatio >= 0.8 },
        note: isolated
          ? `${events} events / ${sseBytes} B per answer, every exchange judged (SSE judge, schemas, coverage); mock and load generator pinned to CPU ${'first' in cpus ? cpus.first : ''}, the proxy to CPU ${'second' in cpus ? cpus.second : ''} (taskset); medians of ${opts.rounds} paired ${opts.seconds} s rounds: proxied ${rounded(isolated.mock)}, direct ${rounded(isolated.base)}, ratios ${isolated.ratios.map((r) => r.toFixed(2)).join('/')}; the proxy's core was ${(proxyCoreBusy * 100).toFixed(0)} % busy (at 100 % the proxy would be the limit); through the proxy the load generator reads each answer in fewer pieces, which spares the shared core a little`
          : `not measured: ${'reason' in cpus ? cpus.reason : ''}`,
      }),
      row({
        scenario: 'proxy',
        figure: 'streamed chat through the proxy, 32 conn, all on shared cores',
        value: viaProxy,
        unit: 'req/s',
        baseline: straight,
        baselineLabel: 'the same mock reached directly',
        ratio,
        note: `mock, proxy and load generator share the machine's cores, so every µs the proxy spends is taken from the mock and the load generator: a proxy costing P µs per exchange can reach at most D / (D + P) of direct, D the CPU of one direct exchange (mock ${Math.round(mockCpu)} µs plus the load generator's). Medians of ${opts.rounds} paired ${opts.seconds} s rounds: proxied ${rounded(load.mock)}, direct ${rounded(load.base)}, ratios ${load.ratios.map((r) => r.toFixed(2)).join('/')}`,
      }),
      row({
        scenario: 'proxy',
        figure: 'streamed chat through a bare pass-through, 32 conn, shared cores',
        value: median(floor.mock.map((r) => r.rps)),
        unit: 'req/s',
        baseline: median(floor.base.map((r) => r.rps)),
        baselineLabel: 'the same mock reached directly',
        ratio: floorRatio,
        note: `the ceiling of any proxy on shared cores here: node:http + undici dispatch forwarding as the proxy does, judging nothing (bench/baselines/proxy.ts); ratios ${floor.ratios.map((r) => r.toFixed(2)).join('/')}`,
      }),
      row({
        scenario: 'proxy',
        figure: 'proxy CPU per streamed exchange',
        value: proxyCpu,
        unit: 'µs',
        baseline: bareCpu,
        baselineLabel: 'the bare pass-through',
        note: `CPU time (all threads, GC included) of the proxy child over the measured window / exchanges, shared cores: forwarding + judging (SSE judge, schemas, coverage), against forwarding alone; one core judges about ${Math.round(1e6 / proxyCpu).toLocaleString('en-US')} streamed exchanges a second. The mock spends ${Math.round(mockCpu)} µs answering one`,
      }),
      row({
        scenario: 'proxy',
        figure: 'timing: judging CPU per streamed exchange, timing on',
        value: cost.onUs,
        unit: 'µs',
        baseline: cost.offUs,
        baselineLabel: 'the same exchange judge with timing off, in this process',
        goal: { text: 'adds < 5 % of the proxy CPU', met: cost.onUs - cost.offUs < 0.05 * proxyCpu },
        note: `the proxy's exchange judge fed this ${events}-event answer, no sockets (bench/lib/timing-cost.ts); medians of ${cost.rounds} interleaved rounds of ${cost.exchanges} exchanges: timing adds ${(cost.onUs - cost.offUs).toFixed(2)} µs, ${(((cost.onUs - cost.offUs) / proxyCpu) * 100).toFixed(1)} % of the proxy's ${Math.round(proxyCpu)} µs per exchange`,
      }),
      row({
        scenario: 'proxy',
        figure: 'proxy CPU per gzip-compressed streamed exchange',
        value: gzipCpu,
        unit: 'µs',
        baseline: proxyCpu,
        baselineLabel: 'the same stream uncompressed',
        note: `the same ${events}-event stream gzipped by a front between the proxy and the mock (bench/servers/gzip-front.ts, a flush per event), the client accepting gzip: the proxy forwards the bytes and judges the events decoded incrementally (src/transport/content-encoding.ts); ratios to direct ${compressed.ratios.map((r) => r.toFixed(2)).join('/')}`,
      }),
      row({
        scenario: 'proxy',
        figure: `${opts.streams.toLocaleString('en-US')} paced streams through the proxy`,
        value: (held.completed * (EVENTS + 1)) / held.seconds,
        unit: 'events/s',
        baseline: (heldDirect.completed * (EVENTS + 1)) / heldDirect.seconds,
        baselineLabel: 'the same streams straight from the upstream',
        goal: { text: 'ratio ≥ 0.8', met: held.seconds > 0 && heldDirect.seconds / held.seconds >= 0.8 },
        note: `streams as an LLM server sends them (${EVENTS} events, one per 100 ms, from an upstream in the bench process), all ${opts.streams} at once: proxied ${held.seconds.toFixed(2)} s, direct ${heldDirect.seconds.toFixed(2)} s for all of them`,
      }),
      row({
        scenario: 'proxy',
        figure: 'added latency p50, streamed chat, 1 conn',
        value: added,
        unit: 'ms',
        goal: { text: '< 1 ms', met: added < 1 },
        note: `p50 of ${opts.samples} sequential exchanges each, interleaved: proxied ${ms(totalProxied)} ms, direct ${ms(totalDirect)} ms (whole answer); first byte: proxied ${ms(firstProxied)} ms, direct ${ms(firstDirect)} ms (added ${ms(firstProxied - firstDirect)} ms)`,
      }),
      row({
        scenario: 'proxy',
        figure: `${opts.streams.toLocaleString('en-US')} concurrent streams, proxy peak RSS`,
        value: after.peakRss / MiB,
        unit: 'MiB',
        baseline: idle.rss / MiB,
        baselineLabel: 'the same proxy idle (after one exchange)',
        goal: {
          text: `all ${opts.streams} held to [DONE]`,
          met: held.completed === opts.streams && held.allOpenTogether,
        },
        note: `${held.completed}/${opts.streams} streams of ${EVENTS} events (one per 100 ms) ended with [DONE] in ${held.seconds.toFixed(1)} s, all open at once: ${held.allOpenTogether}; RSS with all open ${(held.midRss / MiB).toFixed(0)} MiB, about ${perStreamKiB.toFixed(0)} KiB per open stream (judge, parser, sockets both sides)`,
      }),
    ];
    return {
      rows,
      details: {
        load,
        isolated,
        floor,
        heldDirect,
        latency: { totalDirect, totalProxied, firstDirect, firstProxied, added },
        held,
        idleRss: idle.rss,
        peakRss: after.peakRss,
        events,
        sseBytes,
        problems,
      },
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (drip) {
      drip.closeAllConnections();
      await new Promise((r) => drip!.close(r));
    }
  }
}
