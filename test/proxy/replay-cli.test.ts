/**
 * `conformance run --replay FILE --target URL`, the real binary: real traffic recorded
 * through the proxy in front of the clean mock (credentials A) is replayed against other mocks that
 * accept only credentials B. Against a clean one: every exchange replayed, the same rules judged and
 * passed (so the run's credentials were sent in place of the redacted ones), exit 0. Against planted
 * faults: the proxy's findings, exit 1; a request recorded as refused is sent with wrong credentials,
 * so a server that serves any credentials fails §5. A missing or garbage file is one CTS_BAD_REPLAY
 * line, garbage lines among exchanges are counted as skipped, and no secret of either set reaches a
 * report, a log line or an error. What the replay's functions decide is test/proxy/replay.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { runCli, STACK } from '../hostile/report-files.js';
import { findLeaks } from '../secrets/planted.js';
import { A, B, badRecordings, recordTraffic } from './recording.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let RECORDING = '';
let recorded: string[] = [];
beforeAll(async () => {
  ({ file: RECORDING, recorded } = await recordTraffic(dir));
});

interface JsonReport {
  reports: {
    targetLabel: string;
    results: { id: string; status: string; actual?: string; notes?: string[] }[];
    coverage?: unknown;
  }[];
}

/** A mock that accepts only credentials B, with `faults` planted. */
async function targetB(faults: string[] = []) {
  return startMockServer({ port: 0, token: B.token, basic: B.basic, faults });
}

/** `conformance run --replay` (the real binary) writing every report format; B's credentials from the environment. */
async function replay(file: string, target: string, name: string, extra: string[] = []) {
  const out = join(dir, name);
  const reports = REPORT_FORMATS.flatMap((f) => [`--${f.name}`, join(out, `report.${f.name}`)]);
  const run = await runCli(['run', '--replay', file, '--target', target, ...reports, '--console', ...extra], {
    env: { CONFORMANCE_TOKEN: B.token, CONFORMANCE_BASIC: B.basic },
  });
  const texts: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const f of readdirSync(out)) texts[f] = readFileSync(join(out, f), 'utf8');
  // Every format written (the leak search below reads each), whatever the verdict.
  for (const f of REPORT_FORMATS) expect(texts[`report.${f.name}`]?.length ?? 0, f.name).toBeGreaterThan(100);
  const json = JSON.parse(texts['report.json']!) as JsonReport;
  const server = json.reports.find((r) => r.targetLabel === 'server')!;
  const status = (id: string) => server.results.find((r) => r.id === id)?.status;
  const leaks = Object.entries(texts).flatMap(([where, text]) => [
    ...findLeaks(where, text, A),
    ...findLeaks(where, text, B),
  ]);
  return { run, texts, server, status, leaks };
}

test('(a) replayed against a clean target with other credentials: every exchange replayed and judged, no finding, exit 0', async () => {
  const mock = await targetB();
  try {
    const { run, server, status, leaks } = await replay(RECORDING, mock.url, 'clean');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`6 exchanges replayed from ${RECORDING}, none skipped`);
    expect(server.results.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.actual}`)).toEqual([]);
    // Served with B's credentials (answers judged as 2xx bodies: a refused request would judge none of these)…
    for (const id of [
      'acceptance.valid-request-succeeds.chat-create',
      'chat-completions.usage-adds-up',
      'streaming.ends-with-done',
      'streaming.usage-chunk-last-and-adds-up',
      'predictions.list-is-jsonl-of-records',
      'acceptance.valid-request-succeeds.predictions-read',
    ])
      expect(status(id), id).toBe('pass');
    // …and the two recorded as refused, refused again: wrong credentials, and none.
    expect(status('auth.rejects-wrong-credentials.chat-create')).toBe('pass');
    expect(status('auth.rejects-missing-credentials.scores-list')).toBe('pass');
    expect(run.stdout).toMatch(/server\s+CONFORMANT at level must, coverage \d+%/);
    expect(leaks).toEqual([]);
    expect(run.stderr).not.toMatch(STACK);
  } finally {
    await mock.close();
  }
});

test('(b) replayed against planted faults: the proxy finds them under its rules, exit 1', async () => {
  const mock = await targetB(['acceptance.chat-response-without-usage', 'streaming.id-changes']);
  try {
    const { run, server, status, leaks } = await replay(RECORDING, mock.url, 'faults');
    expect(run.code, run.stderr).toBe(1);
    expect(status('acceptance.valid-request-succeeds.chat-create')).toBe('fail');
    expect(status('streaming.one-id-across-chunks')).toBe('fail');
    expect(status('predictions.list-is-jsonl-of-records')).toBe('pass');
    expect(server.results.find((r) => r.id === 'acceptance.valid-request-succeeds.chat-create')?.actual).toContain(
      'usage',
    );
    expect(run.stdout).toMatch(/server\s+NOT CONFORMANT/);
    expect(leaks).toEqual([]);
  } finally {
    await mock.close();
  }
});

test('(c) a request recorded as refused goes with wrong credentials: a target that serves any credentials fails §5', async () => {
  const mock = await targetB(['auth.accepts-any-credentials']);
  try {
    const { run, server, status, leaks } = await replay(RECORDING, mock.url, 'accepts-any');
    expect(run.code, run.stderr).toBe(1);
    expect(status('auth.rejects-wrong-credentials.chat-create')).toBe('fail');
    expect(server.results.find((r) => r.id === 'auth.rejects-wrong-credentials.chat-create')?.actual).toContain(
      'HTTP 200',
    );
    // The request without credentials is replayed without: the fault does not serve it.
    expect(status('auth.rejects-missing-credentials.scores-list')).toBe('pass');
    expect(leaks).toEqual([]);
  } finally {
    await mock.close();
  }
});

test('(d) a missing, empty or garbage recording is one CTS_BAD_REPLAY line, exit 2, no stack', async () => {
  for (const [file, why] of badRecordings(dir)) {
    const run = await runCli(['run', '--replay', file, '--target', 'http://127.0.0.1:1'], {
      env: { CONFORMANCE_TOKEN: B.token },
    });
    expect(run.code, file).toBe(2);
    expect(run.stderr).toMatch(/^conformance: --replay .+ \[CTS_BAD_REPLAY\]\n$/);
    expect(run.stderr).toMatch(why);
    expect(run.stderr).not.toMatch(STACK);
    expect(findLeaks('stderr', run.stderr, B)).toEqual([]);
  }
});

/** A recorded request with side effects (a training job): replayed only with --allow-writes. */
const WRITE = JSON.stringify({
  operation: 'training-jobs.create',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/v1/preview/training-jobs',
    headers: { authorization: 'Bearer ***', 'content-type': 'application/json' },
    body: '{}',
  },
  response: { status: 200 },
  findings: [],
});

test('(d) garbage lines, a line too long to hold and a write are skipped and counted; the rest is replayed', async () => {
  const mixed = join(dir, 'mixed.jsonl');
  const lines = [...recorded, WRITE];
  lines.splice(1, 0, '{"truncated": ');
  lines.splice(4, 0, 'x'.repeat(1_200_000));
  writeFileSync(mixed, `${lines.join('\n')}\n`);
  const mock = await targetB();
  try {
    const { run, status, leaks } = await replay(mixed, mock.url, 'mixed', ['--max-body-bytes', '1024']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `6 exchanges replayed from ${mixed}, 3 skipped: 1 line not a recorded exchange (line 2); ` +
        '1 line longer than 1052672 bytes (line 5); ' +
        '1 exchange with side effects (a training job, logged trajectories): pass --allow-writes (line 9)',
    );
    expect(status('streaming.ends-with-done')).toBe('pass');
    expect(leaks).toEqual([]);
  } finally {
    await mock.close();
  }
});

test('(e) without --basic the Basic exchanges are skipped in one summary line; no secret in any report', async () => {
  const mock = await targetB();
  const out = join(dir, 'token-only');
  try {
    const run = await runCli(
      ['run', '--replay', RECORDING, '--target', mock.url, '--token', B.token, '--json', join(out, 'r.json')],
      { env: {} },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      '4 exchanges replayed from ' +
        `${RECORDING}, 2 skipped: 2 exchanges whose Basic credentials are not configured (pass --basic or set CONFORMANCE_BASIC) (lines 3, 4)`,
    );
    const json = readFileSync(join(out, 'r.json'), 'utf8');
    // The token given as a flag: in no report, no log line, not in the replay command either.
    expect([...findLeaks('report', json, B), ...findLeaks('stderr', run.stderr + run.stdout, B)]).toEqual([]);
    expect(json).toContain('conformance run --replay');
  } finally {
    await mock.close();
  }
});
