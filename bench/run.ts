/**
 * @module `npm run bench`: runs every scenario, each figure beside its baseline measured in the same
 * run, prints the table and writes `bench/results/latest.json`. Servers under load run in child
 * processes; every child is stopped in `finally`; every loop is bounded; loopback only.
 *
 * Flags: `--only chat,jsonl,...` (scenario names), `--quick` (shorter load windows, for trying the
 * bench out; its numbers are noisier), `--reference DIR` (another build, for proxy-reference). The
 * whole default bench stays under 8 minutes (TOTAL_BUDGET_S); an opt-in scenario (proxy-memory,
 * proxy-reference) runs only when `--only` names it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RESULTS_DIR } from './lib/paths.js';
import { markdownTable, textTable, type Row } from './lib/table.js';
import { journalScenario } from './scenarios/journal.js';
import { chatScenario } from './scenarios/chat.js';
import { jsonlScenario } from './scenarios/jsonl.js';
import { operationsScenario } from './scenarios/operations.js';
import { pipelineScenario } from './scenarios/pipeline.js';
import { startupScenario } from './scenarios/startup.js';
import { proxyScenario } from './scenarios/proxy.js';
import { suiteScenario } from './scenarios/suite.js';
import { latencyScenario } from './scenarios/latency.js';
import { mergeScenario } from './scenarios/merge.js';
import { streamBurstScenario } from './scenarios/stream-burst.js';
import { proxyPeerScenario } from './scenarios/proxy-peer.js';
import { proxyMemoryScenario } from './scenarios/proxy-memory.js';
import { judgeCostScenario } from './scenarios/judge-cost.js';
import { proxyReferenceScenario } from './scenarios/proxy-reference.js';

type Outcome = { rows: Row[]; details: Record<string, unknown> };

const USAGE = 'usage: npm run bench [-- --only NAME[,NAME...]] [--quick] [--reference DIR]';

/** Stops with a one-line reason and the usage (exit 2): a wrong flag is not a crash. */
function badUsage(why: string): never {
  process.stderr.write(`bench: ${why}\n${USAGE}\n`);
  process.exit(2);
}

function flags(): { only?: string; quick?: boolean; reference?: string } {
  try {
    return parseArgs({
      options: { only: { type: 'string' }, quick: { type: 'boolean' }, reference: { type: 'string' } },
      allowPositionals: false,
    }).values;
  } catch (err) {
    return badUsage((err as Error).message);
  }
}
const values = flags();
const quick = values.quick ?? false;
const only = values.only ? new Set(values.only.split(',').map((s) => s.trim())) : undefined;
if (only?.has('proxy-reference') && !values.reference)
  badUsage('--only proxy-reference needs --reference DIR, another build of this package (npm ci && npm run build)');

/**
 * Scenarios in run order; `budgetS` is a rough expected duration, used to skip what would overrun;
 * `optIn`: run only when named by `--only` (it would not fit the default bench's TOTAL_BUDGET_S).
 */
const SCENARIOS: { name: string; budgetS: number; optIn?: true; run: () => Promise<Outcome> }[] = [
  { name: 'startup', budgetS: 20, run: () => startupScenario({ repeats: 5, slowRepeats: 3, timeoutMs: 30_000 }) },
  { name: 'pipeline', budgetS: 4, run: () => pipelineScenario({ seconds: quick ? 1 : 2, goal: 5_000 }) },
  {
    name: 'chat',
    budgetS: 55,
    run: () =>
      chatScenario({
        rounds: quick ? 3 : 7,
        seconds: quick ? 1 : 2,
        streamRounds: quick ? 1 : 3,
        streamSeconds: quick ? 1 : 2,
      }),
  },
  { name: 'journal', budgetS: 5, run: () => journalScenario({ requests: 100_000, timeoutMs: 60_000 }) },
  { name: 'operations', budgetS: 45, run: () => operationsScenario({ rounds: quick ? 1 : 3, seconds: 1 }) },
  {
    name: 'jsonl',
    budgetS: 20,
    run: () => jsonlScenario({ sizes: quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000], rssGoalMiB: 150 }),
  },
  { name: 'suite', budgetS: 30, run: () => suiteScenario({ timeoutMs: 90_000, goalSeconds: 15, profile: true }) },
  {
    name: 'latency',
    budgetS: 70,
    run: () =>
      latencyScenario({
        latencyMs: 300,
        itlMs: 40,
        readGoalSeconds: 15,
        writeGoalSeconds: 30,
        compareConcurrency: 8,
        timeoutMs: 240_000,
      }),
  },
  {
    name: 'proxy',
    budgetS: 50,
    run: () =>
      proxyScenario({ rounds: quick ? 1 : 3, seconds: quick ? 1 : 2, samples: quick ? 100 : 400, streams: 1_000 }),
  },
  {
    name: 'proxy-peer',
    budgetS: 80,
    run: () =>
      proxyPeerScenario({
        rounds: quick ? 1 : 3,
        seconds: quick ? 1 : 2,
        prismRatio: 5,
        bareRatio: 0.9,
        // The proxy's CPU per judged exchange before the rule-first catalogue (2026-12-01).
        cpuRatios: { json: 1.23, atRate: 1.4, streamed: 1.59 },
        fixedRate: 8_000,
        warmupSeconds: quick ? 1 : 3,
      }),
  },
  { name: 'proxy-judge', budgetS: 20, run: () => judgeCostScenario({ rounds: quick ? 6 : 30, timeoutMs: 120_000 }) },
  {
    name: 'proxy-memory',
    budgetS: 240,
    optIn: true,
    run: () =>
      proxyMemoryScenario({
        exchanges: quick ? 60_000 : 200_000,
        referenceAt: 20_000,
        connections: 8,
        records: 2_500,
        growthGoalMiB: 64,
        timeoutMs: 600_000,
      }),
  },
  {
    name: 'proxy-memory-long',
    budgetS: 240,
    optIn: true,
    run: () =>
      proxyMemoryScenario({
        exchanges: quick ? 8_000 : 24_000,
        referenceAt: 4_000,
        connections: 8,
        records: 2_500,
        growthGoalMiB: 64,
        timeoutMs: 600_000,
        promptBytes: 96 * 1024,
        name: 'proxy-memory-long',
      }),
  },
  {
    name: 'proxy-reference',
    budgetS: 200,
    optIn: true,
    run: () =>
      proxyReferenceScenario({
        reference: values.reference ?? '',
        rounds: quick ? 2 : 8,
        seconds: quick ? 1 : 3,
        warmupSeconds: quick ? 1 : 3,
        fixedRate: 6_000,
      }),
  },
  {
    name: 'stream-burst',
    budgetS: 90,
    run: () =>
      streamBurstScenario({
        small: 5_000,
        large: 10_000,
        ttftMs: 200,
        itlMs: 50,
        deadlineMs: 120_000,
        rssRatio: 2,
        rssCapMiB: 1024,
      }),
  },
  {
    name: 'merge',
    budgetS: 20,
    run: () => mergeScenario({ reports: 100, rules: 1_000, repeats: quick ? 1 : 3, goalSeconds: 2, timeoutMs: 60_000 }),
  },
];

const unknown = [...(only ?? [])].filter((name) => !SCENARIOS.some((s) => s.name === name));
if (unknown.length)
  badUsage(`--only: no scenario ${unknown.join(', ')}; the scenarios are ${SCENARIOS.map((s) => s.name).join(', ')}`);

/**
 * The whole bench ends within 8 minutes (the build takes some of it): every scenario, the stream
 * bursts and the proxy's peer included, runs in one `npm run bench` on a quiet machine.
 */
const TOTAL_BUDGET_S = 480;

const started = performance.now();
const elapsedS = () => (performance.now() - started) / 1000;
const loadStart = loadavg();
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const errors: Record<string, string> = {};

for (const s of SCENARIOS) {
  if (only ? !only.has(s.name) : s.optIn) continue;
  if (elapsedS() + s.budgetS > TOTAL_BUDGET_S) {
    errors[s.name] =
      `skipped: ${elapsedS().toFixed(0)} s spent, ${s.budgetS} s more would pass the ${TOTAL_BUDGET_S} s budget`;
    process.stderr.write(`bench: ${s.name}: ${errors[s.name]}\n`);
    continue;
  }
  const t0 = performance.now();
  process.stderr.write(`bench: ${s.name}...`);
  try {
    const out = await s.run();
    rows.push(...out.rows);
    details[s.name] = { ...out.details, seconds: (performance.now() - t0) / 1000 };
    process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  } catch (err) {
    errors[s.name] = (err as Error).stack ?? String(err);
    process.stderr.write(` FAILED: ${(err as Error).message}\n`);
  }
}

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadavgAtStart: loadStart.map((x) => Math.round(x * 100) / 100),
  loadavgAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
};
const result = {
  date: new Date().toISOString(),
  machine,
  quick,
  seconds: Math.round(elapsedS() * 10) / 10,
  rows,
  errors,
  details,
};

const table = textTable(rows);
process.stdout.write(`\n${table}\n\nNotes:\n`);
for (const r of rows)
  if (r.note || r.baselineLabel)
    process.stdout.write(
      `  ${r.scenario}: ${r.figure}: ${[r.baselineLabel ? `baseline = ${r.baselineLabel}` : '', r.note ?? ''].filter(Boolean).join('; ')}\n`,
    );
const problems = Object.entries(details).flatMap(([name, d]) =>
  ((d as { problems?: string[] }).problems ?? []).map((p) => `${name}: ${p}`),
);
for (const p of problems) process.stdout.write(`  WARNING ${p}\n`);
for (const [name, e] of Object.entries(errors)) process.stdout.write(`  ERROR ${name}: ${e.split('\n')[0]}\n`);
const met = rows.filter((r) => r.goal);
process.stdout.write(
  `\n${met.filter((r) => r.goal!.met).length}/${met.length} goals met · ${result.seconds} s · ${machine.cores}× ${machine.cpu}, node ${machine.node}, load average ${machine.loadavgAtStart[0]} → ${machine.loadavgAtEnd[0]}\n`,
);

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, 'latest.json');
writeFileSync(file, JSON.stringify({ ...result, markdown: markdownTable(rows) }, null, 2) + '\n');
process.stdout.write(`wrote ${file}\n`);
process.exitCode = Object.keys(errors).some((k) => !errors[k]!.startsWith('skipped')) ? 1 : 0;
