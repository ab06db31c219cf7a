/**
 * @module The proxy judges after it forwards: an exchange's steps reach its judge in order, with the
 * times they happened, in the check phase (setImmediate) after every write of the event loop's turn.
 *
 * Why: judging between writes leaves the clients and upstream idle, each write having to wake them at
 * the proxy's cost; judging after the turn lets them work meanwhile (bench/README.md, proxy-peer).
 * Nothing is sampled or dropped.
 */
import type { ExchangeJudge } from './exchange.js';

/** What the forwarding side tells an exchange's judge (ExchangeJudge's steps). */
export interface ExchangeSteps {
  requestChunk(chunk: Buffer): void;
  requestEnd(): void;
  responseHead(status: number, headers: Record<string, string>): void;
  responseChunk(chunk: Buffer): void;
  responseEnd(cut?: { code: string; message: string }): void;
  upstreamFailed(code: string, message: string): void;
  /** `counted`: told if the exchange was still under way (it is then left unjudged). */
  abandon(counted?: () => void): void;
}

/** The steps of every exchange of one turn, run in order once the turn's forwarding is done. */
export class JudgeQueue {
  private steps: (() => void)[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  /** The steps told to the returned object reach `judge` after this turn's forwarding. */
  queued(judge: ExchangeJudge): ExchangeSteps {
    return new QueuedSteps(this, judge);
  }

  /** A step for after this turn. */
  later(step: () => void): void {
    this.steps.push(step);
    this.scheduled ??= setImmediate(this.run);
  }

  /** Runs every queued step now (the proxy stopping: its reports must hold every exchange). */
  runNow(): void {
    while (this.steps.length) {
      if (this.scheduled) clearImmediate(this.scheduled);
      this.run();
    }
  }

  /** Steps queued while these run (a decoder's output, say) wait for the next turn. */
  private readonly run = (): void => {
    this.scheduled = undefined;
    const steps = this.steps;
    this.steps = [];
    for (let i = 0; i < steps.length; i++) {
      try {
        steps[i]!();
      } catch (err) {
        // One judge's fault must not lose the others' steps: they run next turn; the error goes on.
        this.steps = steps.slice(i + 1).concat(this.steps);
        if (this.steps.length) this.scheduled ??= setImmediate(this.run);
        throw err;
      }
    }
  };
}

/** One exchange's steps, each queued with the time it happened. */
class QueuedSteps implements ExchangeSteps {
  constructor(
    private readonly queue: JudgeQueue,
    private readonly judge: ExchangeJudge,
  ) {}
  requestChunk(chunk: Buffer): void {
    this.queue.later(() => this.judge.requestChunk(chunk));
  }
  requestEnd(): void {
    this.queue.later(() => this.judge.requestEnd());
  }
  responseHead(status: number, headers: Record<string, string>): void {
    const at = performance.now();
    this.queue.later(() => this.judge.responseHead(status, headers, at));
  }
  responseChunk(chunk: Buffer): void {
    const at = performance.now();
    this.queue.later(() => this.judge.responseChunk(chunk, at));
  }
  responseEnd(cut?: { code: string; message: string }): void {
    const at = performance.now();
    this.queue.later(() => this.judge.responseEnd(cut, at));
  }
  upstreamFailed(code: string, message: string): void {
    const at = performance.now();
    this.queue.later(() => this.judge.upstreamFailed(code, message, at));
  }
  abandon(counted?: () => void): void {
    const at = performance.now();
    this.queue.later(() => {
      if (this.judge.abandon(at)) counted?.();
    });
  }
}
