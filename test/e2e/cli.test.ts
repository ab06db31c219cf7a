/**
 * The `conformance` binary end to end: exit codes, the embedded default run, a broken target,
 * expectations, several targets, and the catalogue listing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../../mock/index.js';

const BIN = join(import.meta.dirname, '../../bin/conformance.js');
const dir = mkdtempSync(join(tmpdir(), 'cli-e2e-'));

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, GITHUB_STEP_SUMMARY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let broken: MockServer;
beforeAll(async () => {
  // A deployment that does not add up its usage: a SHOULD rule (conventions), caught at --level should.
  broken = await startMockServer({ host: '127.0.0.1', port: 0, faults: ['chat-completions.usage-does-not-add-up'] });
});
afterAll(() => broken.close());

test('help and unknown commands', async () => {
  const help = await cli(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: conformance <command>');
  const bad = await cli(['frobnicate']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('unknown command "frobnicate"');
}, 30_000);

test('usage errors exit 2 with one line and no stack, including a filter that selects nothing', async () => {
  for (const args of [
    ['run', '--bogus'],
    ['run', '--only', 'no-such-area.'],
    ['run', '--level', 'maybe'],
    ['run', '--target', 'ftp://x'],
  ]) {
    const r = await cli(args);
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/\[CTS_[A-Z_]+\]/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }
}, 60_000);

test('with no target, the whole catalogue passes against the bundled mock at --level should', async () => {
  const json = join(dir, 'default.json');
  const junit = join(dir, 'default.xml');
  const r = await cli(['run', '--level', 'should', '--seed', '3', '--json', json, '--junit', junit, '--console']);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toContain('POST /v1/chat/completions');
  const report = JSON.parse(readFileSync(json, 'utf8')) as {
    reports: { summary: { conformant: boolean; failed: number; errored: number; total: number } }[];
  };
  expect(report.reports[0]!.summary).toMatchObject({ conformant: true, failed: 0, errored: 0 });
  expect(report.reports[0]!.summary.total).toBeGreaterThan(100);
  expect(readFileSync(junit, 'utf8')).toMatch(/^<\?xml/);
}, 120_000);

test('against a broken target it exits 1 with evidence a person can act on', async () => {
  const r = await cli(
    ['run', '--target', broken.url, '--level', 'should', '--only', 'chat-completions.', '--seed', '9', '--console'],
    { CONFORMANCE_TOKEN: 'mock-token', CONFORMANCE_BASIC: 'api:mock-key' },
  );
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(r.stdout).toContain('FAIL');
  expect(r.stdout).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
  expect(r.stdout).toMatch(
    /conformance run --target http:\/\/127\.0\.0\.1:\d+ --level should --token "\$CONFORMANCE_TOKEN" --basic "\$CONFORMANCE_BASIC" --only chat-completions\.[\w.-]+ --seed 9/,
  );
}, 60_000);

test('an expectations file turns known failures into non-gating results, and unknown failures still fail', async () => {
  const listed = await cli(
    [
      'run',
      '--target',
      broken.url,
      '--level',
      'should',
      '--only',
      'chat-completions.',
      '--seed',
      '9',
      '--json',
      join(dir, 'b.json'),
    ],
    { CONFORMANCE_TOKEN: 'mock-token' },
  );
  const failing = (
    JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8')) as {
      reports: { results: { id: string; status: string }[] }[];
    }
  ).reports[0]!.results.filter((x) => x.status === 'fail').map((x) => x.id);
  expect(listed.code).toBe(1);
  expect(failing.length).toBeGreaterThan(0);
  const all = join(dir, 'all.json');
  writeFileSync(
    all,
    JSON.stringify({
      version: 1,
      expectedFailures: failing.map((id) => ({ id, reason: 'usage accounting is being fixed' })),
    }),
  );
  const known = await cli(
    ['run', '--target', broken.url, '--level', 'should', '--only', 'chat-completions.', '--seed', '9', '--expect', all],
    { CONFORMANCE_TOKEN: 'mock-token' },
  );
  expect(known.code, known.stdout + known.stderr).toBe(0);
  const some = join(dir, 'some.json');
  writeFileSync(
    some,
    JSON.stringify({ version: 1, expectedFailures: failing.slice(1).map((id) => ({ id, reason: 'known' })) }),
  );
  expect(
    (
      await cli(
        [
          'run',
          '--target',
          broken.url,
          '--level',
          'should',
          '--only',
          'chat-completions.',
          '--seed',
          '9',
          '--expect',
          some,
        ],
        { CONFORMANCE_TOKEN: 'mock-token' },
      )
    ).code,
  ).toBe(1);
}, 90_000);

test('several targets give one matrix with a column per target', async () => {
  const good = await startMockServer({ host: '127.0.0.1', port: 0 });
  try {
    const r = await cli(
      [
        'run',
        '--target',
        good.url,
        '--target',
        broken.url,
        '--only',
        'chat-completions.',
        '--level',
        'should',
        '--seed',
        '2',
        '--console',
      ],
      { CONFORMANCE_TOKEN: 'mock-token' },
    );
    expect(r.code).toBe(1);
    const header = r.stdout.split('\n').find((l) => l.startsWith('Operation'))!;
    expect(header).toContain(good.url);
    expect(header).toContain(broken.url);
  } finally {
    await good.close();
  }
}, 90_000);

test('list prints the catalogue with sections and levels, filtered by prefix', async () => {
  const r = await cli(['list', '--only', '§4.4']);
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines.at(-2)).toMatch(/^\d+ checks: \d+ the run sends cases for/);
  expect(lines.at(-1)).toMatch(/^Select with --only \/ --skip: /);
  for (const l of lines.slice(0, -2)) expect(l).toMatch(/ (MUST|SHOULD|INFO) +§4\.4/);
}, 30_000);
