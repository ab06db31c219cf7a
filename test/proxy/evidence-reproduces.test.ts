/**
 * A proxy finding's evidence reproduces its exchange: the curl line carries the kind of credentials
 * the request presented (a placeholder, never the client's value nor the configured secret in its
 * place), leaves the SDK's telemetry out, and the replay line replays that one exchange from the
 * `--record` file (`run --replay FILE --exchange N`), which judges it again the same way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { OPERATIONS } from '../../src/core/operations.js';
import { exchangeReplayLine } from '../../src/proxy/exchange-replay.js';
import { AUTH_RULES } from '../../src/rules/auth-rules.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { proxyReports } from '../../src/proxy/report.js';
import { replayRecording } from '../../src/replay/replay.js';
import { result, sdk, startProxy } from './helpers.js';

const CHAT = 'auth.rejects-wrong-credentials.chat-create';
const WRONG = 'someone-elses-token-1234';
const dir = mkdtempSync(join(tmpdir(), 'cts-evidence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function chatWith(url: string, token: string): Promise<void> {
  await sdk(url, token)
    .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 })
    .catch(() => undefined);
}

/** Traffic through a proxy recording it, in front of a target that serves any token. */
async function recordServedWrongToken() {
  const mock = await startMockServer({ port: 0, faults: ['auth.accepts-any-credentials'] });
  stops.push(() => mock.close());
  const lines: string[] = [];
  const file = join(dir, 'rec.jsonl');
  const proxy = await startProxy(mock.url, {
    credentials: { token: DEFAULT_TOKEN },
    record: (line) => lines.push(line),
    replayExchange: (line, op, rule) =>
      exchangeReplayLine(`conformance run --replay ${file}`, `--target ${mock.url}`, line, op, rule),
  });
  stops.push(() => proxy.stop());
  await chatWith(proxy.url, DEFAULT_TOKEN);
  await chatWith(proxy.url, WRONG);
  const [server] = await proxy.stop();
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return { server: server!, lines, file, mock };
}

test('the curl line of a request served with another token names that kind, never the value nor $CONFORMANCE_TOKEN', async () => {
  const { server } = await recordServedWrongToken();
  const finding = result(server, CHAT);
  expect(finding?.status).toBe('fail');
  const curl = finding!.evidence!.curl!;
  expect(curl).toContain(`-H 'Authorization: Bearer <a bearer token other than the configured one>'`);
  expect(curl).not.toContain('$CONFORMANCE_TOKEN');
  expect(curl).not.toContain(WRONG);
  expect(curl).not.toContain(DEFAULT_TOKEN);
  // The openai SDK's telemetry is left out.
  expect(curl).not.toMatch(/x-stainless|user-agent/i);
});

test('the replay line replays that exchange of the recording, which records the kind presented', async () => {
  const { server, lines, file, mock } = await recordServedWrongToken();
  expect(lines).toHaveLength(2);
  expect(JSON.parse(lines[1]!).credentials).toBe('unknown-credentials');
  expect(JSON.parse(lines[0]!).credentials).toBe('valid');
  expect(result(server, CHAT)!.evidence!.replay).toBe(
    `conformance run --replay ${file} --exchange 2 --target ${mock.url}`,
  );
});

test('without a recording the replay line is left out (empty); a pair rule replays the whole recording', () => {
  const op = OPERATIONS.find((o) => o.id === 'chat.create')!;
  expect(exchangeReplayLine('conformance run --replay f', '--target u', undefined, op, AUTH_RULES.wrong)).toBe('');
  expect(exchangeReplayLine('conformance run --replay f', '--target u', 3, op, PAIR_RULES.streamedCount)).toBe(
    'conformance run --replay f --target u',
  );
});

test('--exchange N replays only that exchange, with credentials of the kind recorded: the finding reproduces', async () => {
  const { file } = await recordServedWrongToken();
  const lax = await startMockServer({ port: 0, faults: ['auth.accepts-any-credentials'] });
  stops.push(() => lax.close());
  const options = {
    file,
    target: lax.url,
    credentials: { token: DEFAULT_TOKEN },
    concurrency: 1,
    timeoutMs: 5_000,
    maxBodyBytes: 1 << 20,
    allowWrites: false,
    maxWrites: 0,
    replay: 'r',
  };
  const outcome = await replayRecording({ ...options, exchange: 2 });
  expect(outcome.replayed).toBe(1);
  const [server] = proxyReports(outcome.session, { level: 'should', replay: 'r' });
  expect(result(server!, CHAT)?.status).toBe('fail');
  expect(result(server!, CHAT)?.exchanges).toMatchObject({ judged: 1, broken: 1 });
  // Against a target that refuses it, the same exchange passes.
  const clean = await startMockServer({ port: 0 });
  stops.push(() => clean.close());
  const again = await replayRecording({ ...options, target: clean.url, exchange: 2 });
  const [cleanServer] = proxyReports(again.session, { level: 'should', replay: 'r' });
  expect(result(cleanServer!, CHAT)?.status).toBe('pass');
  await expect(replayRecording({ ...options, exchange: 9 })).rejects.toThrow(
    /--exchange 9: no exchange to replay \(the file has no line 9\)/,
  );
});
