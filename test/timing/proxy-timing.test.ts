/**
 * The proxy times the answers it forwards: streams paced by the mock (first event 120 ms after the
 * headers, then one every 25 ms) read by a client through the proxy give the server's report time
 * to first token and inter-token latency that match the pacing, plain answers their latency, and
 * the objectives asked of the proxy are judged on them. Refused requests are not timed.
 */
import { expect, test } from 'vitest';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { proxyReports } from '../../src/proxy/report.js';
import { parseObjectives } from '../../src/timing/objectives.js';
import { startMockServer } from '../../mock/index.js';
import { startProxy } from '../proxy/helpers.js';

const TTFT = 120;
const ITL = 25;

async function chat(url: string, body: Record<string, unknown>, token = DEFAULT_TOKEN): Promise<number> {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'Hi' }], ...body }),
  });
  await res.text();
  return res.status;
}

test('the server report carries the timing of what passed through the proxy, and judges objectives on it', async () => {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, streamTtftMs: TTFT, streamItlMs: ITL });
  const proxy = await startProxy(mock.url);
  try {
    const streams = Array.from({ length: 20 }, () => chat(proxy.url, { stream: true, max_completion_tokens: 4 }));
    expect(await Promise.all(streams)).toEqual(Array(20).fill(200));
    for (let i = 0; i < 3; i++) expect(await chat(proxy.url, { max_completion_tokens: 4 })).toBe(200);
    expect(await chat(proxy.url, { max_completion_tokens: 4 }, 'wrong')).toBe(401);
    await proxy.server.close(1_000);
    const [server, clients] = proxyReports(proxy.session, {
      level: 'should',
      replay: 'conformance proxy',
      objectives: parseObjectives('ttft-p95=2s,itl-p50=5ms,e2e-p99=30s'),
    });
    const chatTiming = server?.timing?.['chat.create'];
    expect(chatTiming?.ttft_ms?.count).toBe(20);
    expect(chatTiming?.ttft_ms?.p50).toBeGreaterThanOrEqual(TTFT * 0.99);
    expect(chatTiming?.ttft_ms?.p50).toBeLessThan(TTFT + 150);
    expect(chatTiming?.itl_ms?.p50).toBeGreaterThanOrEqual(ITL * 0.9);
    expect(chatTiming?.itl_ms?.p50).toBeLessThan(ITL + 50);
    expect(chatTiming?.e2e_ms?.count).toBe(20);
    // The 401 is not timed: three plain answers.
    expect(chatTiming?.latency_ms?.count).toBe(3);
    const slo = server?.results.filter((r) => r.id.startsWith('slo.')).map((r) => [r.id, r.status]);
    expect(slo).toEqual([
      ['slo.ttft-p95', 'pass'],
      ['slo.itl-p50', 'fail'],
      ['slo.e2e-p99', 'error'],
    ]);
    expect(server?.objectives).toHaveLength(3);
    expect(server?.summary.conformant).toBe(false);
    expect(clients?.timing).toBeUndefined();
    expect(clients?.results.some((r) => r.id.startsWith('slo.'))).toBe(false);
  } finally {
    await proxy.stop();
    await mock.close();
  }
});
