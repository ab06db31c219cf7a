/** @module An interrupted run: the first SIGINT/SIGTERM stops it as its deadline would; a second exits at once. */
import { constants } from 'node:os';
import type { CheckDefinition } from '../core/check.js';
import type { RunReport } from '../core/report.js';
import type { CheckOutcome, CheckResult } from '../core/result.js';
import { INTERRUPTED_CODE } from '../core/verdict-of-report.js';
import type { RunnerSkip } from '../coverage/causes.js';
import type { Unjudged } from './preflight.js';

/** How the reason of every check an interrupt kept from being judged starts. */
const NOT_RUN = 'not run: interrupted';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type InterruptSignal = (typeof SIGNALS)[number];

/** What interrupted the run, from the interrupt's abort reason: a signal's name, or `an abort`. */
export function interruptedBy(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'an abort';
}

/** A check the interrupt stopped, before it started or while it ran: a skip, never a finding against the target. */
export function interruptedOutcome(by: string, running: boolean): CheckOutcome {
  return { status: 'skip', reason: `${NOT_RUN} by ${by}${running ? ' while it ran' : ''}` };
}

export function notRunForInterrupt(result: CheckResult): boolean {
  return result.status === 'skip' && (result.reason ?? '').startsWith(NOT_RUN);
}

/** How many of a run's checks were run before the interrupt (the others are skips saying so). */
function checksRun(results: readonly (CheckResult | undefined)[], total: number): number {
  return Math.max(0, total - results.filter((r) => r !== undefined && notRunForInterrupt(r)).length);
}

/** What a run stopped by an interrupt (`by`) could not judge, keeping the preflight's finding. */
export function interruptedRun(
  by: string | undefined,
  results: readonly (CheckResult | undefined)[],
  checks: readonly Pick<CheckDefinition, 'id'>[],
  before: Unjudged | undefined,
  skips: Map<string, RunnerSkip>,
): Unjudged | undefined {
  if (by === undefined) return undefined;
  checks.forEach((check, i) => {
    const r = results[i];
    if (r && notRunForInterrupt(r)) skips.set(check.id, 'not-judged');
  });
  const run = checksRun(results, checks.length);
  const reason = `interrupted by ${by} after ${run} of ${checks.length} checks; the other ${checks.length - run} were not run`;
  return {
    code: INTERRUPTED_CODE,
    reason: before ? `${reason}; and could not judge (${before.code}): ${before.reason}` : reason,
    families: before?.families ?? [],
  };
}

/** Where the signals come from and what ends the process: `process`, or a stand-in in a test. */
export interface SignalHost {
  on(event: InterruptSignal, listener: (signal: InterruptSignal) => void): unknown;
  off(event: InterruptSignal, listener: (signal: InterruptSignal) => void): unknown;
  exit(code: number): void;
  readonly stderr: { write(text: string): unknown };
}

export interface SignalInterrupt {
  /** Aborted at the first signal, its reason the signal's name: a run's `interrupt`. */
  readonly signal: AbortSignal;
  /** Stops listening: the signals' default handling comes back. */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM: the first aborts `signal`, a second exits at once. */
export function interruptOnSignals(host: SignalHost = process as unknown as SignalHost): SignalInterrupt {
  const controller = new AbortController();
  const onSignal = (signal: InterruptSignal): void => {
    if (!controller.signal.aborted) {
      // Said at once: the stop takes a moment (reports to write), and a user pressing Ctrl-C sees it taken.
      host.stderr.write(`conformance: ${signal}: stopping and writing the reports (${signal} again: exit at once)\n`);
      controller.abort(signal);
      return;
    }
    host.stderr.write(`conformance: ${signal} again: exiting at once, without the reports\n`);
    host.exit(128 + constants.signals[signal]); // the shell's exit code for a process a signal ended
  };
  for (const s of SIGNALS) host.on(s, onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const s of SIGNALS) host.off(s, onSignal);
    },
  };
}

/** The one line an interrupted `conformance run` ends with, on stderr. */
export function interruptedLine(
  interrupt: AbortSignal,
  reports: readonly Pick<RunReport, 'results'>[],
  checksPerTarget: number,
  written: readonly string[],
): string {
  const run = reports.reduce((n, r) => n + checksRun(r.results, checksPerTarget), 0);
  const total = checksPerTarget * reports.length;
  const files = written.length ? written.join(', ') : 'none asked for';
  return `conformance: interrupted by ${interruptedBy(interrupt)}: ${run} of ${total} checks run; reports written: ${files}\n`;
}
