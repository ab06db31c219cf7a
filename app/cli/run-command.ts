/**
 * @module `conformance run`: resolves options, starts the bundled mock (on a thread of its own) when no target is given,
 * runs the selected checks against each target, applies the findings baseline, writes the reports
 * and returns the exit code (see `exitCodeOf`). With `--replay FILE` it replays a proxy recording
 * instead (run-replay.ts).
 */
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import { applyGates } from '../../src/gating/coverage-gate.js';
import { EXIT, exitCodeOf } from '../../src/gating/verdict.js';
import { describeBudget } from '../../src/runner/budget.js';
import { describeContextWindow } from '../../src/kit/context-window.js';
import { describeConnection, unverifiedTls } from '../../src/transport/connection.js';
import { describeNotExercised } from '../../src/runner/not-exercised.js';
import { describePlan } from '../../src/runner/plan.js';
import { runSuite } from '../../src/runner/run-suite.js';
import type { RunSettings } from '../../src/runner/run-settings.js';
import { interruptedLine, interruptOnSignals } from '../../src/runner/interrupt.js';
import { describePriority } from '../../src/rules/chat-answer-rules.js';
import { selectChecks } from '../../src/runner/select.js';
import { describeOperations, describeScope, NOT_SERVED_WHY } from '../../src/runner/served.js';
import { type MockWorkerServer, startMockWorker } from '../../mock/adapters/worker.js';
import { drawnIn, gateReports, openBaseline } from './baseline-gate.js';
import { checkOutputPaths, emitOutputs, createProgress } from './outputs.js';
import { printed } from './flags.js';
import { parseRunOptions, type RunCommand, settingsForTarget } from './run-options.js';

export async function runCommand(argv: string[]): Promise<number> {
  const cmd = parseRunOptions(argv);
  // The help text (every command's option table) is built only when asked for.
  if (cmd.help) return printed((await import('./usage.js')).RUN_USAGE);
  checkOutputPaths(cmd);
  if (cmd.replay !== undefined) return (await import('./run-replay.js')).replayRun(cmd, cmd.replay);
  // The bundled mock starts on a thread of its own while the catalogue loads (mock/adapters/worker.ts).
  const mock = !cmd.plan && cmd.targets.some((t) => t.url === undefined) ? startBundledMock(cmd) : undefined;
  // Settled here, awaited where the run needs it: a run that stops before (a bad --baseline) still ends it.
  mock?.catch(() => {});
  try {
    return await runChecks(cmd, (await import('../../suites/index.js')).CATALOGUE, mock);
  } finally {
    await mock?.then(
      (server) => server.close(),
      () => {},
    );
  }
}

/** Selects the checks, runs them against each target and writes the reports; returns the exit code. */
async function runChecks(
  cmd: RunCommand,
  catalogue: readonly CheckDefinition[],
  mock: Promise<MockWorkerServer> | undefined,
): Promise<number> {
  // `--serves`: the checks of operations the deployment does not serve are out of scope, as if not in the catalogue.
  const { serves } = cmd.settings;
  const scoped = serves ? catalogue.filter((c) => serves.includes(c.operation)) : catalogue;
  const checks = selectChecks(scoped, {
    only: cmd.only,
    skip: cmd.skip,
    ...(cmd.settings.shard ? { shard: cmd.settings.shard } : {}),
  });
  const baseline = openBaseline(cmd.baseline, new Set(catalogue.map((c) => c.id)));
  if (cmd.plan) {
    for (const spec of cmd.targets) {
      const settings = settingsFor(cmd, scoped, checks, spec.url, spec.label ?? spec.url ?? 'the bundled mock');
      const lines = describePlan(checks, settings);
      const gaps = describeNotExercised(checks, settings.notSelected ?? [], {
        allowWrites: settings.target.allowWrites,
        allowGaps: cmd.allowGaps,
      });
      process.stdout.write([...lines, ...gaps.map((g) => `Not exercised: ${g}`)].join('\n') + '\n');
    }
    return 0;
  }
  let reports: RunReport[] = [];
  // The first SIGINT/SIGTERM stops the run (a target after it: every check not run) and the reports
  // are still written, exit 4; a second exits at once (src/runner/interrupt.ts).
  const interrupt = interruptOnSignals();
  try {
    for (const spec of cmd.targets) {
      const settings = settingsFor(cmd, scoped, checks, spec.url, spec.label ?? spec.url ?? 'bundled-mock');
      // The bundled mock is run against once it listens.
      const report = await runAgainst(
        cmd,
        spec.url === undefined ? { ...settings, target: { ...settings.target, baseUrl: (await mock!).url } } : settings,
        interrupt.signal,
      );
      reports.push(applyGates(report, { minCoverage: cmd.minCoverage, allowGaps: cmd.allowGaps }));
    }
    reports = gateReports(reports, baseline, cmd.baseline, { driver: 'run', drawn: drawnIn(catalogue) });
    await emitOutputs(reports, cmd);
  } finally {
    interrupt.dispose();
  }
  const code = exitCodeOf(reports);
  if (code === EXIT.interrupted) {
    const written = Object.values(cmd.outputs).filter((p): p is string => typeof p === 'string' && p !== '');
    process.stderr.write(interruptedLine(interrupt.signal, reports, checks.length, written));
  }
  return code;
}

/** One target's settings (`url` undefined: the bundled mock), with the catalogue the checks were selected from. */
function settingsFor(
  cmd: RunCommand,
  catalogue: readonly CheckDefinition[],
  checks: readonly CheckDefinition[],
  url: string | undefined,
  label: string,
): RunSettings {
  const selected = new Set(checks);
  return settingsForTarget(cmd, url, {
    targetLabel: label,
    checks,
    allChecks: catalogue,
    // The catalogue's checks left out by --only/--skip/--shard: the coverage holes they leave say so.
    notSelected: catalogue.filter((c) => !selected.has(c)),
  });
}

async function runAgainst(cmd: RunCommand, settings: RunSettings, interrupt?: AbortSignal): Promise<RunReport> {
  const progress = createProgress(cmd);
  const { target, checks } = settings;
  const label = settings.targetLabel ?? target.baseUrl;
  const { connection } = cmd.settings;
  const say = (line: string): void => void process.stderr.write(`conformance: ${label}: ${line}\n`);
  try {
    return await runSuite({
      ...settings,
      interrupt,
      onEvent: (event) => {
        // The time budget goes to stderr even when it is not a terminal: a CI log should show it.
        if (event.type === 'run-start' && !cmd.quiet) {
          say(
            `${describeBudget(event.budget, event.deadlineMs, event.deadlineGiven, event.estimate)}; ${describeContextWindow(target.maxContextTokens)}; ${describePriority(target.priorityScheduling, '--priority-scheduling')}`,
          );
          const notExercised = describeNotExercised(checks, settings.notSelected ?? [], {
            allowWrites: target.allowWrites,
            allowGaps: cmd.allowGaps,
          });
          for (const part of notExercised) say(`not exercised: ${part}`);
          if (settings.serves) say(describeScope(settings.serves));
          const reached = target.bundledMock ? undefined : describeConnection(target.baseUrl, connection);
          if (reached) say(`reached ${reached}`);
        }
        // Said even with --quiet: every report carries it too.
        if (event.type === 'run-start' && !target.bundledMock && unverifiedTls(target.baseUrl, connection))
          say('warning: TLS certificates are NOT verified (--insecure): whoever answers is judged as the target');
        // Said once and at once, even with --quiet: the whole verdict hangs on it.
        if (event.type === 'unjudged') say(`could not judge (${event.unjudged.code}): ${event.unjudged.reason}`);
        else if (event.type === 'not-served')
          say(`not served: ${describeOperations(event.operations)}: ${NOT_SERVED_WHY}`);
        else progress.onEvent(event);
      },
    });
  } finally {
    progress.done();
  }
}

/**
 * The embedded default: the bundled mock on a free loopback port, with the run's credentials and
 * settings (which need no check: the catalogue is not loaded yet when it starts).
 */
function startBundledMock(cmd: RunCommand): Promise<MockWorkerServer> {
  const settings = settingsForTarget(cmd, undefined, { targetLabel: 'bundled-mock', checks: [], allChecks: [] });
  return startMockWorker({
    host: '127.0.0.1',
    port: 0,
    ...(settings.token !== undefined ? { token: settings.token } : {}),
    ...(settings.basic !== undefined ? { basic: settings.basic } : {}),
    entity: settings.target.entity,
    project: settings.target.project,
    priorityScheduling: settings.target.priorityScheduling,
    // Nobody reads the journal of the run's own mock: keeping none spares its cost.
    journalSize: 0,
  });
}
