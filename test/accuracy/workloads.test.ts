/**
 * The accuracy battery's client workloads (issue 37), judged by the proxy and by a replay of its
 * recording: against the clean mock no server-side finding, and each workload really sends what it
 * claims (counted on its recording and on the rules the proxy judged); against planted faults, the
 * faults each workload's traffic shows (workload-faults.ts) are found server-side, live and replayed.
 * `SCAN_WORKLOAD_FAULTS=1` runs every fault through every workload and prints what each shows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAULTS, type MockServer, startMockServer } from '../../mock/index.js';
import type { RunReport } from '../../src/core/report.js';
import { judgeByReplay, judgeThroughProxy, serverSideFindings } from './judge-traffic.js';
import { faultsShownBy } from './workload-faults.js';
import { type ClientWorkload, WORKLOADS, workload } from './workloads.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-workloads-'));
const mocks: MockServer[] = [];
const judged = new Map<string, { report: RunReport; recording: string; clients: RunReport }>();

async function mock(faults: string[] = []): Promise<MockServer> {
  const started = await startMockServer({ port: 0, faults });
  mocks.push(started);
  return started;
}

/** `fn` against a mock with these faults, closed after. */
async function withMock<T>(faults: string[], fn: (url: string) => Promise<T>): Promise<T> {
  const started = await startMockServer({ port: 0, faults });
  try {
    return await fn(started.url);
  } finally {
    await started.close();
  }
}

beforeAll(async () => {
  const clean = await mock();
  for (const w of WORKLOADS) judged.set(w.id, await judgeThroughProxy(clean.url, w, dir));
}, 60_000);

afterAll(async () => {
  for (const m of mocks.splice(0)) await m.close();
  rmSync(dir, { recursive: true, force: true });
});

const through = (id: string) => judged.get(id)!;

/** How many exchanges a result of the report was judged on (0: not judged). */
const judgedOn = (report: RunReport, id: string): number =>
  report.results.find((r) => r.id === id)?.exchanges?.judged ?? 0;

interface Recorded {
  readonly op: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly body: Record<string, unknown> | undefined;
}

function recorded(file: string): Recorded[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const line = JSON.parse(l) as {
        operation: string;
        request: { url: string; body?: string };
        response?: { status: number };
      };
      let body: Record<string, unknown> | undefined;
      try {
        body = line.request.body ? (JSON.parse(line.request.body) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const url = new URL(line.request.url);
      return { op: line.operation, path: url.pathname + url.search, status: line.response?.status, body };
    });
}

/** The rule id of a `serverSideFindings` line. */
const ruleOf = (line: string): string => line.slice(0, line.indexOf(':'));

const count = (rs: Recorded[], keep: (r: Recorded) => boolean): number => rs.filter(keep).length;

describe.each(WORKLOADS.map((w) => [w.id, w] as [string, ClientWorkload]))('%s against the clean mock', (id) => {
  test('through the proxy: no server-side finding', () => {
    expect(serverSideFindings(through(id).report)).toEqual([]);
  });

  test('replayed against another clean mock: every exchange replayed, no server-side finding', async () => {
    const { recording } = through(id);
    const report = await withMock([], (url) => judgeByReplay(recording, url));
    expect(serverSideFindings(report)).toEqual([]);
    // Every exchange is judged `target.answers-completely` once: the replay sent all the recorded ones.
    const answered = report.results.filter((r) => r.id.startsWith('target.answers-completely.'));
    expect(answered.reduce((n, r) => n + (r.exchanges?.judged ?? 0), 0)).toBe(recorded(recording).length);
  });
});

test('openai-sdk: chat streamed and not with the vLLM extras, listings, pages and reads, a training job, a log', () => {
  const { report, recording } = through('openai-sdk');
  const rs = recorded(recording);
  const chats = rs.filter((r) => r.op === 'chat.create' && r.status === 200);
  expect(chats.map((r) => r.body?.stream === true)).toEqual([...Array(8).fill(false), ...Array(4).fill(true)]);
  // The SDK sent the extra body fields as they were given.
  expect(chats[0]!.body).toMatchObject({
    top_k: 20,
    min_p: 0.05,
    repetition_penalty: 1.1,
    stop_token_ids: [151643],
    skip_special_tokens: true,
    return_token_ids: true,
    chat_template_kwargs: { enable_thinking: false },
  });
  expect(chats.filter((r) => r.body?.n === 2)).toHaveLength(2);
  expect(chats.some((r) => (r.body?.stream_options as Record<string, unknown>)?.continuous_usage_stats)).toBe(true);
  expect(judgedOn(report, 'streaming.event-stream-content-type')).toBe(4);
  expect(judgedOn(report, 'streaming.continuous-usage-non-decreasing')).toBe(1);
  expect(judgedOn(report, 'chat-completions.structured-outputs-choice')).toBe(1);
  expect(judgedOn(report, 'chat-completions.response-format-json-schema')).toBe(1);
  expect(judgedOn(report, 'chat-completions.logprobs-shape-and-counts')).toBe(1);
  expect(judgedOn(report, 'chat-completions.logprobs-shape-and-counts.streamed')).toBe(1);
  expect(judgedOn(report, 'chat-completions.stop-strings-honoured')).toBe(1);
  expect(judgedOn(report, 'chat-completions.returns-request-id')).toBe(1);
  expect(judgedOn(report, 'streaming.token-count-matches-non-streamed')).toBe(1);
  for (const kind of ['predictions', 'scores']) {
    expect(count(rs, (r) => r.op === `${kind}.list` && r.status === 200)).toBe(6);
    expect(count(rs, (r) => r.op === `${kind}.read` && r.status === 200)).toBe(2);
    expect(judgedOn(report, `${kind}.listed-records-read-back`)).toBe(2);
    // The pages are judged on the full listing read after them, which shows them still in place: one exchange.
    expect(judgedOn(report, `${kind}.offset-skips`)).toBe(1);
    expect(judgedOn(report, `${kind}.stable-order`)).toBe(1);
    // The filtered listing itself (only records of the run), and the full listing read after it (every one of them).
    expect(judgedOn(report, `${kind}.filter-by-evaluation-run`)).toBe(2);
  }
  expect(judgedOn(report, 'training-jobs.get-returns-same-id')).toBe(1);
  expect(rs.filter((r) => r.op === 'trajectories.log').map((r) => r.status)).toEqual([200]);
  expect(report.coverage?.covered).toBeGreaterThan(200);
});

test('isolation-probes: listed ids read under another project and entity (404), every wrong credential refused', () => {
  const { report, recording } = through('isolation-probes');
  const rs = recorded(recording);
  const elsewhere = rs.filter((r) => /^\/v2\/(acme\/evals-other|acme-other\/evals)\/\w+\/[^?]+$/.test(r.path));
  expect(elsewhere.map((r) => r.status)).toEqual(Array(12).fill(404));
  for (const kind of ['predictions', 'scores']) {
    expect(judgedOn(report, `${kind}.unknown-id-is-404`)).toBe(6);
    expect(judgedOn(report, `${kind}.listed-records-read-back`), 'the control read in its own project').toBe(1);
  }
  expect(count(rs, (r) => r.status === 401)).toBe(20);
  for (const op of ['chat-create', 'trajectories-log', 'training-jobs-get', 'predictions-list', 'scores-read']) {
    // Made-up credentials, or ones derived from the real ones (a wrong password, the /v1 token on /v2).
    const refused =
      judgedOn(report, `auth.rejects-wrong-credentials.${op}`) +
      judgedOn(report, `auth.rejects-derived-credentials.${op}`);
    expect(refused, op).toBeGreaterThan(0);
    expect(judgedOn(report, `auth.answers-401.${op}`), op).toBeGreaterThan(0);
  }
  // No credentials, and the other family's scheme (Basic on /v1, Bearer on /v2).
  // Known to the proxy (--token, --basic), the other family's real credentials are derived ones.
  for (const op of ['chat-create', 'predictions-read']) {
    expect(judgedOn(report, `auth.rejects-missing-credentials.${op}`), op).toBe(1);
    expect(judgedOn(report, `auth.rejects-derived-credentials.${op}`), op).toBeGreaterThan(0);
  }
});

test('buggy-client: its bad requests are the clients’ findings, and the server’s refusals are judged', () => {
  const { report, recording, clients } = through('buggy-client');
  const broken = Object.fromEntries(
    clients.results.filter((r) => r.status === 'fail').map((r) => [r.id, r.exchanges?.broken ?? 0]),
  );
  expect(broken).toEqual({
    // One before, and a Bearer scheme without its token (oddValues).
    'client.credentials.chat-create': 2,
    'client.credentials.predictions-list': 1,
    'client.request-json.chat-create': 2,
    // Three before, and oddValues' seed out of range, truncate_prompt_tokens -2, tool_choice, reasoning
    // effort and tool type outside their sets, messages left out, an array body.
    'client.request-schema.chat-create': 10,
    'client.section-7-conditions.chat-create': 2,
    // One before, and the experimental config of the wrong shape (twice), a reward and a start time of the wrong type.
    'client.request-schema.training-jobs-create': 5,
    // One before, and the split as an array.
    'client.request-schema.trajectories-log': 2,
  });
  expect(
    judgedOn(report, 'chat-completions.rejects-continue-with-generation-prompt') +
      judgedOn(report, 'chat-completions.rejects-continue-with-generation-prompt.streamed'),
  ).toBe(2);
  expect(judgedOn(report, 'errors.rejects-malformed-json.chat-create')).toBe(2);
  expect(judgedOn(report, 'training-jobs.unknown-id-is-404')).toBe(1);
  expect(judgedOn(report, 'training-jobs.malformed-id-is-4xx')).toBe(1);
  const statuses = recorded(recording).map((r) => r.status);
  // Seven before, and oddValues' NUL in a message and junk in a trajectory (valid, odd as they are).
  expect(statuses.filter((s) => s === 200)).toHaveLength(9);
  // Thirteen before, and oddValues' seventeen refusals: every other odd value is refused.
  expect(statuses.filter((s) => s !== undefined && s >= 400)).toHaveLength(30);
});

const ROWS = WORKLOADS.flatMap((w) => faultsShownBy(w.id).map((row) => ({ workload: w.id, ...row })));

test('every workload shows some planted faults', () => {
  for (const w of WORKLOADS) expect(faultsShownBy(w.id).length, w.id).toBeGreaterThanOrEqual(3);
  expect(new Set(ROWS.map((r) => r.fault)).size).toBe(ROWS.length);
});

test.each(ROWS)(
  '$fault: found by $workload through the proxy ($rule), and by replay when said',
  {
    timeout: 30_000,
  },
  async ({ workload: id, fault, rule, byReplay }) => {
    const [live, replayed] = await withMock([fault], async (url) => [
      await judgeThroughProxy(url, workload(id), dir),
      await judgeByReplay(through(id).recording, url),
    ]);
    expect(serverSideFindings(live.report).map(ruleOf)).toContain(rule);
    expect(serverSideFindings(replayed).map(ruleOf).includes(rule), 'found by replaying the clean recording').toBe(
      byReplay,
    );
  },
);

test.runIf(process.env.SCAN_WORKLOAD_FAULTS)(
  'scan: which faults each workload shows',
  { timeout: 900_000 },
  async () => {
    for (const w of WORKLOADS) {
      // A finding on the clean mock too is not the fault's.
      const baseline = new Set(serverSideFindings(through(w.id).report).map(ruleOf));
      const shown: string[] = [];
      for (const f of FAULTS) {
        const { report } = await withMock([f.id], (url) => judgeThroughProxy(url, w, dir));
        const found = serverSideFindings(report)
          .map(ruleOf)
          .filter((r) => !baseline.has(r));
        if (found.length) shown.push(`  ${f.id}: ${found.join(', ')}`);
      }
      console.log(`${w.id}: ${shown.length} of ${FAULTS.length} faults shown\n${shown.join('\n')}`);
    }
  },
);
