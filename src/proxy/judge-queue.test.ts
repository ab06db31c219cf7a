import { expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../core/defaults.js';
import type { ExchangeJudge } from './exchange.js';
import { JudgeQueue } from './judge-queue.js';
import { ProxySession } from './session.js';
import { COMPLETION_TEXT, chunkEvent } from '../../test/helpers/chat-bodies.js';

const HEADERS = { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' };
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const session = () => new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 1 << 20, replay: 'x' });

/** A judge that writes down the steps it is told, and their times. */
function recordingJudge(log: string[], failOn?: string): ExchangeJudge {
  const step =
    (name: string) =>
    (...args: unknown[]) => {
      if (name === failOn) throw new Error(`${name} failed`);
      log.push(name + (typeof args.at(-1) === 'number' ? '@' : ''));
      return true;
    };
  const names = ['requestChunk', 'requestEnd', 'responseHead', 'responseChunk', 'responseEnd', 'upstreamFailed'];
  return {
    ...Object.fromEntries(names.map((n) => [n, step(n)])),
    abandon: (at?: number) => {
      log.push(`abandon${typeof at === 'number' ? '@' : ''}`);
      return true;
    },
  } as unknown as ExchangeJudge;
}

test("an exchange's steps reach its judge after the turn, in order, each with its time", async () => {
  const queue = new JudgeQueue();
  const log: string[] = [];
  const steps = queue.queued(recordingJudge(log));
  steps.requestChunk(Buffer.from('{}'));
  steps.requestEnd();
  steps.responseHead(200, {});
  steps.responseChunk(Buffer.from('{}'));
  steps.responseEnd();
  let counted = 0;
  queue.queued(recordingJudge(log)).abandon(() => counted++);
  expect(log).toEqual([]);
  await turn();
  expect(log).toEqual(['requestChunk', 'requestEnd', 'responseHead@', 'responseChunk@', 'responseEnd@', 'abandon@']);
  expect(counted).toBe(1);
});

test('a step that throws loses none of the steps after it; runNow runs what is left', async () => {
  const queue = new JudgeQueue();
  const log: string[] = [];
  queue.queued(recordingJudge(log, 'requestEnd')).requestEnd();
  const second = queue.queued(recordingJudge(log));
  second.requestEnd();
  second.upstreamFailed('CTS_TARGET_RESET', 'reset');
  expect(() => queue.runNow()).toThrow('requestEnd failed');
  expect(log).toEqual([]);
  await turn();
  expect(log).toEqual(['requestEnd', 'upstreamFailed@']);
  queue.queued(recordingJudge(log)).responseEnd();
  queue.runNow();
  expect(log.at(-1)).toBe('responseEnd@');
});

/** Busy for `ms`: the judging of a long turn, between the steps and their judging. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const SSE = [
  chunkEvent('hi'),
  chunkEvent('', { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  'data: [DONE]\n\n',
];

test('the times a queued judge measures are those of the traffic, not of its judging', async () => {
  const s = session();
  const queue = new JudgeQueue();
  const chat = (stream: boolean) => {
    const body = Buffer.from(
      JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4, stream }),
    );
    const steps = queue.queued(
      s.open('POST', '/v1/chat/completions', { ...HEADERS, 'content-length': String(body.length) }),
    );
    steps.requestChunk(body);
    steps.requestEnd();
    return steps;
  };
  const t0 = performance.now();
  const streamed = chat(true);
  streamed.responseHead(200, { 'content-type': 'text/event-stream' });
  for (const event of SSE) streamed.responseChunk(Buffer.from(event));
  streamed.responseEnd();
  const plain = chat(false);
  plain.responseHead(200, { 'content-type': 'application/json' });
  plain.responseChunk(Buffer.from(COMPLETION_TEXT));
  plain.responseEnd();
  const stepsMs = performance.now() - t0;
  busy(60 + stepsMs);
  await turn();
  const timing = s.timing.table()?.['chat.create'];
  expect(timing?.ttft_ms?.count).toBe(1);
  expect(timing?.latency_ms?.count).toBe(1);
  // Every step happened within stepsMs of the start (sketches are 1 % accurate); judged at drain
  // time instead, each would read at least 60 ms more.
  for (const measure of ['ttft_ms', 'e2e_ms', 'latency_ms'] as const)
    expect(timing?.[measure]?.max).toBeLessThanOrEqual(stepsMs * 1.02 + 1);
});

test("the proxy writes a turn's answers before it judges them", async () => {
  const { createServer, ServerResponse } = await import('node:http');
  const { startProxyServer } = await import('./server.js');
  // The upstream holds two requests and answers both in one tick: the proxy reads both answers in one turn.
  const held: import('node:http').ServerResponse[] = [];
  const upstream = createServer((req, res) => {
    req.resume();
    held.push(res);
    if (held.length === 2)
      for (const r of held) r.writeHead(200, { 'content-type': 'application/json' }).end(COMPLETION_TEXT);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as import('node:net').AddressInfo;
  const order: string[] = [];
  const s = new ProxySession({
    target: `http://127.0.0.1:${port}`,
    maxBodyBytes: 1 << 20,
    replay: 'x',
    listener: { timed: (_op, measure) => measure === 'latency_ms' && order.push('judged') },
  });
  const proxy = await startProxyServer({
    session: s,
    host: '127.0.0.1',
    port: 0,
    timeoutMs: 5_000,
    idleTimeoutMs: 5_000,
  });
  const end = ServerResponse.prototype.end;
  ServerResponse.prototype.end = function (this: import('node:http').ServerResponse, ...args: unknown[]) {
    if (this.req.socket.localPort === proxy.port) order.push('written');
    return (end as (...a: unknown[]) => import('node:http').ServerResponse).apply(this, args);
  } as typeof end;
  try {
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const send = () =>
      fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', headers: HEADERS, body }).then((r) => r.text());
    await Promise.all([send(), send()]);
  } finally {
    ServerResponse.prototype.end = end;
    await proxy.close();
    upstream.close();
  }
  expect(order).toEqual(['written', 'written', 'judged', 'judged']);
});
