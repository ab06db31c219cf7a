/**
 * @module Scenario: non-streaming and streaming chat completions under 32 connections, the mock
 * against bare `node:http` baselines, each server in its own child process. The two servers are
 * loaded in turns (baseline, mock, baseline, mock) and each figure is the mean of its rounds, so a
 * burst of load from elsewhere on the machine hits both sides alike.
 */
import { probeOk } from '../lib/http.js';
import { load, type LoadResult, type LoadSpec } from '../lib/load.js';
import { startServerChild, type ServerChild } from '../lib/spawn.js';
import { BEARER, chatRequest, JSON_HEADERS } from '../lib/requests.js';
import { row, type Row } from '../lib/table.js';

export interface ChatOptions {
  rounds: number;
  seconds: number;
  streamSeconds: number;
}

const CHAT_PATH = '/v1/chat/completions';

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

function checkClean(what: string, r: LoadResult): string | undefined {
  if (r.non2xx || r.errors) return `${what}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`;
  return undefined;
}

/** Alternates the two specs for `rounds` rounds; returns the rounds of each. */
async function alternate(base: LoadSpec, mock: LoadSpec, rounds: number): Promise<{ base: LoadResult[]; mock: LoadResult[] }> {
  const out = { base: [] as LoadResult[], mock: [] as LoadResult[] };
  for (let i = 0; i < rounds; i++) {
    // The first round warms up longer (JIT of the whole request path, connection set-up).
    const warmupSeconds = i === 0 ? 2 : 1;
    out.base.push(await load({ ...base, warmupSeconds }));
    out.mock.push(await load({ ...mock, warmupSeconds }));
  }
  return out;
}

export async function chatScenario(opts: ChatOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const children: ServerChild[] = [];
  try {
    const mock = await startServerChild('servers/mock.js', ['{}']);
    children.push(mock);
    const body = chatRequest(false);
    const headers = { ...BEARER, ...JSON_HEADERS };
    const answer = await probeOk(mock.url + CHAT_PATH, { method: 'POST', headers, body });
    const answerBytes = Buffer.byteLength(answer.body);

    const bare = await startServerChild('baselines/chat.js', ['600']);
    children.push(bare);

    // Non-streaming.
    const cpuOf = (s: ServerChild) => async () => (await s.stats()).cpuUs;
    const spec = (s: ServerChild): LoadSpec => ({ url: s.url + CHAT_PATH, method: 'POST', headers, body, connections: 32, seconds: opts.seconds, warmupSeconds: 1, serverCpuUs: cpuOf(s) });
    const json = await alternate(spec(bare), spec(mock), opts.rounds);
    const cpuMock = mean(json.mock.map((r) => r.cpuUsPerRequest ?? NaN));
    const cpuBase = mean(json.base.map((r) => r.cpuUsPerRequest ?? NaN));
    const jsonMock = mean(json.mock.map((r) => r.rps));
    const jsonBase = mean(json.base.map((r) => r.rps));
    const problems = [...json.mock.map((r) => checkClean('mock chat', r)), ...json.base.map((r) => checkClean('baseline chat', r))].filter(Boolean);

    // Streaming: the baseline answers the same number of events of the same total size.
    const streamBody = chatRequest(true);
    const sse = await probeOk(mock.url + CHAT_PATH, { method: 'POST', headers, body: streamBody });
    const events = sse.body.split('\n\n').filter((e) => e.startsWith('data: ')).length;
    const sseBytes = Buffer.byteLength(sse.body);
    const bareSse = await startServerChild('baselines/sse.js', [String(events), String(sseBytes)]);
    children.push(bareSse);
    const sspec = (s: ServerChild): LoadSpec => ({ url: s.url + CHAT_PATH, method: 'POST', headers, body: streamBody, connections: 32, seconds: opts.streamSeconds, warmupSeconds: 1, serverCpuUs: cpuOf(s) });
    const stream = await alternate(sspec(bareSse), sspec(mock), 1);
    const streamMock = mean(stream.mock.map((r) => r.rps));
    const streamBase = mean(stream.base.map((r) => r.rps));
    problems.push(...[...stream.mock.map((r) => checkClean('mock stream', r)), ...stream.base.map((r) => checkClean('baseline stream', r))].filter(Boolean));

    const rows: Row[] = [
      row({
        scenario: 'mock',
        figure: 'chat completion, 32 conn',
        value: jsonMock,
        unit: 'req/s',
        baseline: jsonBase,
        baselineLabel: 'bare node:http, parse JSON + fixed ~600 B answer',
        goal: { text: 'ratio ≥ 0.5', met: jsonMock / jsonBase >= 0.5 },
        note: `request ${Buffer.byteLength(body)} B, mock answer ${answerBytes} B; rounds mock ${json.mock.map((r) => Math.round(r.rps)).join('/')} base ${json.base.map((r) => Math.round(r.rps)).join('/')}`,
      }),
      row({
        scenario: 'mock',
        figure: 'chat completion, server CPU per request',
        value: cpuMock,
        unit: 'µs',
        baseline: cpuBase,
        baselineLabel: 'bare node:http server CPU per request',
        note: 'CPU time of the server child over the measured window / requests; ratio > 1 is the mock costing more (the inverse of the req/s ratio when both are CPU-bound)',
      }),
      row({
        scenario: 'mock',
        figure: 'streamed chat, 32 conn',
        value: streamMock,
        unit: 'req/s',
        baseline: streamBase,
        baselineLabel: `bare node:http SSE, ${events} events / ${sseBytes} B per answer`,
        note: `${events} events and ${sseBytes} B per answer`,
      }),
      row({
        scenario: 'mock',
        figure: 'streamed chat events',
        value: streamMock * events,
        unit: 'events/s',
        baseline: streamBase * events,
        baselineLabel: 'bare node:http SSE, same events',
      }),
    ];
    return { rows, details: { json, stream, events, sseBytes, answerBytes, requestBytes: Buffer.byteLength(body), problems } };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
