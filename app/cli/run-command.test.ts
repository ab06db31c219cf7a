/**
 * `conformance run` and `conformance list` called as functions: what the flags, the config file and
 * the selectors decide (a usage error, said in one line before anything is sent; the plan; the
 * listing). The binary's own runs of the same (test/e2e/cli.test.ts, test/trust/) only show that the
 * process prints that line and exits with that code.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { capturingOutput } from '../../test/helpers/stdout.js';
import { ConformanceError } from '../../src/core/errors.js';
import { listCommand } from './list-command.js';
import { runCommand } from './run-command.js';
import { toolErrorExit } from './tool-error.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-run-command-'));

/** `conformance run ARGV` as a function: the tool error it throws, as the binary would print it, and its output. */
async function usageError(argv: string[]) {
  const out = await capturingOutput(() => runCommand(argv));
  expect(out.error, argv.join(' ')).toBeInstanceOf(ConformanceError);
  return { ...toolErrorExit(out.error), code: (out.error as ConformanceError).code, ...out };
}

test('usage errors are one line with a CTS code and exit 2, including a filter that selects nothing', async () => {
  for (const argv of [['--bogus'], ['--only', 'no-such-area.'], ['--level', 'maybe'], ['--target', 'ftp://x']]) {
    const { line, exitCode, stdout, stderr } = await usageError(argv);
    expect(exitCode, argv.join(' ')).toBe(2);
    expect(line).toMatch(/^conformance: [^\n]+ \[CTS_[A-Z_]+\]\n$/);
    // Nothing printed before the error: no budget line, no report.
    expect(stdout + stderr).toBe('');
  }
});

test('a selector that matches no check names what selectors accept; an operation slug selects', async () => {
  const bad = await usageError(['--skip', 'chat-creat', '--plan']);
  expect(bad.code).toBe('CTS_BAD_FLAG');
  expect(bad.line).toContain('--skip chat-creat matches no check');
  expect(bad.line).toContain('chat.create or chat-create');
  const good = await capturingOutput(() => listCommand(['--only', 'chat-create']));
  expect(good.result).toBe(0);
  expect(good.stdout).toMatch(/^\d+ checks: \d+ the run sends cases for/m);
  expect(good.stdout).not.toMatch(/^predictions\./m);
  expect(good.stdout).toContain('Select with --only / --skip:');
});

test('messages that say what is wrong: a negative number, a misspelled config key, a report path under a file', async () => {
  const timeout = await usageError(['--timeout', '-5', '--plan']);
  expect(timeout.exitCode).toBe(2);
  expect(timeout.line).toContain('--timeout takes a whole number from 1');
  writeFileSync(join(dir, 'c.json'), JSON.stringify({ seeed: 3 }));
  const config = await usageError(['--config', join(dir, 'c.json'), '--plan']);
  expect(config.exitCode).toBe(2);
  expect(config.line).toContain('"seeed" is not one of them');
  writeFileSync(join(dir, 'afile'), '');
  const junit = await usageError(['--only', 'auth.answers-401.chat-create', '--junit', join(dir, 'afile', 'r.xml')]);
  expect(junit.exitCode).toBe(2);
  expect(junit.line).toContain('a part of its directory path is a file, not a directory');
  expect(junit.line).not.toContain('EEXIST');
  // Said before the run, not after it: no budget line was printed.
  expect(junit.stderr).toBe('');
});

test('a --min-coverage that is no percent is a usage error', async () => {
  const bad = await usageError(['--only', 'chat-completions.returns-request-id', '--min-coverage', '150']);
  expect(bad.code).toBe('CTS_BAD_FLAG');
  expect(bad.exitCode).toBe(2);
});

const server = createServer((_req, res) => {
  seen++;
  res.end();
});
let seen = 0;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

test('--plan prints requests per operation, writes, tokens and time, and sends nothing', async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const out = await capturingOutput(() =>
    runCommand(['--plan', '--target', url, '--allow-writes', '--max-writes', '5']),
  );
  expect(out.result, String(out.error)).toBe(0);
  expect(out.stdout).toMatch(/§4\.2 POST \/v1\/preview\/training-jobs +\d+ checks, at most \d+ requests/);
  expect(out.stdout).toMatch(/at most 5 may create something \(--max-writes\)/);
  expect(out.stdout).toMatch(/Completion tokens: at most \d+/);
  expect(out.stdout).toMatch(/^Time: run deadline [^,]+, set by the worst case \(at most \d+ requests/m);
  expect(seen).toBe(0);
});

test('--plan says what will not be exercised: writes off, and what --only leaves out', async () => {
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const out = await capturingOutput(() => runCommand(['--plan', '--target', url, '--only', 'training-jobs.']));
  expect(out.result, String(out.error)).toBe(0);
  expect(out.stdout).toMatch(
    /^Not exercised: writes off: \d+ checks with side effects \(\d+ MUST\) of training-jobs\.create/m,
  );
  expect(out.stdout).toMatch(
    /^Not exercised: --only\/--skip\/--shard leave out \d+ checks; operations not exercised at all: chat\.create/m,
  );
  expect(seen).toBe(0);
});

test('list prints the catalogue with sections and levels, filtered by prefix', async () => {
  const out = await capturingOutput(() => listCommand(['--only', '§4.4']));
  expect(out.result).toBe(0);
  const lines = out.stdout.trim().split('\n');
  expect(lines.at(-2)).toMatch(/^\d+ checks: \d+ the run sends cases for, \d+ only traffic shows/);
  expect(lines.at(-1)).toMatch(/^Select with --only \/ --skip: /);
  for (const l of lines.slice(0, -2)) expect(l).toMatch(/ (MUST|SHOULD|INFO) +§4\.4/);
});

test('list names who judges each check: the run, the proxy, the replay, the merge; traffic-only checks too', async () => {
  const out = await capturingOutput(() => listCommand(['--json']));
  const rows = JSON.parse(out.stdout) as { id: string; drivers: string[]; since: string }[];
  const drivers = (id: string) => rows.find((r) => r.id === id)?.drivers;
  expect(drivers('auth.rejects-missing-credentials.chat-create')).toEqual(['run', 'proxy', 'replay']);
  expect(drivers('predictions.offset-skips')).toEqual(['run', 'proxy', 'replay', 'merge']);
  expect(drivers('client.credentials.chat-create')).toEqual(['proxy', 'replay']);
  expect(drivers('load.answers-belong-to-their-requests')).toEqual(['run']);
  expect(rows.every((r) => /^\d+\.\d+\.\d+$/.test(r.since))).toBe(true);
});

test('a proxy result id of before still selects: it stands for the checks that report its rule now', async () => {
  const out = await capturingOutput(() => listCommand(['--only', 'server.credentials-required.chat-create', '--json']));
  expect((JSON.parse(out.stdout) as { id: string }[]).map((r) => r.id).sort()).toEqual([
    'auth.rejects-malformed-credentials.chat-create',
    'auth.rejects-missing-credentials.chat-create',
    'auth.rejects-other-scheme.chat-create',
  ]);
});

test('a tool error is one line whatever its message; an internal error exits 1, every other code 2', () => {
  expect(toolErrorExit(new ConformanceError('CTS_BAD_CONFIG', 'bad file'))).toEqual({
    line: 'conformance: bad file [CTS_BAD_CONFIG]\n',
    exitCode: 2,
  });
  expect(toolErrorExit(new Error('boom\n    at somewhere (x.js:1:2)'))).toEqual({
    line: 'conformance: boom [CTS_INTERNAL]\n',
    exitCode: 1,
  });
  expect(toolErrorExit('a thrown string').exitCode).toBe(1);
});
