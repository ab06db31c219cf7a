/**
 * Small CLI behaviours users tripped on, through the real binary: a broken pipe, a selector that
 * matches nothing, messages that say what is wrong. What the flags decide is tested as functions in
 * app/cli/run-command.test.ts; the console's noise in test/reporters/console.test.ts.
 */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { BIN, runCli } from '../hostile/report-files.js';

test('`conformance list | head` ends quietly with exit 0 when the reader goes away', { timeout: 30_000 }, async () => {
  const child = spawn(process.execPath, [BIN, 'list'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

test('a selector that matches no check is a usage error naming what selectors accept; an operation slug selects', {
  timeout: 30_000,
}, async () => {
  const bad = await runCli(['run', '--skip', 'chat-creat', '--plan']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--skip chat-creat matches no check');
  expect(bad.stderr).toContain('chat.create or chat-create');
  const good = await runCli(['list', '--only', 'chat-create']);
  expect(good.code).toBe(0);
  expect(good.stdout).toMatch(/^\d+ checks: \d+ the run sends cases for/m);
  expect(good.stdout).not.toMatch(/^predictions\./m);
  expect(good.stdout).toContain('Select with --only / --skip:');
});

test('messages that say what is wrong: a negative number, a misspelled config key, a report path under a file', {
  timeout: 30_000,
}, async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'cts-messages-'));
  const timeout = await runCli(['run', '--timeout', '-5', '--plan']);
  expect(timeout.code).toBe(2);
  expect(timeout.stderr).toContain('--timeout takes a whole number from 1');
  writeFileSync(join(dir, 'c.json'), JSON.stringify({ seeed: 3 }));
  const config = await runCli(['run', '--config', join(dir, 'c.json'), '--plan']);
  expect(config.code).toBe(2);
  expect(config.stderr).toContain('"seeed" is not one of them');
  writeFileSync(join(dir, 'afile'), '');
  const junit = await runCli(['run', '--only', 'auth.answers-401.chat-create', '--junit', join(dir, 'afile', 'r.xml')]);
  expect(junit.code).toBe(2);
  expect(junit.stderr).toContain('a part of its directory path is a file, not a directory');
  expect(junit.stderr).not.toContain('EEXIST');
  // Said before the run, not after it.
  expect(junit.stderr).not.toContain('at most');
});
