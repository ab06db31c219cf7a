/** @module The whole-run deadline: one abort signal, started once the checks' preparation is done. */
import { setMaxListeners } from 'node:events';
import type { CheckOutcome } from '../core/result.js';
import type { InFlightExchange } from '../transport/types.js';
import { interruptedBy, interruptedOutcome } from './interrupt.js';

export interface RunDeadline {
  readonly signal: AbortSignal;
  /** Starts the clock once `prepared` settles, or a deadline's length from now, whichever is first. */
  startAfter(prepared: Promise<unknown>): void;
  /** Before the clock starts: a deadline of `ms` if that is longer (the worst case at the pace the preflight measured). */
  lengthen(ms: number): void;
  lengthMs(): number;
  /** Settles when the deadline passes, describing what the check was waiting for at that moment. */
  watch(inFlight: ReadonlySet<InFlightExchange>): { promise: Promise<CheckOutcome>; cancel(): void };
  stop(): void;
  /** Stops the clock (while the target is down, target-watch.ts); the returned function starts it again. */
  hold(): () => void;
  /** What a check meets when the run is over before it starts: the deadline had passed, or the run was interrupted. */
  notRun(): CheckOutcome;
  /** What interrupted the run (`SIGTERM`), once the interrupt came before the run was over. */
  interrupted(): string | undefined;
}

/** What a check was waiting for when the run's deadline passed, in one sentence. */
function describeWaiting(deadlineMs: number, inFlight: ReadonlySet<InFlightExchange>): string {
  const head = `the run deadline (${deadlineMs} ms) passed before this check finished`;
  if (inFlight.size === 0)
    return `${head}; it had no request of its own in flight (it was waiting on a request shared with other checks, or computing)`;
  const waits = [...inFlight].map((x) => `${x.method} ${x.path}: ${x.describe()}`);
  return `${head}; waiting for ${waits.join('; ')}`;
}

/** `interrupt`: aborting it ends the run at once, as the deadline passing would (its reason names what interrupted it). */
export function createRunDeadline(initialMs: number, interrupt?: AbortSignal): RunDeadline {
  let ms = initialMs;
  const controller = new AbortController();
  // Every check and every exchange in flight listens for the run's deadline: not a leak.
  setMaxListeners(0, controller.signal);
  let by: string | undefined;
  const onInterrupt = () => {
    if (controller.signal.aborted) return;
    by = interruptedBy(interrupt!);
    controller.abort(new DOMException(`the run was interrupted by ${by}`, 'AbortError'));
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  let started = false;
  let stopped = false;
  /** When the running clock fires (performance.now()), and what is left of it while held. */
  let firesAt = 0;
  let held: number | undefined;
  let clock: ReturnType<typeof setTimeout> | undefined;
  const arm = (left: number) => {
    firesAt = performance.now() + left;
    clock = setTimeout(() => controller.abort(), left);
    clock.unref?.();
    timers.push(clock);
  };
  const start = () => {
    if (started || stopped) return;
    started = true;
    arm(ms);
  };
  if (interrupt?.aborted) onInterrupt();
  else interrupt?.addEventListener('abort', onInterrupt, { once: true });
  return {
    signal: controller.signal,
    lengthen(longer) {
      if (!started && !stopped) ms = Math.max(ms, longer);
    },
    lengthMs: () => ms,
    startAfter(prepared) {
      void prepared.then(start, start);
      timers.push(setTimeout(start, ms));
      timers.at(-1)?.unref?.();
    },
    watch(inFlight) {
      let onAbort = () => undefined as void;
      const promise = new Promise<CheckOutcome>((resolve) => {
        onAbort = () =>
          resolve(
            by !== undefined
              ? interruptedOutcome(by, true)
              : { status: 'error', code: 'CTS_RUN_DEADLINE', message: describeWaiting(ms, inFlight) },
          );
      });
      // Registered before the check sends anything, so it runs before its exchanges unhook themselves.
      controller.signal.addEventListener('abort', onAbort, { once: true });
      return { promise, cancel: () => controller.signal.removeEventListener('abort', onAbort) };
    },
    hold() {
      if (!clock || held !== undefined || controller.signal.aborted) return () => undefined;
      clearTimeout(clock);
      held = Math.max(0, firesAt - performance.now());
      return () => {
        if (held !== undefined && !stopped) arm(held);
        held = undefined;
      };
    },
    notRun: () =>
      by !== undefined
        ? interruptedOutcome(by, false)
        : { status: 'error', code: 'CTS_RUN_DEADLINE', message: `not run: the run deadline (${ms} ms) had passed` },
    interrupted: () => by,
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      interrupt?.removeEventListener('abort', onInterrupt);
    },
  };
}
