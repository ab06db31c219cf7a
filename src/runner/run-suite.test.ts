import { runnerTestTarget } from '../../test/helpers/runner-target.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defineCheck, type CheckDefinition, type TargetConfig } from '../core/check.js';
import { fail, pass, skip } from '../core/result.js';
import { runSuite, type RunSettings } from './run-suite.js';

const TOKEN = 'tok-Planted-Secret-4242';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // Echoes the Authorization header back in the body: evidence must still not contain the secret.
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ saw: req.headers.authorization ?? null }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const target = (): TargetConfig => runnerTestTarget(baseUrl);

const options = (checks: CheckDefinition[], extra: Partial<RunSettings> = {}): RunSettings => ({
  target: target(),
  token: TOKEN,
  checks,
  level: 'must',
  seed: 7,
  runs: 5,
  timeoutMs: 2_000,
  deadlineMs: 5_000,
  concurrency: 4,
  maxBodyBytes: 1 << 20,
  maxRetries: 0,
  maxRetryWaitMs: 0,
  replayBase: `conformance run --target ${baseUrl}`,
  ...extra,
});

const mk = (
  id: string,
  level: CheckDefinition['level'],
  run: CheckDefinition['run'],
  extra: Partial<CheckDefinition> = {},
) =>
  defineCheck({
    id,
    operation: 'chat.create',
    section: '§4.1',
    level,
    requirement: `requirement of ${id}`,
    ...(level === 'SHOULD' ? { convention: 'c' } : {}),
    run,
    ...extra,
  });

test('a check that throws becomes an error result with one line, and the others still run', async () => {
  const report = await runSuite(
    options([
      mk('t.throws', 'MUST', async () => {
        throw new Error('boom\n    at stack line');
      }),
      mk('t.passes', 'MUST', async () => pass()),
    ]),
  );
  expect(report.results.map((r) => [r.id, r.status])).toEqual([
    ['t.throws', 'error'],
    ['t.passes', 'pass'],
  ]);
  expect(report.results[0]).toMatchObject({ errorCode: 'CTS_INTERNAL', message: 'boom' });
  expect(report.summary).toMatchObject({ total: 2, passed: 1, errored: 1, conformant: false });
});

test('a check that never finishes is ended by the run deadline, in bounded time', async () => {
  const t0 = Date.now();
  const report = await runSuite(
    options([mk('t.hangs', 'MUST', () => new Promise(() => undefined)), mk('t.ok', 'MUST', async () => pass())], {
      deadlineMs: 300,
      concurrency: 1,
    }),
  );
  expect(Date.now() - t0).toBeLessThan(3_000);
  // Both stopped by the deadline (more than half of the run): said once, the checks not judged (stopped-early.ts).
  expect(report.unjudged).toMatchObject({
    code: 'CTS_RUN_DEADLINE',
    reason: expect.stringMatching(/^deadline hit: 2 of 2 checks not run/),
  });
  expect(report.results.map((r) => [r.status, r.reason?.replace(/;.*/, '')])).toEqual([
    ['skip', 'the run deadline (300 ms) passed before this check finished'],
    ['skip', 'not run: the run deadline (300 ms) had passed'],
  ]);
});

test('checks with side effects are skipped without --allow-writes, and say why', async () => {
  const report = await runSuite(options([mk('t.writes', 'MUST', async () => pass(), { writes: true })]));
  expect(report.results[0]).toMatchObject({ status: 'skip' });
  expect(report.results[0]!.reason).toContain('--allow-writes');
  // A MUST check left unjudged is no silent pass (decisions/0013): the coverage names the gap's kind.
  expect(report.summary.conformant).toBe(false);
  expect(report.coverage?.holes.find((h) => h.id === 'check t.writes')?.cause?.code).toBe('writes-not-allowed');
});

test('the gating level decides whether SHOULD failures count; INFO never gates', async () => {
  const checks = [
    mk('t.should', 'SHOULD', async () => fail({ expected: 'a', actual: 'b' })),
    mk('t.info', 'INFO', async () => fail({ expected: 'a', actual: 'b' })),
    mk('t.skip', 'SHOULD', async () => skip('n/a')),
  ];
  expect((await runSuite(options(checks))).summary.conformant).toBe(true);
  expect((await runSuite(options(checks, { level: 'should' }))).summary.conformant).toBe(false);
  expect((await runSuite(options([checks[1]!], { level: 'should' }))).summary.conformant).toBe(true);
});

test('evidence carries the request, a response excerpt, a curl line and a replay command, with no secret in it', async () => {
  const report = await runSuite(
    options([
      mk('t.evidence', 'MUST', async (ctx) => {
        const ex = await ctx.http.send({
          method: 'POST',
          path: '/v1/chat/completions',
          json: { note: `token ${TOKEN}` },
        });
        return fail({ expected: 'x', actual: `saw ${String((ex.json as { saw: string }).saw)}`, exchange: ex });
      }),
    ]),
  );
  const r = report.results[0]!;
  expect(r.status).toBe('fail');
  expect(r.evidence?.curl).toContain('$CONFORMANCE_TOKEN');
  expect(r.evidence?.replay).toBe(`conformance run --target ${baseUrl} --only t.evidence --seed 7`);
  expect(r.evidence?.response?.status).toBe(200);
  const everything = JSON.stringify(report);
  expect(everything).not.toContain(TOKEN);
  expect(everything).not.toContain(Buffer.from(TOKEN).toString('base64'));
});

test('each check gets a seed derived from the run seed and its id, the same in a full run and alone', async () => {
  const seen: Record<string, number> = {};
  const probe = (id: string) =>
    mk(id, 'MUST', async (ctx) => {
      seen[id] = ctx.seed;
      return pass();
    });
  await runSuite(options([probe('t.a'), probe('t.b')]));
  const full = { ...seen };
  await runSuite(options([probe('t.b')]));
  expect(seen['t.b']).toBe(full['t.b']);
  expect(full['t.a']).not.toBe(full['t.b']);
});

test('prepare() runs before the deadline starts, and a prepare that throws makes only its check an error', async () => {
  const order: string[] = [];
  const slow = mk(
    't.slow-prepare',
    'MUST',
    async () => {
      order.push('run');
      return pass();
    },
    {
      schedule: {
        prepare: async () => {
          order.push('prepare');
          await new Promise((r) => setTimeout(r, 400)); // longer than the whole deadline below
        },
      },
    },
  );
  const broken = mk('t.broken-prepare', 'MUST', async () => pass(), {
    schedule: {
      prepare: () => {
        throw new Error('catalogue failed');
      },
    },
  });
  const report = await runSuite(options([slow, broken], { deadlineMs: 300 }));
  expect(order).toEqual(['prepare', 'run']);
  expect(report.results.map((r) => r.status)).toEqual(['pass', 'error']);
  expect(report.results[1]).toMatchObject({ errorCode: 'CTS_INTERNAL', message: 'catalogue failed' });
});

test('a check waits for its own preparation only: checks without one run meanwhile', async () => {
  const order: string[] = [];
  const ran = (name: string) => async () => {
    order.push(`${name} run`);
    return pass();
  };
  const prepared = mk('t.prepared', 'MUST', ran('prepared'), {
    schedule: {
      prepare: async () => {
        await new Promise((r) => setTimeout(r, 200));
        order.push('prepare done');
      },
    },
  });
  const plain = mk('t.plain', 'MUST', ran('plain'));
  const report = await runSuite(options([prepared, plain], { preflight: false }));
  expect(order).toEqual(['plain run', 'prepare done', 'prepared run']);
  expect(report.results.map((r) => r.status)).toEqual(['pass', 'pass']);
});

test('a check that shares its cases with another gets that check’s seed', async () => {
  const seen: Record<string, number> = {};
  const probe = (id: string, extra: Partial<CheckDefinition> = {}) =>
    mk(
      id,
      'MUST',
      async (ctx) => {
        seen[id] = ctx.seed;
        return pass();
      },
      extra,
    );
  await runSuite(
    options([probe('t.source'), probe('t.sharer', { schedule: { sharesCasesWith: 't.source' } }), probe('t.other')]),
  );
  expect(seen['t.sharer']).toBe(seen['t.source']);
  expect(seen['t.other']).not.toBe(seen['t.source']);
});

test('a 429 with Retry-After is retried within the bound, and the retry is reported on the result', async () => {
  let calls = 0;
  const busy = createServer((_req, res) => {
    calls++;
    if (calls <= 3) {
      res
        .writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' })
        .end('{"error":{"message":"Concurrency limit reached for requests"}}');
    } else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
  try {
    const probe = mk('t.retried', 'MUST', async (ctx) => {
      const ex = await ctx.http.send({ method: 'GET', path: '/v2/e/p/scores' });
      return ex.response.status === 200
        ? pass()
        : fail({ expected: '200', actual: String(ex.response.status), exchange: ex });
    });
    // No preflight: this server counts every request.
    const bounded = await runSuite(
      options([probe], {
        target: { ...target(), baseUrl: url },
        maxRetries: 2,
        maxRetryWaitMs: 1_000,
        preflight: false,
      }),
    );
    expect(bounded.results[0]!.status).toBe('fail'); // 3 answers of 429: two retries, then the 429 is the answer
    expect(bounded.results[0]!.notes).toEqual([
      'retried GET /v2/e/p/scores after HTTP 429, waiting 0 ms (Retry-After)',
    ]);
    calls = 2;
    const recovered = await runSuite(
      options([probe], {
        target: { ...target(), baseUrl: url },
        maxRetries: 2,
        maxRetryWaitMs: 1_000,
        preflight: false,
      }),
    );
    expect(recovered.results[0]).toMatchObject({
      status: 'pass',
      notes: ['retried GET /v2/e/p/scores after HTTP 429, waiting 0 ms (Retry-After)'],
    });
  } finally {
    await new Promise<void>((r) => busy.close(() => r()));
  }
});
