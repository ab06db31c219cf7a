/**
 * `conformance proxy` as a user runs it (the real binary): it prints `listening on URL`, stops on
 * --max-exchanges or SIGTERM, writes every report format, the --record JSONL and the console matrix,
 * exits 1 on a server-side finding and 0 without one, and no secret the clients sent (bearer token,
 * basic credentials, in headers or echoed in a body) appears in any output, in any form. A wrong flag is
 * one line with a CTS_ code, never a stack.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { runCli, STACK } from '../hostile/report-files.js';
import { findLeaks, plantSecrets } from '../secrets/planted.js';
import { listRecords, sdk, startProxyCli as startCli } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-proxy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REPORTS = (out: string) => [
  '--json',
  join(out, 'report.json'),
  '--junit',
  join(out, 'junit.xml'),
  '--markdown',
  join(out, 'report.md'),
  '--html',
  join(out, 'report.html'),
];

test('faults found through the binary: exit 1, every report written, no secret anywhere', async () => {
  const s = plantSecrets('proxy');
  const mock = await startMockServer({
    port: 0,
    token: s.token,
    basic: s.basic,
    faults: ['chat-completions.usage-does-not-add-up', 'records.score-value-as-string'],
  });
  const out = join(dir, 'faults');
  const summary = join(dir, 'faults.step-summary.md');
  writeFileSync(summary, '');
  try {
    const cli = await startCli(
      [
        '--target',
        mock.url,
        '--max-exchanges',
        '4',
        '--console',
        '--record',
        join(out, 'exchanges.jsonl'),
        ...REPORTS(out),
      ],
      { GITHUB_STEP_SUMMARY: summary },
    );
    const client = sdk(cli.url, s.token);
    // The token in the body too (a client echoing its key in `user`): learned from the header, redacted everywhere.
    await client.chat.completions.create({
      model: DEFAULT_MODEL,
      messages: [{ role: 'user', content: 'hello' }],
      user: s.token,
      max_completion_tokens: 4,
    });
    const stream = await client.chat.completions.create({
      model: DEFAULT_MODEL,
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      max_completion_tokens: 4,
    });
    for await (const _ of stream) void _;
    await listRecords(cli.url, 'scores', s.basic, '?limit=3');
    // A wrong key (a secret too, though the server refuses it).
    await sdk(cli.url, `${s.token}-wrong`)
      .chat.completions.create({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'x' }] })
      .catch(() => undefined);
    const run = await cli.exited;
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('stopped (4 exchanges)');
    // Without credentials given, the start says what §5 can and cannot judge.
    expect(run.stderr).toContain('§5: no --token/--basic');
    expect(run.stdout).toContain('Conformance matrix');
    expect(run.stdout).toMatch(/server\s+NOT CONFORMANT/);
    // Observed traffic has no seed and no token budget: the verdict says what it rests on instead.
    expect(run.stdout).toContain('observed traffic, no generated case');
    expect(run.stdout).not.toContain('seed 0');
    const texts: Record<string, string> = {
      stdout: run.stdout,
      stderr: run.stderr,
      'step summary': readFileSync(summary, 'utf8'),
    };
    for (const f of readdirSync(out)) texts[f] = readFileSync(join(out, f), 'utf8');
    for (const f of ['report.json', 'junit.xml', 'report.md', 'report.html', 'step summary', 'exchanges.jsonl'])
      expect(texts[f]?.length ?? 0, f).toBeGreaterThan(100);
    // --record: one redacted line per exchange, with its findings.
    const recorded = texts['exchanges.jsonl']!.trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            operation: string;
            request: { headers: Record<string, string>; body?: string };
            response?: { status: number };
            findings: string[];
          },
      );
    expect(recorded).toHaveLength(4);
    expect(recorded.map((r) => r.response?.status).sort()).toEqual([200, 200, 200, 401]);
    expect(recorded.find((r) => r.findings.includes('chat-completions.usage-adds-up'))?.request.body).toContain(
      '"user":"***"',
    );
    expect(recorded.every((r) => r.operation && (r.request.headers.authorization ?? '').endsWith(' ***'))).toBe(true);
    const json = JSON.parse(texts['report.json']!) as {
      reports: { targetLabel: string; results: { id: string; status: string; evidence?: { curl?: string } }[] }[];
    };
    const server = json.reports.find((r) => r.targetLabel === 'server')!;
    expect(
      server.results
        .filter((r) => r.status === 'fail')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['chat-completions.usage-adds-up', 'scores.list-is-jsonl-of-records']);
    expect(server.results.find((r) => r.id === 'chat-completions.usage-adds-up')?.evidence?.curl).toContain(
      '$CONFORMANCE_TOKEN',
    );
    expect(texts['junit.xml']).toContain('chat-completions.usage-adds-up');
    const leaks = Object.entries(texts).flatMap(([where, text]) => findLeaks(where, text, s));
    expect(leaks).toEqual([]);
    expect(run.stdout + run.stderr).not.toMatch(STACK);
  } finally {
    await mock.close();
  }
});

test('SIGTERM on a clean session: exit 0, the reports written', async () => {
  const mock = await startMockServer({ port: 0 });
  const out = join(dir, 'clean');
  try {
    // The credentials from the environment, as `run` takes them: named at the start, never shown.
    const cli = await startCli(['--target', mock.url, '--quiet', '--json', join(out, 'report.json')], {
      CONFORMANCE_TOKEN: DEFAULT_TOKEN,
    });
    await sdk(cli.url).chat.completions.create({
      model: DEFAULT_MODEL,
      messages: [{ role: 'user', content: 'hi' }],
      max_completion_tokens: 3,
    });
    cli.child.kill('SIGTERM');
    const run = await cli.exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('stopped (SIGTERM): 1 exchange observed');
    expect(run.stderr).toContain('§5 judged against a token from $CONFORMANCE_TOKEN');
    expect(run.stdout + run.stderr).not.toContain(DEFAULT_TOKEN);
    const json = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      reports: { targetLabel: string; summary: { failed: number; passed: number } }[];
    };
    expect(json.reports.map((r) => r.targetLabel)).toEqual(['server', 'clients']);
    expect(json.reports[0]!.summary.failed).toBe(0);
    expect(json.reports[0]!.summary.passed).toBeGreaterThan(3);
  } finally {
    await mock.close();
  }
});

test('wrong flags are one line with CTS_BAD_FLAG and exit 2, never a stack', async () => {
  for (const args of [
    ['proxy', '--target', 'http://127.0.0.1:1', '--port', 'eighty'],
    ['proxy', '--target', 'ftp://x'],
    ['proxy'],
    ['proxy', '--target', 'http://127.0.0.1:1', '--frobnicate'],
    ['proxy', '--target', 'http://127.0.0.1:1', '--duration', '0'],
  ]) {
    const run = await runCli(args);
    expect(run.code, args.join(' ')).toBe(2);
    expect(run.stderr).toMatch(/^conformance: .+ \[CTS_BAD_FLAG\]\n$/);
    expect(run.stderr).not.toMatch(STACK);
  }
  const help = await runCli(['proxy', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Exit codes: 0 no server-side finding');
});
