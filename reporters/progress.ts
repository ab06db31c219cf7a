/**
 * @module Progress while a run is going: one self-rewriting line on a terminal; elsewhere silent,
 * unless forced: then one plain line per finished check, for CI logs.
 */
import type { OperationId } from '../src/core/operations.js';
import { operationLabel } from '../src/core/operations.js';
import type { CheckResult } from '../src/core/result.js';
import { outcomeOf } from './_internal/outcome.js';
import { painter, terminalSafe } from './_internal/terminal.js';

/** A check started (`check`) or finished (`result`), with the cases done of this target's total. */
interface ProgressCheckEvent {
  readonly type: 'check-start' | 'check-end';
  readonly total: number;
  readonly done: number;
  readonly result?: CheckResult;
  readonly check?: { readonly id: string; readonly operation: OperationId };
  readonly target?: string;
}

interface ProgressRunEvent {
  readonly type: 'run-start' | 'run-end';
  readonly target?: string;
}

/** What the runner tells the progress printer (the runner's `RunEvent` fits). */
type ProgressEvent = ProgressCheckEvent | ProgressRunEvent;

/** The part of a stream the printer uses (`process.stderr` fits). */
export interface ProgressStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressOptions {
  /** @defaultValue `process.stderr` */
  readonly stream?: ProgressStream;
  /** Print even when the stream is not a terminal (plain lines, no rewriting). */
  readonly force?: boolean;
  /** Print nothing at all (`--quiet`); wins over `force`. */
  readonly quiet?: boolean;
  /** ANSI colour on a terminal. @defaultValue true */
  readonly color?: boolean;
}

export interface Progress {
  readonly onEvent: (event: ProgressEvent) => void;
  /** Clears the live line so the report starts on a clean line. */
  readonly done: () => void;
}

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const live = stream.isTTY === true;
  if (options.quiet || (!live && !options.force)) return { onEvent: () => {}, done: () => {} };
  const paint = painter(live && options.color !== false);
  let failed = 0;
  let drawn = false;
  let target: string | undefined;
  return {
    onEvent(event: ProgressEvent) {
      if (!isCheckEvent(event)) {
        if (event.type === 'run-start') {
          target = event.target;
          failed = 0;
        }
        return;
      }
      const outcome = event.result ? outcomeOf(event.result) : undefined;
      if (event.type === 'check-end' && (outcome === 'fail' || outcome === 'error')) failed++;
      const check = event.result ?? event.check;
      if (!check) return;
      const counter = `[${event.done}/${event.total}]`;
      const label = event.target ?? target;
      const where = `${operationLabel(check.operation)}${label ? ` @ ${label}` : ''}`;
      if (live) {
        const tail = failed ? `  ${paint('red', `${failed} failing`)}` : '';
        const text = terminalSafe(`${counter} ${where}  ${check.id}`);
        const width = Math.max(20, (stream.columns ?? 80) - 1 - (failed ? 14 : 0));
        stream.write(`\r\u001b[2K${text.length > width ? text.slice(0, width - 1) + '…' : text}${tail}`);
        drawn = true;
      } else if (event.type === 'check-end' && outcome) {
        stream.write(terminalSafe(`${counter} ${outcome.padEnd(5)} ${check.id}  ${where}`) + '\n');
      }
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

function isCheckEvent(event: ProgressEvent): event is ProgressCheckEvent {
  return event.type === 'check-start' || event.type === 'check-end';
}
