/**
 * The run's timing against the mock's paced streams (first event 150 ms after the headers, each
 * later one 30 ms after the one before, as `--stream-ttft`/`--stream-itl` set them): the measured
 * percentiles match the pacing, and objectives above the pacing pass, below it fail, and with too
 * few samples are indeterminate. The tolerances allow a loaded 2-core machine: timers fire late,
 * never early (mock/stream-shaping.ts waits until each event is due), so the bounds below the
 * pacing are tight and those above it loose.
 */
import { expect, test } from 'vitest';
import { defineCheck, type CheckContext } from '../../src/core/check.js';
import { pass } from '../../src/core/result.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { readSse } from '../../src/kit/streams.js';
import { parseObjectives } from '../../src/timing/objectives.js';
import { runAgainstMock } from '../helpers/run-checks.js';

const TTFT = 150;
const ITL = 30;
const STREAMS = 30;
const PLAIN = 6;

async function stream(ctx: CheckContext): Promise<void> {
  const body = minimalChatRequest(ctx.target, { stream: true, max_completion_tokens: 4 });
  const ex = await ctx.http.open({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json: body });
  await readSse(ex, () => undefined);
}

/** A workload, not a rule: 30 streams (10 at a time) and 6 plain chat completions. */
const workload = defineCheck({
  id: 'timing.workload',
  operation: 'chat.create',
  section: '§4.1',
  level: 'INFO',
  requirement: 'Streams and plain completions, timed by the runner.',
  async run(ctx) {
    for (let round = 0; round < STREAMS / 10; round++) await Promise.all(Array.from({ length: 10 }, () => stream(ctx)));
    for (let i = 0; i < PLAIN; i++)
      await ctx.http.send({
        method: 'POST',
        path: pathOf(ctx.target, 'chat.create'),
        json: minimalChatRequest(ctx.target),
      });
    return pass();
  },
  schedule: { maxRequests: () => STREAMS + PLAIN },
});

test('measured percentiles match the pacing; objectives pass above it, fail below it, and need their samples', async () => {
  const report = await runAgainstMock([workload], {
    mock: { streamTtftMs: TTFT, streamItlMs: ITL },
    preflight: false,
    objectives: parseObjectives(
      'ttft-p95=1500ms,ttft-p50=100ms,itl-p50=300ms,itl-p90=10ms,e2e-p99=60s,latency-p50=10s',
    ),
  });
  const chat = report.timing?.['chat.create'];
  expect(chat?.ttft_ms?.count).toBe(STREAMS);
  expect(chat?.e2e_ms?.count).toBe(STREAMS);
  expect(chat?.output_tokens_per_s?.count).toBe(STREAMS);
  expect(chat?.latency_ms?.count).toBe(PLAIN);
  const ttft = chat!.ttft_ms!;
  // 1 % is the sketch's accuracy; above the pacing, what a busy machine adds.
  expect(ttft.p50).toBeGreaterThanOrEqual(TTFT * 0.99);
  expect(ttft.p50).toBeLessThan(TTFT + 150);
  const itl = chat!.itl_ms!;
  expect(itl.count).toBeGreaterThanOrEqual(STREAMS * 3);
  // A gap can read short when the event before it was late to arrive: the median cannot.
  expect(itl.p50).toBeGreaterThanOrEqual(ITL * 0.9);
  expect(itl.p50).toBeLessThan(ITL + 60);
  // Each stream: the first event, then one every 30 ms: at least 150 + 3·30 ms from end to end.
  expect(chat!.e2e_ms!.p50).toBeGreaterThanOrEqual((TTFT + 3 * ITL) * 0.99);

  const slo = Object.fromEntries(report.results.filter((r) => r.id.startsWith('slo.')).map((r) => [r.id, r]));
  expect(slo['slo.ttft-p95']?.status).toBe('pass');
  expect(slo['slo.itl-p50']?.status).toBe('pass');
  expect(slo['slo.latency-p50']?.status).toBe('pass');
  expect(slo['slo.ttft-p50']).toMatchObject({ status: 'fail', level: 'MUST' });
  expect(slo['slo.ttft-p50']?.actual).toMatch(/^p50 \d+(\.\d+)? ms over 30 streams/);
  expect(slo['slo.itl-p90']?.status).toBe('fail');
  // 30 streams cannot tell a p99: it needs 100.
  expect(slo['slo.e2e-p99']).toMatchObject({ status: 'error', errorCode: 'CTS_SLO_INDETERMINATE' });
  expect(slo['slo.e2e-p99']?.message).toMatch(/needs at least 100 samples .*only 30 were measured/);
  expect(report.objectives?.map((o) => o.id)).toEqual([
    'ttft-p95',
    'ttft-p50',
    'itl-p50',
    'itl-p90',
    'e2e-p99',
    'latency-p50',
  ]);
  expect(report.summary).toMatchObject({ conformant: false, failed: 2, errored: 1 });
});

test('objectives all met make no difference to the verdict; none asked adds no result', async () => {
  const met = await runAgainstMock([workload], {
    mock: { streamTtftMs: 20, streamItlMs: 5 },
    preflight: false,
    objectives: parseObjectives('ttft-p95=5s,itl-p90=5s'),
  });
  expect(met.summary.conformant).toBe(true);
  expect(met.results.filter((r) => r.id.startsWith('slo.')).map((r) => r.status)).toEqual(['pass', 'pass']);
  const none = await runAgainstMock([workload], { preflight: false });
  expect(none.results.map((r) => r.id)).toEqual(['timing.workload']);
  expect(none.objectives).toBeUndefined();
  expect(none.timing?.['chat.create']?.ttft_ms?.count).toBe(STREAMS);
});
