/**
 * @module Scenario: the mock's request journal stays bounded. 100,000 requests of 1 KiB bodies sent
 * in-process (in a child run with --expose-gc) to a mock with its default journal leave 1,000
 * entries, and the process holds no more memory after them than after the first 1,000; the goal is
 * growth under 16 MiB (the journal's own arena cap; an unbounded journal would hold over 100 MiB).
 */
import { BENCH_DIST } from '../lib/paths.js';
import { runToExit } from '../lib/proc.js';
import { row, type Row } from '../lib/table.js';

const MiB = 1024 * 1024;

interface Measured {
  requests: number;
  without: { grown: number; kept: number };
  withJournal: { grown: number; kept: number };
}

export async function journalScenario(opts: { requests: number; timeoutMs: number }): Promise<{
  rows: Row[];
  details: Record<string, unknown>;
}> {
  const child = `${BENCH_DIST}servers/journal-memory.js`;
  const exit = await runToExit(process.execPath, ['--expose-gc', child, String(opts.requests)], opts.timeoutMs);
  if (exit.code !== 0)
    throw new Error(`journal-memory exited ${exit.code ?? exit.signal}: ${exit.stderr.slice(0, 300)}`);
  const m = JSON.parse(exit.stdout) as Measured;
  const grown = m.withJournal.grown / MiB;
  return {
    rows: [
      row({
        scenario: 'mock',
        figure: `journal memory after ${m.requests.toLocaleString('en-US')} requests of 1 KiB`,
        value: grown,
        unit: 'MiB',
        baseline: m.without.grown / MiB,
        baselineLabel: 'the same mock with no journal',
        goal: { text: 'growth < 16 MiB', met: grown < 16 },
        note: `heap + array buffers after full collections, less the same after a 1,000-request warm-up; ${m.withJournal.kept} entries kept (${(exit.ms / 1000).toFixed(1)} s)`,
      }),
    ],
    details: { ...m },
  };
}
