/**
 * @module `conformance run`: resolves options, starts the bundled mock when no target is given,
 * runs the selected checks against each target, applies the expectations file, writes the reports
 * and returns the exit code (see `exitCodeOf`). With `--replay FILE` it replays a proxy recording
 * instead (run-replay.ts).
 */
import type { TargetConfig } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import { applyExpectationsToReport, loadExpectationsFile } from '../../src/gating/apply.js';
import { applyGates } from '../../src/gating/coverage-gate.js';
import { EXIT, exitCodeOf } from '../../src/gating/verdict.js';
import { describeBudget } from '../../src/runner/budget.js';
import { describeContextWindow } from '../../src/kit/context-window.js';
import { describeConnection, unverifiedTls } from '../../src/transport/connection.js';
import { describeNotExercised } from '../../src/runner/not-exercised.js';
import { describePlan } from '../../src/runner/plan.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { interruptedLine, interruptOnSignals } from '../../src/runner/interrupt.js';
import { selectChecks } from '../../src/runner/select.js';
import { CATALOGUE } from '../../suites/index.js';
import { startMockServer } from '../../mock/adapters/node.js';
import { checkOutputPaths, emitOutputs, createProgress } from './outputs.js';
import { RUN_USAGE } from './usage.js';
import { parseRunOptions, type RunConfig } from './run-options.js';

export async function runCommand(argv: string[]): Promise<number> {
  const cfg = parseRunOptions(argv);
  if (cfg.help) {
    process.stdout.write(RUN_USAGE);
    return 0;
  }
  checkOutputPaths(cfg);
  if (cfg.replay !== undefined) return (await import('./run-replay.js')).replayRun({ ...cfg, replay: cfg.replay });
  const checks = selectChecks(CATALOGUE, {
    only: cfg.only,
    skip: cfg.skip,
    ...(cfg.shard ? { shard: cfg.shard } : {}),
  });
  const expectations = cfg.expect ? loadExpectationsFile(cfg.expect) : undefined;
  if (expectations) {
    const known = new Set(CATALOGUE.map((c) => c.id));
    const unknown = expectations.expectedFailures.filter((e) => !known.has(e.id)).map((e) => e.id);
    if (unknown.length)
      process.stderr.write(
        `conformance: ${cfg.expect} lists ids no check has (renamed or removed?): ${unknown.join(', ')}\n`,
      );
  }
  if (cfg.plan) {
    for (const spec of cfg.targets) {
      const bundled = spec.url === undefined;
      const lines = describePlan(checks, {
        target: spec.label ?? spec.url ?? 'the bundled mock',
        runs: cfg.runs,
        timeoutMs: cfg.timeoutMs,
        concurrency: cfg.concurrency,
        maxRetries: cfg.retries,
        maxRetryWaitMs: 5_000,
        allowWrites: bundled || cfg.allowWrites,
        maxWrites: bundled ? undefined : cfg.maxWrites,
        maxCompletionTokens: cfg.maxCompletionTokens,
        deadlineMs: cfg.deadlineMs,
      });
      const selected = new Set(checks);
      const left = CATALOGUE.filter((c) => !selected.has(c));
      const allowWrites = bundled || cfg.allowWrites;
      const gaps = describeNotExercised(checks, left, { allowWrites, allowGaps: cfg.allowGaps });
      process.stdout.write([...lines, ...gaps.map((g) => `Not exercised: ${g}`)].join('\n') + '\n');
    }
    return 0;
  }
  const reports: RunReport[] = [];
  // The first SIGINT/SIGTERM stops the run (a target after it: every check not run) and the reports
  // are still written, exit 4; a second exits at once (src/runner/interrupt.ts).
  const interrupt = interruptOnSignals();
  try {
    for (const spec of cfg.targets) {
      const report =
        spec.url === undefined
          ? await runAgainstBundledMock(cfg, checks, interrupt.signal)
          : await runAgainst(cfg, checks, spec.url, spec.label ?? spec.url, false, interrupt.signal);
      reports.push(
        applyGates(expectations ? applyExpectationsToReport(report, expectations) : report, {
          minCoverage: cfg.minCoverage,
          allowGaps: cfg.allowGaps,
        }),
      );
    }
    await emitOutputs(reports, cfg);
  } finally {
    interrupt.dispose();
  }
  const code = exitCodeOf(reports);
  if (code === EXIT.interrupted) {
    const written = Object.values(cfg.outputs).filter((p): p is string => typeof p === 'string' && p !== '');
    process.stderr.write(interruptedLine(interrupt.signal, reports, checks.length, written));
  }
  return code;
}

function targetConfig(cfg: RunConfig, baseUrl: string, bundledMock: boolean): TargetConfig {
  return {
    baseUrl,
    entity: cfg.entity,
    project: cfg.project,
    ...(cfg.model !== undefined ? { model: cfg.model } : {}),
    modelId: cfg.modelId,
    priorityScheduling: cfg.priorityScheduling,
    allowWrites: bundledMock || cfg.allowWrites,
    // The bundled mock's writes cost nothing: no budget there.
    ...(bundledMock ? {} : { maxWrites: cfg.maxWrites }),
    bundledMock,
    listParams: cfg.listParams,
    listReadCap: cfg.listReadCap,
    maxCompletionTokens: cfg.maxCompletionTokens,
    ...(cfg.maxContextTokens !== undefined ? { maxContextTokens: cfg.maxContextTokens } : {}),
    loadBurst: cfg.loadBurst,
  };
}

async function runAgainst(
  cfg: RunConfig,
  checks: Parameters<typeof runSuite>[0]['checks'],
  url: string,
  label: string,
  bundledMock: boolean,
  interrupt?: AbortSignal,
): Promise<RunReport> {
  const progress = createProgress(cfg);
  const selected = new Set(checks);
  const notSelected = CATALOGUE.filter((c) => !selected.has(c));
  try {
    return await runSuite({
      allChecks: CATALOGUE,
      target: targetConfig(cfg, url, bundledMock),
      targetLabel: label,
      token: cfg.token,
      basic: cfg.basic,
      checks,
      // The catalogue's checks left out by --only/--skip/--shard: the coverage holes they leave say so.
      notSelected,
      shard: cfg.shard,
      objectives: cfg.objectives,
      level: cfg.level,
      seed: cfg.seed,
      runs: cfg.runs,
      timeoutMs: cfg.timeoutMs,
      deadlineMs: cfg.deadlineMs,
      concurrency: cfg.concurrency,
      maxBodyBytes: cfg.maxBodyBytes,
      maxRetries: cfg.retries,
      maxRetryWaitMs: 5_000,
      replayBase: cfg.replayBase,
      // The bundled mock listens on loopback: no proxy of the environment stands between.
      connection: bundledMock ? { ...cfg.connection, direct: true } : cfg.connection,
      acceptEncoding: cfg.acceptEncoding,
      recoverTimeoutMs: cfg.recoverTimeoutMs,
      crashReplay: !cfg.noCrashReplay,
      interrupt,
      onEvent: (event) => {
        // The time budget goes to stderr even when it is not a terminal: a CI log should show it.
        if (event.type === 'run-start' && !cfg.quiet) {
          process.stderr.write(
            `conformance: ${label}: ${describeBudget(event.budget, event.deadlineMs, event.deadlineGiven, event.estimate)}; ${describeContextWindow(cfg.maxContextTokens)}\n`,
          );
          const allowWrites = bundledMock || cfg.allowWrites;
          for (const part of describeNotExercised(checks, notSelected, { allowWrites, allowGaps: cfg.allowGaps }))
            process.stderr.write(`conformance: ${label}: not exercised: ${part}\n`);
          const reached = bundledMock ? undefined : describeConnection(url, cfg.connection);
          if (reached) process.stderr.write(`conformance: ${label}: reached ${reached}\n`);
        }
        // Said even with --quiet: every report carries it too.
        if (event.type === 'run-start' && !bundledMock && unverifiedTls(url, cfg.connection))
          process.stderr.write(
            `conformance: ${label}: warning: TLS certificates are NOT verified (--insecure): whoever answers is judged as the target\n`,
          );
        // Said once and at once, even with --quiet: the whole verdict hangs on it.
        if (event.type === 'unjudged')
          process.stderr.write(
            `conformance: ${label}: could not judge (${event.unjudged.code}): ${event.unjudged.reason}\n`,
          );
        else progress.onEvent(event);
      },
    });
  } finally {
    progress.done();
  }
}

/** The embedded default: the bundled mock on a free loopback port, with the same credentials and settings. */
async function runAgainstBundledMock(
  cfg: RunConfig,
  checks: Parameters<typeof runSuite>[0]['checks'],
  interrupt?: AbortSignal,
): Promise<RunReport> {
  const server = await startMockServer({
    host: '127.0.0.1',
    port: 0,
    ...(cfg.token !== undefined ? { token: cfg.token } : {}),
    ...(cfg.basic !== undefined ? { basic: cfg.basic } : {}),
    entity: cfg.entity,
    project: cfg.project,
    priorityScheduling: cfg.priorityScheduling,
    // Nobody reads the journal of the run's own mock: keeping none spares its cost.
    journalSize: 0,
  });
  try {
    return await runAgainst(cfg, checks, server.url, `bundled-mock`, true, interrupt);
  } finally {
    await server.close();
  }
}
