/**
 * @module Scenario: `conformance merge` of 100 proxy reports of 1,000 rules each (the server's
 * report: results across the eight operations, one in twenty broken with its evidence, the coverage
 * of the real model with a different part of it exercised by each, a timing table of chat streams;
 * and the clients'), through the real binary, writing the merged JSON report. Goal: under 2 s.
 * Baseline: the same command over one of the files (start-up, reading and writing one report).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderJson } from '../../reporters/json.js';
import { OPERATIONS } from '../../src/core/operations.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { summarize } from '../../src/core/summary.js';
import { TOOL } from '../../src/core/tool.js';
import { coverageModel } from '../../src/coverage/model.js';
import { summarizeCoverage } from '../../src/coverage/summary.js';
import { registry } from '../../src/schemas/registry.js';
import { TimingSketches } from '../../src/timing/table.js';
import { median } from '../lib/load.js';
import { CLI } from '../lib/paths.js';
import { runToExit } from '../lib/proc.js';
import { row, type Row } from '../lib/table.js';

export interface MergeOptions {
  readonly reports: number;
  readonly rules: number;
  readonly repeats: number;
  readonly goalSeconds: number;
  readonly timeoutMs: number;
}

const CATALOGUE = 'b5e0c0ffee000001';

/** One proxy's rule on an operation: judged on a few exchanges, every twentieth broken once. */
function result(i: number, proxy: number): CheckResult {
  const op = OPERATIONS[i % OPERATIONS.length]!;
  const id = `server.rule-${Math.floor(i / OPERATIONS.length)}.${op.id.replace(/\./g, '-')}`;
  const broken = (i + proxy) % 20 === 0 ? 1 : 0;
  const base = {
    id,
    operation: op.id,
    section: op.section,
    level: 'MUST' as const,
    requirement: `Rule ${i} of the bench's catalogue, judged on every exchange of ${op.id}.`,
    durationMs: 0,
    notes: [`judged on ${3 + (i % 5)} exchanges${broken ? '; 1 broke it' : ''}`],
    exchanges: {
      judged: 3 + (i % 5),
      broken,
      unanswered: 0,
      ...(broken ? { firstAt: new Date(Date.UTC(2026, 0, 1, 0, 0, proxy)).toISOString() } : {}),
    },
  };
  if (!broken) return { ...base, status: 'pass' };
  return {
    ...base,
    status: 'fail',
    expected: 'an answer valid against the operation’s response schema',
    actual: `/choices/0/message/content must be string (proxy ${proxy})`,
    evidence: {
      request: {
        method: 'POST',
        url: 'https://llm.staging.example.com/v1/chat/completions',
        headers: { authorization: 'Bearer ***', 'content-type': 'application/json' },
        body: '{"model":"m","messages":[{"role":"user","content":"hello"}]}',
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        excerpt: '{"id":"chatcmpl-1","choices":[{"message":{"content":42}}]}',
        truncated: false,
      },
      curl: `curl -sS -X POST 'https://llm.staging.example.com/v1/chat/completions' -H "Authorization: Bearer $CONFORMANCE_TOKEN"`,
      seed: 0,
      replay: 'conformance proxy --target https://llm.staging.example.com',
    },
  };
}

/** The JSON report of proxy `k`: its server's report and its clients'. */
function proxyReport(k: number, rules: number, model: ReturnType<typeof coverageModel>): string {
  const results = Array.from({ length: rules }, (_, i) => result(i, k));
  // Each proxy saw its share of the traffic: a different half of the model's items.
  const covered = new Set(model.items.filter((_, i) => (i + k) % 2 === 0).map((item) => item.id));
  const timing = new TimingSketches();
  for (let s = 0; s < 200; s++) {
    timing.record('chat.create', 'ttft_ms', 80 + ((s * 37 + k) % 120));
    timing.record('chat.create', 'itl_ms', 10 + ((s * 13 + k) % 30));
    timing.record('chat.create', 'e2e_ms', 400 + ((s * 71 + k) % 600));
  }
  const report = (side: 'server' | 'clients', rs: CheckResult[]): RunReport => ({
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: TOOL,
    target: side === 'server' ? 'https://llm.staging.example.com' : 'the clients of https://llm.staging.example.com',
    targetLabel: side === 'server' ? 'server' : 'clients',
    startedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    durationMs: 3_600_000,
    seed: 0,
    runs: 0,
    level: 'should',
    tokenBudget: 0,
    replay: 'conformance proxy --target https://llm.staging.example.com',
    results: rs,
    summary: summarize(rs, 'should'),
    ...(side === 'server' ? { coverage: summarizeCoverage(model, covered, rs), timing: timing.table()! } : {}),
    origin: { kind: 'proxy', side, catalogue: CATALOGUE },
  });
  return renderJson([report('server', results), report('clients', [])]);
}

export async function mergeScenario(opts: MergeOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cts-bench-merge-'));
  try {
    const model = coverageModel(registry());
    const files = Array.from({ length: opts.reports }, (_, k) => {
      const file = join(dir, `proxy-${k + 1}.json`);
      writeFileSync(file, proxyReport(k, opts.rules, model));
      return file;
    });
    const merge = async (inputs: readonly string[]): Promise<number> => {
      const exit = await runToExit(
        process.execPath,
        [CLI, 'merge', ...inputs, '--json', join(dir, 'merged.json'), '-q'],
        opts.timeoutMs,
      );
      // 1: the merged server report has failures, as its inputs do; anything else is the bench's failure.
      if (exit.code !== 1) throw new Error(`conformance merge exited ${exit.code ?? exit.signal}: ${exit.stderr}`);
      return exit.ms / 1000;
    };
    const all: number[] = [];
    const one: number[] = [];
    for (let i = 0; i < opts.repeats; i++) {
      one.push(await merge(files.slice(0, 1)));
      all.push(await merge(files));
    }
    const seconds = median(all);
    return {
      rows: [
        row({
          scenario: 'merge',
          figure: `conformance merge of ${opts.reports} proxy reports of ${opts.rules.toLocaleString('en-US')} rules`,
          value: seconds,
          unit: 's',
          baseline: median(one),
          baselineLabel: 'the same command over one of the reports',
          goal: { text: `< ${opts.goalSeconds} s`, met: seconds < opts.goalSeconds },
          note: `median of ${opts.repeats}, the real binary: reading and validating every file, merging, writing the merged JSON`,
        }),
      ],
      details: { all, one },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
