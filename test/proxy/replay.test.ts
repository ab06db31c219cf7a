/**
 * `conformance run --replay`, what its functions decide: the recording made through the
 * proxy (redacted, the refused exchanges kept), the credentials each recorded request is sent with,
 * a request rebuilt against another base URL, a body the proxy did not keep, a recording that cannot
 * be read, and the flags. The real binary replaying the recording against other mocks is
 * test/proxy/replay-cli.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { parseRunOptions } from '../../app/cli/run-options.js';
import { runCommand } from '../../app/cli/run-command.js';
import { toolErrorExit } from '../../app/cli/tool-error.js';
import { readRecordedExchange } from '../../src/replay/recording.js';
import { rebuildRequest } from '../../src/replay/request.js';
import { capturingOutput } from '../helpers/stdout.js';
import { findLeaks } from '../secrets/planted.js';
import { chatBothWays, sdk, startProxy } from './helpers.js';
import { A, B, badRecordings, recordTraffic } from './recording.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let recorded: string[] = [];
beforeAll(async () => {
  ({ recorded } = await recordTraffic(dir));
});

test('the recording: six redacted exchanges, two of them refused', () => {
  expect(recorded).toHaveLength(6);
  const statuses = recorded.map((l) => (JSON.parse(l) as { response?: { status: number } }).response?.status);
  expect(statuses).toEqual([200, 200, 200, 200, 401, 401]);
  for (const secret of [A.token, A.password]) expect(recorded.join('\n')).not.toContain(secret);
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

test('(d) a missing, empty or garbage recording is one CTS_BAD_REPLAY line (exit 2), before anything is sent', async () => {
  for (const [file, why] of badRecordings(dir)) {
    const out = await capturingOutput(() =>
      runCommand(['--replay', file, '--target', 'http://127.0.0.1:1', '--token', B.token]),
    );
    expect(out.error, file).toMatchObject({ code: 'CTS_BAD_REPLAY' });
    const { line, exitCode } = toolErrorExit(out.error);
    expect(exitCode).toBe(2);
    expect(line).toMatch(/^conformance: --replay [^\n]+ \[CTS_BAD_REPLAY\]\n$/);
    expect(line).toMatch(why);
    expect(out.stdout).toBe('');
    expect(findLeaks('error', line + out.stderr, B)).toEqual([]);
  }
});

test('--replay flags: one target, no check-selecting flag, the run’s level and the proxy’s timeout by default', () => {
  const cfg = parseRunOptions(['--replay', 'rec.jsonl', '--target', 'http://127.0.0.1:1'], {}, dir);
  expect(cfg).toMatchObject({ replay: 'rec.jsonl', settings: { level: 'must', timeoutMs: 60_000, concurrency: 10 } });
  expect(cfg.settings.replayBase).toBe('conformance run --replay rec.jsonl --target http://127.0.0.1:1');
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
