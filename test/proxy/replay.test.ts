/**
 * `conformance run --replay FILE --target URL` (issue 18): real traffic recorded through the proxy in
 * front of the clean mock (credentials A) is replayed, by the real binary, against other mocks that
 * accept only credentials B. Against a clean one: every exchange replayed, the same rules judged and
 * passed (so the run's credentials were sent in place of the redacted ones), exit 0. Against planted
 * faults: the proxy's findings, exit 1; a request recorded as refused is sent with wrong credentials,
 * so a server that serves any credentials fails §5. A missing or garbage file is one CTS_BAD_REPLAY
 * line, garbage lines among exchanges are counted as skipped, and no secret of either set reaches a
 * report, a log line or an error.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { parseRunOptions } from '../../src/cli/run-options.js';
import { readRecordedExchange } from '../../src/replay/recording.js';
import { rebuildRequest } from '../../src/replay/request.js';
import { runCli, STACK } from '../hostile/report-files.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { findLeaks, plantSecrets } from '../secrets/planted.js';
import { chatBothWays, listRecords, sdk, startProxy } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A: the recording's credentials. B: the replay target's (never in the file). */
const A = plantSecrets('rec');
const B = plantSecrets('replay');
const RECORDING = join(dir, 'exchanges.jsonl');
let recorded: string[] = [];

interface JsonReport {
  reports: {
    targetLabel: string;
    results: { id: string; status: string; actual?: string; notes?: string[] }[];
    coverage?: unknown;
  }[];
}

/** Real traffic through the proxy in front of the clean mock, recorded: 6 exchanges, 2 of them refused. */
beforeAll(async () => {
  const mock = await startMockServer({ port: 0, token: A.token, basic: A.basic });
  const lines: string[] = [];
  const proxy = await startProxy(mock.url, { record: (line) => lines.push(line) });
  try {
    await chatBothWays(sdk(proxy.url, A.token), 'replays');
    const listed = await listRecords(proxy.url, 'predictions', A.basic, '?limit=3');
    const id = (listed.records[0] as { prediction_id: string }).prediction_id;
    const read = await fetch(`${proxy.url}/v2/acme/evals/predictions/${id}`, {
      headers: { authorization: `Basic ${Buffer.from(A.basic).toString('base64')}` },
    });
    expect(read.status).toBe(200);
    await read.text();
    await sdk(proxy.url, `${A.token}-not-it`)
      .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 3 })
      .catch(() => undefined);
    const anonymous = await fetch(`${proxy.url}/v2/acme/evals/scores?limit=2`);
    expect(anonymous.status).toBe(401);
    await anonymous.text();
  } finally {
    await proxy.stop();
    await mock.close();
  }
  recorded = lines;
  writeFileSync(RECORDING, `${lines.join('\n')}\n`);
});

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

test('the recording: six redacted exchanges, two of them refused', () => {
  expect(recorded).toHaveLength(6);
  const statuses = recorded.map((l) => (JSON.parse(l) as { response?: { status: number } }).response?.status);
  expect(statuses).toEqual([200, 200, 200, 200, 401, 401]);
  for (const secret of [A.token, A.password]) expect(recorded.join('\n')).not.toContain(secret);
});

test('(a) replayed against a clean target with other credentials: every exchange replayed and judged, no finding, exit 0', async () => {
  const mock = await targetB();
  try {
    const { run, server, status, leaks } = await replay(RECORDING, mock.url, 'clean');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`6 exchanges replayed from ${RECORDING}, none skipped`);
    expect(server.results.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.actual}`)).toEqual([]);
    // Served with B's credentials (answers judged as 2xx bodies: a refused request would judge none of these)…
    for (const id of [
      'server.response-schema.chat-create',
      'server.usage-adds-up.chat-create',
      'server.stream-complete.chat-create',
      'server.stream-usage.chat-create',
      'server.jsonl-records.predictions-list',
      'server.response-schema.predictions-read',
    ])
      expect(status(id), id).toBe('pass');
    // …and the two recorded as refused, refused again: wrong credentials, and none.
    expect(status('server.other-credentials-refused.chat-create')).toBe('pass');
    expect(status('server.credentials-required.scores-list')).toBe('pass');
    expect(run.stdout).toMatch(/server\s+CONFORMANT at level should, coverage \d+%/);
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
    expect(status('server.response-schema.chat-create')).toBe('fail');
    expect(status('server.stream-one-id.chat-create')).toBe('fail');
    expect(status('server.jsonl-records.predictions-list')).toBe('pass');
    expect(server.results.find((r) => r.id === 'server.response-schema.chat-create')?.actual).toContain('usage');
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
    expect(status('server.other-credentials-refused.chat-create')).toBe('fail');
    expect(server.results.find((r) => r.id === 'server.other-credentials-refused.chat-create')?.actual).toContain(
      'HTTP 200',
    );
    // The request without credentials is replayed without: the fault does not serve it.
    expect(status('server.credentials-required.scores-list')).toBe('pass');
    expect(leaks).toEqual([]);
  } finally {
    await mock.close();
  }
});

test('(c) the credentials sent: the run’s own in the recorded scheme, wrong ones where refused, none where none', () => {
  const configured = { token: B.token, basic: B.basic };
  const sent = recorded.map((line) => {
    const exchange = readRecordedExchange(line);
    if ('skip' in exchange) throw new Error(exchange.skip);
    const request = rebuildRequest(exchange, configured);
    if ('skip' in request) throw new Error(request.skip);
    return request.headers.authorization;
  });
  const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  expect(sent).toEqual([
    `Bearer ${B.token}`,
    `Bearer ${B.token}`,
    basicOf(B.user, B.password),
    basicOf(B.user, B.password),
    'Bearer conformance-invalid-token',
    undefined,
  ]);
  // Refused Basic credentials get B's user with a wrong password; the recorded value is never sent.
  const refusedBasic = JSON.parse(recorded[2]!) as { response: { status: number } };
  refusedBasic.response.status = 403;
  const rebuilt = rebuildRequest(readRecordedExchange(JSON.stringify(refusedBasic)) as never, configured);
  expect(rebuilt).toMatchObject({ headers: { authorization: basicOf(B.user, 'conformance-invalid-password') } });
  // Without the run's token, an exchange that needs it is skipped, saying which flag gives it.
  expect(rebuildRequest(readRecordedExchange(recorded[0]!) as never, { basic: B.basic })).toEqual({
    skip: 'whose Bearer token is not configured (pass --token or set CONFORMANCE_TOKEN)',
  });
});

test('a request is rebuilt against the new base URL, without the headers of one connection', () => {
  const line = JSON.stringify({
    operation: 'predictions.list',
    request: {
      method: 'GET',
      url: 'https://old.example/api/v2/team/proj/predictions?limit=3&offset=6',
      headers: { Host: 'old.example', connection: 'keep-alive', 'content-length': '0', accept: 'application/jsonl' },
    },
    response: { status: 200 },
    findings: [],
  });
  const request = rebuildRequest(readRecordedExchange(line) as never, {});
  expect(request).toEqual({
    method: 'GET',
    path: '/v2/team/proj/predictions?limit=3&offset=6',
    headers: { accept: 'application/jsonl' },
    body: undefined,
  });
  // A url that is no path of the recorded operation is not replayed.
  const other = JSON.parse(line) as { request: { url: string; body?: string; method: string }; operation: string };
  other.request.url = 'https://old.example/api/v2/team/proj/scores';
  expect(rebuildRequest(readRecordedExchange(JSON.stringify(other)) as never, {})).toMatchObject({ noun: 'line' });
});

test('a body the proxy did not keep (over --max-body-bytes) is marked in the record, and that exchange is not replayed', async () => {
  const mock = await startMockServer({ port: 0 });
  const lines: string[] = [];
  const proxy = await startProxy(mock.url, { maxBodyBytes: 64, record: (line) => lines.push(line) });
  try {
    await chatBothWays(sdk(proxy.url), 'a-question-long-enough-to-pass-sixty-four-bytes-of-body');
  } finally {
    await proxy.stop();
    await mock.close();
  }
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(JSON.parse(line).request.bodyKept).toBe(false);
    const exchange = readRecordedExchange(line);
    expect(rebuildRequest(exchange as never, { token: 't' })).toMatchObject({
      skip: expect.stringContaining('did not record'),
    });
  }
});

test('(d) a missing, empty or garbage recording is one CTS_BAD_REPLAY line, exit 2, no stack', async () => {
  const garbage = join(dir, 'garbage.jsonl');
  writeFileSync(garbage, 'not json\n{"operation":"chat.create"}\n[1,2]\n\n');
  const empty = join(dir, 'empty.jsonl');
  writeFileSync(empty, '');
  const cases: [string, RegExp][] = [
    [join(dir, 'missing.jsonl'), /cannot read the recording: no such file/],
    [dir, /cannot read the recording: it is a directory/],
    [empty, /no exchange to replay \(the file holds no line\)/],
    [garbage, /no exchange to replay \(3 lines not a recorded exchange \(lines 1, 2, 3\)\)/],
  ];
  for (const [file, why] of cases) {
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
    expect(status('server.stream-complete.chat-create')).toBe('pass');
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

test('--replay flags: one target, no check-selecting flag, the proxy’s level and timeout by default', () => {
  const cfg = parseRunOptions(['--replay', 'rec.jsonl', '--target', 'http://127.0.0.1:1'], {}, dir);
  expect(cfg).toMatchObject({ replay: 'rec.jsonl', level: 'should', timeoutMs: 60_000, concurrency: 8 });
  expect(cfg.replayBase).toBe('conformance run --replay rec.jsonl --target http://127.0.0.1:1');
  const bad = (argv: string[], message: RegExp) =>
    expect(() => parseRunOptions(argv, {}, dir)).toThrow(
      expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.stringMatching(message) }),
    );
  bad(['--replay', 'rec.jsonl'], /exactly one --target/);
  bad(
    ['--replay', 'rec.jsonl', '--target', 'http://a:1', '--target', 'http://b:1'],
    /exactly one --target URL \(got 2\)/,
  );
  bad(
    ['--replay', 'rec.jsonl', '--target', 'http://a:1', '--only', 'chat', '--seed', '1'],
    /--only, --seed do not apply/,
  );
  bad(['--replay', '', '--target', 'http://a:1'], /--replay takes the path/);
});
