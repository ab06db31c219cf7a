/** @module Runs selected checks against one target: plan, session, start, checks, report. */
import type { RunReport } from '../core/report.js';
import { assembleReport, unjudgedAtEnd } from './assemble-report.js';
import { runChecks } from './run-check.js';
import type { RunSettings } from './run-settings.js';
import { planRun } from './run-plan.js';
import { openRun } from './run-session.js';
import { startRun } from './run-start.js';

export type { RunSettings } from './run-settings.js';

export async function runSuite(opts: RunSettings): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const plan = planRun(opts);
  const session = openRun(opts, plan);
  const start = await startRun(opts, plan, session);
  const { results, preconditions } = await runChecks(opts, plan, session, start);
  const durationMs = performance.now() - started;
  const unjudged = unjudgedAtEnd(opts, session, results, start.unjudged);
  opts.onEvent?.({ type: 'run-end', target: session.label, durationMs });
  return assembleReport(opts, session, {
    startedAt,
    durationMs,
    results,
    preconditions,
    unjudged,
    notServed: start.notServed,
  });
}
