/**
 * @module `conformance merge`: reports of one run's shards, of several proxies or of replays, merged
 * into the reports a single run would have written, with the summary, verdict and SLOs judged again.
 */
import type { RunReport } from '../core/report.js';
import { summaryOf } from '../core/summary.js';
import { exitCodeOf } from '../gating/verdict.js';
import { mergeCoverage } from './coverage.js';
import type { MergeInput } from './inputs.js';
import { checkComplete, checkOneRun, checkOneTarget, originOf } from './refusals.js';
import { pairsAcross } from './pairs.js';
import { sumOfProxies, unionOfShards } from './results.js';
import { mergeTimingTables } from '../timing/merge.js';
import { withTiming } from '../timing/report-timing.js';

export interface MergeOptions {
  /** `--shards N`: how many shards (or proxy reports per target) are expected, when no report says. */
  readonly shards?: number | undefined;
  /** Check ids in catalogue order: a run's merged results are listed in it. */
  readonly order?: readonly string[];
}

/** Reports of one target: the same kind, side and label. */
function groupsOf(inputs: readonly MergeInput[]): MergeInput[][] {
  const groups = new Map<string, MergeInput[]>();
  for (const input of inputs) {
    const o = originOf(input);
    const key = JSON.stringify([o.kind, o.side ?? '', input.report.targetLabel]);
    groups.set(key, [...(groups.get(key) ?? []), input]);
  }
  return [...groups.values()];
}

/** The reports without their objectives' results: those are judged again, on the merged timing. */
function withoutObjectives(group: readonly MergeInput[]): MergeInput[] {
  const ids = new Set((group[0]!.report.objectives ?? []).map((o) => `slo.${o.id}`));
  return group.map((i) => ({ ...i, report: { ...i.report, results: i.report.results.filter((r) => !ids.has(r.id)) } }));
}

function mergeGroup(timed: readonly MergeInput[], options: MergeOptions): RunReport {
  const group = withoutObjectives(timed);
  const reports = group.map((i) => i.report);
  const first = reports[0]!;
  const origin = originOf(group[0]!);
  const run = origin.kind === 'run';
  const results = run ? unionOfShards(group, options.order) : sumOfProxies(group, pairsAcross(reports));
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...reports.map((r, i) => starts[i]! + r.durationMs));
  const unexpectedPasses = [...new Set(reports.flatMap((r) => r.summary.unexpectedPasses))];
  const unjudged = reports.find((r) => r.unjudged)?.unjudged;
  const families = [...new Set(reports.flatMap((r) => r.unjudged?.families ?? []))];
  const writes = reports.filter((r) => r.writes).map((r) => r.writes!);
  const connection = reports.find((r) => r.connection)?.connection;
  const coverage = mergeCoverage(reports, results, run);
  const merged: RunReport = {
    schemaVersion: first.schemaVersion,
    tool: first.tool,
    target: first.target,
    targetLabel: first.targetLabel,
    startedAt: new Date(start).toISOString(),
    durationMs: Math.max(0, end - start),
    seed: first.seed,
    runs: first.runs,
    level: first.level,
    tokenBudget: reports.reduce((n, r) => n + r.tokenBudget, 0),
    // The run's command line without its shard: the merged report is the whole run.
    replay: run ? first.replay.replace(/\s--shard(?:=|\s+)\d+\/\d+/, '') : first.replay,
    results,
    summary: summaryOf(
      { results, level: first.level, ...(unjudged ? { unjudged } : {}), ...(coverage ? { coverage } : {}) },
      // The coverage gate the reports were run with, judged again on the merged coverage.
      {
        unexpectedPasses,
        minCoverage: first.summary.minCoverage?.required,
        allowedGaps: first.summary.allowedGaps,
      },
    ),
    ...(coverage ? { coverage } : {}),
    ...(writes.length
      ? {
          writes: {
            // Each shard or proxy had a budget of its own: the whole may create their sum.
            max: writes.some((w) => w.max === null) ? null : writes.reduce((n, w) => n + w.max!, 0),
            count: writes.reduce((n, w) => n + w.count, 0),
            created: writes.flatMap((w) => w.created),
          },
        }
      : {}),
    ...(connection
      ? { connection: { ...connection, insecure: reports.some((r) => r.connection?.insecure === true) } }
      : {}),
    ...(unjudged ? { unjudged: { ...unjudged, families } } : {}),
    origin: {
      kind: origin.kind,
      ...(origin.side ? { side: origin.side } : {}),
      catalogue: origin.catalogue,
      ...(origin.bundledMock ? { bundledMock: true } : {}),
      mergedFrom: group.reduce((n, i) => n + (originOf(i).mergedFrom ?? 1), 0),
    },
  };
  // Percentiles of the samples of every report (their sketches merged), and the objectives judged on them.
  const timing = mergeTimingTables(reports.map((r) => r.timing));
  return withTiming(merged, timing, first.objectives);
}

/**
 * Merges reports into one per target, in the order the targets first appear. Throws
 * `CTS_MERGE_REFUSED` for reports that are not of one run, or a shard missing or given twice.
 *
 * @example
 * ```ts
 * const merged = mergeReports(readReportFiles(['shard-1.json', 'shard-2.json']));
 * process.exitCode = mergedExitCode(merged);
 * ```
 */
export function mergeReports(inputs: readonly MergeInput[], options: MergeOptions = {}): RunReport[] {
  checkOneRun(inputs);
  const groups = groupsOf(inputs);
  for (const group of groups) {
    const label = group[0]!.report.targetLabel;
    checkComplete(group, options.shards, groups.length > 1 ? ` for ${label}` : '');
    checkOneTarget(group);
  }
  return groups.map((g) => mergeGroup(g, options));
}

/** The exit code a single run would give (for a proxy or replay, the server's: clients never change it). */
export function mergedExitCode(reports: readonly RunReport[]): number {
  return exitCodeOf(reports.filter((r) => r.origin?.side !== 'clients'));
}
