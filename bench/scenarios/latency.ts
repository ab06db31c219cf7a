/**
 * @module Scenario: the strict run (`conformance run --level should`) against the mock answering
 * each request `--latency` ms late, as a model server does, with and without `--allow-writes` (with
 * a write budget that cannot bind, so every check runs and coverage is whole), without writes
 * again with the mock's streams paced (`itlMs` between events), and without writes at another
 * `--concurrency` (the former default, so the savings of fewer requests and of the default are told
 * apart: decisions/0010). The mock runs in a child process with a journal large enough for the
 * whole run: from it come the requests sent and the completion tokens asked for
 * (`max_completion_tokens` or `max_tokens`, times `n`, per chat request). Where a real deployment's
 * minutes go: waiting, not computing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { CLI, ROOT } from '../lib/paths.js';
import { runToExit } from '../lib/proc.js';
import { startServerChild } from '../lib/spawn.js';
import { row, type Row } from '../lib/table.js';

export interface LatencyOptions {
  /** The mock's added latency per response, ms. */
  latencyMs: number;
  /** A third run, without writes, with the mock's streams paced this long between events (ms). */
  itlMs: number;
  /** Goal for the run without writes, seconds. */
  readGoalSeconds: number;
  /** Goal for the run with `--allow-writes`, seconds. */
  writeGoalSeconds: number;
  /** A fourth run, without writes, at this `--concurrency` (the former default), beside the default. */
  compareConcurrency: number;
  timeoutMs: number;
}

/** A write budget no strict run can spend: the budget never binds, so no check is skipped for it. */
const UNBINDING_MAX_WRITES = 10_000;
const JOURNAL_SIZE = 20_000;

interface JournalEntry {
  method: string;
  path: string;
  body: unknown;
}

/** Completion tokens a chat request asks for at most: its cap times its choices. */
function tokensAskedFor(e: JournalEntry): number {
  if (e.method !== 'POST' || !/\/v1\/chat\/completions\/?$/.test(e.path)) return 0;
  const b = e.body as { max_completion_tokens?: unknown; max_tokens?: unknown; n?: unknown } | null;
  if (b === null || typeof b !== 'object') return 0;
  const cap = typeof b.max_completion_tokens === 'number' ? b.max_completion_tokens : b.max_tokens;
  const n = typeof b.n === 'number' && b.n > 0 ? b.n : 1;
  return typeof cap === 'number' && cap > 0 ? cap * n : 0;
}

interface Measured {
  wallS: number;
  exit: number | null;
  requests: number;
  tokens: number;
  checks: number;
  passed: number;
  skipped: number;
  conformant: boolean;
  coverage: number | undefined;
}

export async function latencyScenario(
  opts: LatencyOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const mock = await startServerChild('servers/mock.js', [
    JSON.stringify({ latencyMs: opts.latencyMs, journalSize: JOURNAL_SIZE }),
  ]);
  const paced = await startServerChild('servers/mock.js', [
    JSON.stringify({ latencyMs: opts.latencyMs, streamItlMs: opts.itlMs, journalSize: JOURNAL_SIZE }),
  ]).catch(async (err: unknown) => {
    await mock.stop();
    throw err;
  });
  const dir = mkdtempSync(join(tmpdir(), 'bench-latency-'));
  const admin = { authorization: `Bearer ${DEFAULT_TOKEN}` };
  const measure = async (writes: boolean, server = mock, extra: readonly string[] = []): Promise<Measured> => {
    await fetch(`${server.url}/__mock/requests`, { method: 'DELETE', headers: admin });
    const report = join(dir, `report-${writes ? 'writes' : 'reads'}-${server.pid}.json`);
    const args = [
      CLI,
      'run',
      '--target',
      server.url,
      '--token',
      DEFAULT_TOKEN,
      '--basic',
      `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
      '--model',
      'mock-model',
      '--seed',
      '1',
      '--level',
      'should',
      '--quiet',
      '--json',
      report,
      ...(writes ? ['--allow-writes', '--max-writes', String(UNBINDING_MAX_WRITES)] : []),
      ...extra,
    ];
    const exit = await runToExit(process.execPath, args, opts.timeoutMs, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (exit.signal) throw new Error(`conformance run: killed (${exit.signal}) after ${Math.round(exit.ms)} ms`);
    const journal = (await (await fetch(`${server.url}/__mock/requests`, { headers: admin })).json()) as JournalEntry[];
    const r = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        reports: {
          summary: { total: number; passed: number; skipped: number; conformant: boolean };
          coverage?: { percent: number };
        }[];
      }
    ).reports[0]!;
    return {
      wallS: exit.ms / 1000,
      exit: exit.code,
      requests: journal.length,
      tokens: journal.reduce((n, e) => n + tokensAskedFor(e), 0),
      checks: r.summary.total,
      passed: r.summary.passed,
      skipped: r.summary.skipped,
      conformant: r.summary.conformant,
      coverage: r.coverage?.percent,
    };
  };
  try {
    const reads = await measure(false);
    const writes = await measure(true);
    const pacedReads = await measure(false, paced);
    const compared = await measure(false, mock, ['--concurrency', String(opts.compareConcurrency)]);
    const rows: Row[] = [];
    for (const [m, label, goal] of [
      [reads, 'without writes', opts.readGoalSeconds],
      [writes, '--allow-writes', opts.writeGoalSeconds],
      [pacedReads, `without writes, streams ${opts.itlMs} ms per event`, undefined],
      [compared, `without writes, --concurrency ${opts.compareConcurrency}`, undefined],
    ] as const) {
      const verdict = `${m.conformant ? 'CONFORMANT' : 'NOT CONFORMANT'} (exit ${m.exit}), ${m.passed} of ${m.checks} checks passed, ${m.skipped} skipped, coverage ${m.coverage ?? '?'} %`;
      rows.push(
        row({
          scenario: 'latency',
          figure: `strict run at --latency ${opts.latencyMs}, ${label}, wall`,
          value: m.wallS,
          unit: 's',
          goal: goal === undefined ? undefined : { text: `≤ ${goal} s`, met: m.wallS <= goal },
          note: verdict,
        }),
        row({ scenario: 'latency', figure: `  requests sent, ${label}`, value: m.requests, unit: 'req' }),
        row({
          scenario: 'latency',
          figure: `  completion tokens asked for, ${label}`,
          value: m.tokens,
          unit: 'tok',
          note: 'sum over chat requests of max_completion_tokens × n',
        }),
      );
    }
    return {
      rows,
      details: { latencyMs: opts.latencyMs, itlMs: opts.itlMs, reads, writes, pacedReads, compared },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all([mock.stop(), paced.stop()]);
  }
}
