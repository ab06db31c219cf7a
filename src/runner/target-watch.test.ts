import { expect, test } from 'vitest';
import type { CheckDefinition } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { createRedactor } from '../core/redact.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import type { HttpClient, HttpExchange, HttpRequestSpec } from '../transport/types.js';
import { createTargetWatch } from './target-watch.js';
import { createWriteLedger } from './write-ledger.js';

const TOKEN = 'sk-target-watch-secret';
const PROBE: HttpRequestSpec = { method: 'GET', path: '/v1/preview/training-jobs/x' };
const KILLER: HttpRequestSpec = { method: 'POST', path: '/v1/chat/completions', json: { n: 3 } };
const HARMLESS: HttpRequestSpec = { method: 'POST', path: '/v1/chat/completions', json: { n: 1 } };

const exchange = (spec: HttpRequestSpec, status: number): HttpExchange => ({
  request: { method: spec.method, url: `http://target${spec.path}`, headers: {} },
  response: { status, headers: {}, bodyText: '{}', truncated: false, durationMs: 1 },
  json: {},
});

/**
 * A target that goes down on `KILLER` (the request is reset, every later one refused) and answers
 * again after `restartAfter` probes (never when undefined); `resets` makes `HARMLESS` reset while the
 * target stays up.
 */
function fakeTarget(restartAfter: number | undefined, resets = false, killer = KILLER) {
  const state = { up: true, probesWhileDown: 0, crashes: 0, sent: [] as HttpRequestSpec[] };
  const client: HttpClient = {
    async send(spec) {
      state.sent.push(spec);
      // The killing request reaches the server first; a request under way when it goes down is cut.
      if (spec !== PROBE) await new Promise((resolve) => setTimeout(resolve, spec === killer ? 5 : 20));
      if (!state.up && spec !== PROBE) throw new ConformanceError('CTS_TARGET_RESET', 'reset: the server went away');
      if (!state.up) {
        if (spec === PROBE && restartAfter !== undefined && ++state.probesWhileDown >= restartAfter) {
          state.up = true;
          state.probesWhileDown = 0;
        } else throw new ConformanceError('CTS_TARGET_UNREACHABLE', 'connection refused by http://target');
      }
      if (spec === PROBE) return exchange(spec, 404);
      if (spec === killer) {
        state.up = false;
        state.crashes++;
        throw new ConformanceError('CTS_TARGET_RESET', 'the connection to http://target was reset');
      }
      if (resets && spec === HARMLESS) throw new ConformanceError('CTS_TARGET_RESET', 'reset, the target stays up');
      return exchange(spec, 200);
    },
    // The probe is read as a stream: its status line is the answer.
    async open(spec) {
      const ex = await client.send(spec);
      return {
        request: ex.request,
        status: ex.response.status,
        headers: {},
        chunks: (async function* () {})(),
        elapsedMs: () => 0,
        close: async () => undefined,
      };
    },
  };
  return { state, client };
}

function watchOf(
  client: HttpClient,
  recoverTimeoutMs: number,
  maxWrites?: number,
  bounds?: { attempts: number; restarts: number },
) {
  return createTargetWatch({
    client,
    record: (spec) => ({
      method: spec.method,
      url: `http://target${spec.path}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(spec.json !== undefined ? { body: JSON.stringify(spec.json) } : {}),
    }),
    probe: PROBE,
    recoverTimeoutMs,
    crashReplay: true,
    writes: createWriteLedger(maxWrites),
    evidence: { token: TOKEN, seed: 1, replayBase: 'conformance run' },
    ...(bounds ? { bounds } : {}),
  });
}

const check = (id: string) =>
  ({ id, operation: 'chat.create', section: '§4.1', level: 'MUST', requirement: 'r' }) as CheckDefinition;

/** A check that sends `specs` one after another through the watcher: a pass, or an error with the transport's code. */
function runner(http: HttpClient, specs: readonly HttpRequestSpec[], runs: { n: number }) {
  return async (): Promise<{ result: CheckResult; requests: number }> => {
    runs.n++;
    const base = {
      id: 'c',
      operation: 'chat.create',
      section: '§4.1',
      level: 'MUST',
      requirement: 'r',
      durationMs: 0,
    } as const;
    try {
      for (const s of specs) await http.send(s);
      return { result: { ...base, status: 'pass' }, requests: specs.length };
    } catch (err) {
      const code = ConformanceError.is(err) ? err.code : 'CTS_INTERNAL';
      return { result: { ...base, status: 'error', errorCode: code, message: String(err) }, requests: specs.length };
    }
  };
}

const emptyReport = { level: 'must', results: [], summary: { unexpectedPasses: [] } } as unknown as RunReport;
const redact = createRedactor([TOKEN]);

test('a reset while the target keeps answering stays the check’s own error, and no finding is made', async () => {
  const { client } = fakeTarget(undefined, true);
  const watch = watchOf(client, 0);
  const runs = { n: 0 };
  const http = watch.wrap(client, 'c');
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [{ method: 'GET', path: '/ok' }], { n: 0 }));
  const out = await watch.guard(check('c'), runner(http, [HARMLESS], runs));
  expect(out.result.status).toBe('error');
  expect(out.result.errorCode).toBe('CTS_TARGET_RESET');
  expect(runs.n).toBe(1);
  expect(watch.finish(emptyReport, redact)).toBe(emptyReport);
});

test('a target that does not come back: the check and every later one are skips saying so, one MUST finding', async () => {
  const { client } = fakeTarget(undefined);
  const watch = watchOf(client, 0);
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [HARMLESS], { n: 0 }));
  const hit = await watch.guard(check('killer'), runner(watch.wrap(client, 'killer'), [KILLER], { n: 0 }));
  const later = { n: 0 };
  const next = await watch.guard(check('later'), runner(watch.wrap(client, 'later'), [HARMLESS], later));
  expect(later.n, 'a later check is not run at all').toBe(0);
  for (const r of [hit.result, next.result]) {
    expect(r.status).toBe('skip');
    expect(r.reason).toMatch(
      /^not run: the target went down at .* and did not come back within 0 s \(see target\.stays-up\)$/,
    );
  }
  const report = watch.finish(emptyReport, redact);
  const finding = report.results.find((r) => r.id === 'target.stays-up');
  expect(finding).toMatchObject({ status: 'fail', level: 'MUST', operation: 'chat.create' });
  expect(finding?.actual).toMatch(/during POST \/v1\/chat\/completions \(check killer\).*did not come back/);
  expect(finding?.actual).toContain('the last answer before: HTTP 200 to POST /v1/chat/completions');
  expect(finding?.evidence?.curl).toContain('$CONFORMANCE_TOKEN');
  expect(JSON.stringify(report)).not.toContain(TOKEN);
  expect(report.summary.conformant).toBe(false);
});

test('a target that comes back: the killing request is found by sending the ones in flight alone, the others run again', async () => {
  const { client, state } = fakeTarget(2);
  const watch = watchOf(client, 5_000);
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [HARMLESS], { n: 0 }));
  const killerRuns = { n: 0 };
  const otherRuns = { n: 0 };
  // Both in flight together: the other check's request goes out while the killer's is under way.
  const [killer, other] = await Promise.all([
    watch.guard(check('killer'), runner(watch.wrap(client, 'killer'), [KILLER], killerRuns)),
    watch.guard(check('other'), runner(watch.wrap(client, 'other'), [HARMLESS, HARMLESS], otherRuns)),
  ]);
  expect(state.crashes, 'once by the run, once more when sent again alone').toBe(2);
  expect(killer.result.status).toBe('skip');
  expect(killer.result.reason).toContain('a request of this check brought the target down');
  expect(killerRuns.n, 'the killing check is not run again').toBe(1);
  expect(other.result.status).toBe('pass');
  expect(otherRuns.n, 'cut short when the target went down, run again once it was back').toBe(2);
  const finding = watch.finish(emptyReport, redact).results[0];
  expect(finding?.actual).toMatch(
    /it came back at .*Sent again alone, POST \/v1\/chat\/completions \(check killer\) brought it down again/,
  );
  expect(finding?.evidence?.request?.body).toBe('{"n":3}');
});

test('a candidate with side effects is not sent again once the write budget is spent', async () => {
  const job: HttpRequestSpec = { method: 'POST', path: '/v1/preview/training-jobs', json: { model_id: 'm' } };
  const { client, state } = fakeTarget(2, false, job);
  const watch = watchOf(client, 5_000, 0);
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [HARMLESS], { n: 0 }));
  const out = await watch.guard(check('writer'), runner(watch.wrap(client, 'writer'), [job], { n: 0 }));
  // By the check, and by its run after each comeback: never by the watcher.
  expect(state.crashes).toBe(2);
  expect(state.sent.filter((s) => s === job)).toHaveLength(2);
  expect(out.result.reason).toBe('not judged: the target went down while it ran, twice (see target.stays-up)');
  const finding = watch.finish(emptyReport, redact).results[0];
  expect(finding?.actual).toContain('none of the 1 request(s) in flight brought it down again');
  expect(finding?.notes?.[0]).toMatch(
    /POST \/v1\/preview\/training-jobs \(check writer\), not sent again: the write budget \(--max-writes 0\) is spent/,
  );
});

/**
 * A target that goes down when two requests with n ≥ 2 are under way at once (each holds 15 ms), and
 * answers again at the next probe after: either alone is answered.
 */
function overlapTarget() {
  const state = { up: true, holding: 0, crashes: 0 };
  const heavy = (spec: HttpRequestSpec) => ((spec.json as { n?: number } | undefined)?.n ?? 1) >= 2;
  const client: HttpClient = {
    async send(spec) {
      if (spec === PROBE) {
        if (state.up) return exchange(spec, 404);
        state.up = true;
        throw new ConformanceError('CTS_TARGET_UNREACHABLE', 'connection refused by http://target');
      }
      if (!state.up) throw new ConformanceError('CTS_TARGET_UNREACHABLE', 'connection refused by http://target');
      if (heavy(spec) && state.holding > 0) {
        state.up = false;
        state.crashes++;
      }
      if (heavy(spec)) state.holding++;
      await new Promise((resolve) => setTimeout(resolve, 15));
      if (heavy(spec)) state.holding--;
      if (!state.up) throw new ConformanceError('CTS_TARGET_RESET', 'the connection to http://target was reset');
      return exchange(spec, 200);
    },
    open: async (spec) => {
      const ex = await client.send(spec);
      const chunks = (async function* () {})();
      return {
        request: ex.request,
        status: ex.response.status,
        headers: {},
        chunks,
        elapsedMs: () => 0,
        close: async () => {},
      };
    },
  };
  return { state, client };
}

const burst = (tag: string) => [1, 2, 3, 2].map((n, i) => ({ ...HARMLESS, json: { n, tag: `${tag}${i}`, seed: i } }));

test('a crash only requests at once cause: the set sent again at once, shrunk to two, its line sends them together', async () => {
  const { client, state } = overlapTarget();
  const watch = watchOf(client, 5_000);
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [HARMLESS], { n: 0 }));
  const http = watch.wrap(client, 'burst');
  const out = await watch.guard(check('burst'), async () => {
    await Promise.allSettled(burst('b').map((s) => http.send(s)));
    return runner(http, [], { n: 0 })();
  });
  expect(out.result.reason).toContain('a request of this check brought the target down');
  const finding = watch.finish(emptyReport, redact).results[0]!;
  expect(finding.actual).toMatch(
    /none of the 4 request\(s\) in flight brought it down again; sent again all at once, they did: the crash needs concurrency\. The smallest set found: 2 requests sent at once, .*; shrunk \(2 of 4 requests dropped; 2 of 3 fields out \(tag, seed\); n 3 → 2\) in \d+ sends and \d+ restarts of the target$/,
  );
  expect(finding.notes).toEqual([
    expect.stringMatching(/^at once, 1 of 2: POST .*--data-raw '\{"n":2\}'$/),
    expect.stringMatching(/^at once, 2 of 2: POST .*--data-raw '\{"n":2\}'$/),
  ]);
  expect(finding.evidence?.curl).toMatch(/^curl .*'\{"n":2\}' & curl .*'\{"n":2\}' & wait$/);
  expect(finding.evidence?.replay).toBe('conformance run --only burst --seed 1');
  expect(state.crashes).toBeGreaterThan(2);
});

test('the shrinking stops at its bound, and the finding says so', async () => {
  const { client } = overlapTarget();
  const watch = watchOf(client, 5_000, undefined, { attempts: 7, restarts: 2 });
  await watch.guard(check('warm'), runner(watch.wrap(client, 'warm'), [HARMLESS], { n: 0 }));
  const http = watch.wrap(client, 'burst');
  await watch.guard(check('burst'), async () => {
    await Promise.allSettled(burst('b').map((s) => http.send(s)));
    return runner(http, [], { n: 0 })();
  });
  const finding = watch.finish(emptyReport, redact).results[0]!;
  expect(finding.actual).toMatch(
    /the crash needs concurrency.* in \d+ sends and 2 restarts of the target; the shrinking stopped at its bound \(7 sends, 2 restarts\): it may shrink further$/,
  );
});
