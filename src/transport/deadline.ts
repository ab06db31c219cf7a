/** @module The per-exchange deadline: one timer, held strongly (Node holds `AbortSignal.timeout()` weakly: a GC removed it mid-body). */
import { plural } from '../core/words.js';

/** What an exchange was doing when its deadline, or the run's, passed. */
type ExchangePhase = 'headers' | 'body' | 'done';

export interface ExchangeDeadline {
  /** Aborted when this exchange's time is up or the run's deadline passes. */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** True once this exchange's own deadline (not the run's) has passed. */
  expired(): boolean;
  /** Headers arrived: the body phase starts. */
  headersArrived(): void;
  /** Counts body bytes, for the description of a stalled body. */
  bodyBytes(n: number): void;
  /** Runs `fn` when the deadline passes (used to destroy a body stream nobody is reading). */
  onExpire(fn: () => void): void;
  /** One clause: what the exchange was waiting for, e.g. "the body was still arriving (3 bytes in 2001 ms, about 1 byte/s)". */
  describe(): string;
  /** Stops the timer and unhooks from the run's signal. Idempotent. */
  dispose(): void;
}

function rate(bytes: number, ms: number): string {
  if (ms <= 0) return '';
  const perSecond = (bytes * 1000) / ms;
  if (perSecond < 1) return ', less than 1 byte/s';
  const rounded = perSecond < 10 ? Math.round(perSecond * 10) / 10 : Math.round(perSecond);
  return `, about ${plural(rounded, 'byte')}/s`;
}

/** Starts the deadline of one exchange; `runSignal` aborts it too, with the run's reason. */
export function startDeadline(timeoutMs: number, runSignal?: AbortSignal): ExchangeDeadline {
  const controller = new AbortController();
  const started = performance.now();
  let phase: ExchangePhase = 'headers';
  let headersAt = 0;
  let bytes = 0;
  let lastByteAt = 0;
  let expiredFlag = false;
  let disposed = false;
  const hooks: (() => void)[] = [];

  // Described when its time ran out: once the aborted read has unwound, the clock reads later.
  let atExpiry: string | undefined;
  const fire = (reason: unknown) => {
    if (controller.signal.aborted) return;
    atExpiry = self.describe();
    clearTimeout(timer);
    runSignal?.removeEventListener('abort', onRunAbort);
    controller.abort(reason);
    for (const fn of hooks.splice(0)) {
      try {
        fn();
      } catch {
        /* a hook must not break the others */
      }
    }
  };
  const timer = setTimeout(() => {
    expiredFlag = true;
    fire(new DOMException(`the per-request deadline (${timeoutMs} ms) passed`, 'TimeoutError'));
  }, timeoutMs);
  const onRunAbort = () => fire(runSignal?.reason ?? new DOMException('the run deadline passed', 'AbortError'));

  const self: ExchangeDeadline = {
    signal: controller.signal,
    timeoutMs,
    expired: () => expiredFlag,
    headersArrived() {
      if (phase === 'headers') {
        phase = 'body';
        headersAt = performance.now();
      }
    },
    bodyBytes(n) {
      bytes += n;
      lastByteAt = performance.now();
    },
    onExpire(fn) {
      if (controller.signal.aborted) fn();
      else hooks.push(fn);
    },
    describe() {
      if (atExpiry !== undefined) return atExpiry;
      const elapsed = Math.round(performance.now() - started);
      if (phase === 'headers') {
        return `the status line and headers had not arrived after ${elapsed} ms`;
      }
      const inBody = Math.round(performance.now() - headersAt);
      if (bytes === 0) return `the headers arrived, then no byte of the body in ${inBody} ms`;
      const idle = Math.round(performance.now() - lastByteAt);
      return `the body was still arriving (${plural(bytes, 'byte')} in ${inBody} ms${rate(bytes, inBody)}; last byte ${idle} ms ago)`;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      phase = 'done';
      clearTimeout(timer);
      runSignal?.removeEventListener('abort', onRunAbort);
      hooks.length = 0;
    },
  };
  // Only now: a run already over aborts the exchange at once, and `fire` describes it through `self`.
  if (runSignal?.aborted) onRunAbort();
  else runSignal?.addEventListener('abort', onRunAbort, { once: true });
  return self;
}
