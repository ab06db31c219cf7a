import { expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../core/defaults.js';
import { ProxyMetrics, targetLabel } from './metrics.js';
import { ProxySession } from './session.js';
import { COMPLETION_TEXT, chunkEvent } from '../../test/helpers/chat-bodies.js';

const AUTH = { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' };
const CHAT = { model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 };

/** One exchange fed to a judge of `session` as the proxy feeds it; `chunks` of the answer's body, `gapMs` apart. */
async function exchange(
  session: ProxySession,
  request: { headers: Record<string, string>; body: unknown },
  answer: { status: number; type: string; chunks: string[]; gapMs?: number },
): Promise<void> {
  const body = Buffer.from(JSON.stringify(request.body));
  const judge = session.open('POST', '/v1/chat/completions', {
    ...request.headers,
    'content-length': String(body.length),
  });
  judge.requestChunk(body);
  judge.requestEnd();
  judge.responseHead(answer.status, { 'content-type': answer.type });
  for (const c of answer.chunks) {
    if (answer.gapMs) await new Promise((r) => setTimeout(r, answer.gapMs));
    judge.responseChunk(Buffer.from(c));
  }
  judge.responseEnd();
}

const chunk = chunkEvent;
const completion = COMPLETION_TEXT;

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };
async function samples(metrics: ProxyMetrics, name: string): Promise<Sample[]> {
  const all = await metrics.registry.getMetricsAsJSON();
  return ((all.find((m) => m.name === name)?.values ?? []) as Sample[]).filter((s) => s.value !== undefined);
}

test('each breach counts under its rule (the result id), operation, level and side, as many times as the report says', async () => {
  const metrics = new ProxyMetrics({ target: 'http://127.0.0.1:1' });
  const session = new ProxySession({
    target: 'http://127.0.0.1:1',
    maxBodyBytes: 1 << 20,
    replay: 'x',
    listener: metrics,
  });
  // No credentials (the client's fault), twice; a 200 labelled text/plain (the server's), once.
  const refused = { status: 401, type: 'application/json', chunks: ['{"error":{"message":"no","type":"auth"}}'] };
  await exchange(session, { headers: { 'content-type': 'application/json' }, body: CHAT }, refused);
  await exchange(session, { headers: { 'content-type': 'application/json' }, body: CHAT }, refused);
  await exchange(session, { headers: AUTH, body: CHAT }, { status: 200, type: 'text/plain', chunks: [completion] });

  const found = await samples(metrics, 'conformance_proxy_findings_total');
  const broken = session.findings.all().filter((g) => g.failed > 0);
  expect(broken.some((g) => g.rule.side === 'client')).toBe(true);
  expect(broken.some((g) => g.rule.side === 'server')).toBe(true);
  // One series per broken group, its count the group's, its labels the rule's.
  expect(found.map((s) => [s.labels.rule, s.value]).sort()).toEqual(broken.map((g) => [g.id, g.failed]).sort());
  for (const g of broken)
    expect(found.find((s) => s.labels.rule === g.id)?.labels).toEqual({
      rule: g.id,
      operation: 'chat.create',
      level: g.rule.level.toLowerCase(),
      side: g.rule.side,
    });
  const credentials = found.find((s) => s.labels.rule === 'client.credentials.chat-create');
  expect(credentials).toMatchObject({ value: 2, labels: { level: 'must', side: 'client' } });

  const exchanges = await samples(metrics, 'conformance_proxy_exchanges_total');
  expect(exchanges).toEqual([expect.objectContaining({ labels: { operation: 'chat.create' }, value: 3 })]);
});

test('the times the session measures are observed in the histograms, in seconds, per operation', async () => {
  const metrics = new ProxyMetrics({ target: 'http://127.0.0.1:1' });
  const session = new ProxySession({
    target: 'http://127.0.0.1:1',
    maxBodyBytes: 1 << 20,
    replay: 'x',
    listener: metrics,
  });
  const sse = [chunk('a'), chunk('b'), chunk('c'), 'data: [DONE]\n\n'];
  await exchange(
    session,
    { headers: AUTH, body: { ...CHAT, stream: true } },
    { status: 200, type: 'text/event-stream', chunks: sse, gapMs: 20 },
  );
  await exchange(
    session,
    { headers: AUTH, body: CHAT },
    { status: 200, type: 'application/json', chunks: [completion] },
  );

  const count = async (name: string) =>
    (await samples(metrics, name)).find((s) => s.metricName === `${name}_count` && s.labels.operation === 'chat.create')
      ?.value;
  const sum = async (name: string) =>
    (await samples(metrics, name)).find((s) => s.metricName === `${name}_sum`)?.value ?? 0;
  // Three tokens: a first, two gaps; one stream ended whole; one answer not streamed.
  expect(await count('conformance_proxy_ttft_seconds')).toBe(1);
  expect(await count('conformance_proxy_itl_seconds')).toBe(2);
  expect(await count('conformance_proxy_e2e_seconds')).toBe(1);
  expect(await count('conformance_proxy_latency_seconds')).toBe(1);
  // The same values as the report's timing table, in seconds: two gaps of about 20 ms.
  const itl = session.timing.sketch('chat.create', 'itl_ms');
  expect(itl.count).toBe(2);
  expect(await sum('conformance_proxy_itl_seconds')).toBeGreaterThanOrEqual(0.03);
  expect(await sum('conformance_proxy_itl_seconds')).toBeLessThan(1);
  const text = await metrics.text();
  expect(text).toMatch(/^conformance_proxy_ttft_seconds_bucket\{le="0\.5",operation="chat\.create"\} 1$/m);
});

test('the info gauge names the target without its credentials, query or fragment', async () => {
  expect(targetLabel('https://user:s3cret@gw.example.com:8443/api/?key=s3cret#x')).toBe(
    'https://gw.example.com:8443/api',
  );
  const metrics = new ProxyMetrics({ target: 'https://user:s3cret@gw.example.com/?key=s3cret' });
  const text = await metrics.text();
  expect(text).not.toContain('s3cret');
  expect(text).toMatch(/^conformance_proxy_info\{version="[^"]+",target="https:\/\/gw\.example\.com"\} 1$/m);
});

test('a session without a listener keeps its plain findings and timing', () => {
  const session = new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 1 << 20, replay: 'x' });
  expect(session.findings.constructor.name).toBe('Findings');
  expect(session.timing.constructor.name).toBe('TimingSketches');
});
