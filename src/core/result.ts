/** @module Check outcomes and results: findings are data; `fail` and `error` both gate, reported apart. */
import type { HttpExchange, RecordedRequest } from '../transport/types.js';
import type { CheckIdentity } from './check-identity.js';
import type { OperationId } from './operations.js';
import type { ConformanceRunReportCheckResult, ConformanceRunReportEvidence } from '../generated/types.js';

export interface PassOutcome {
  readonly status: 'pass';
  readonly notes?: readonly string[];
}
export interface FailOutcome {
  readonly status: 'fail';
  /** What the rule requires, concretely for this case. */
  readonly expected: string;
  /** What the target did. */
  readonly actual: string;
  /** The exchange that shows it (request and response). */
  readonly exchange?: HttpExchange;
  /** For requests read as streams: the request only, plus an excerpt of what arrived. */
  readonly streamRequest?: RecordedRequest;
  readonly streamExcerpt?: { status: number; headers: Readonly<Record<string, string>>; firstBytes: string };
  /** The shrunk minimal counterexample of a property, and fast-check's replay path. */
  readonly counterexample?: unknown;
  readonly path?: string;
  readonly notes?: readonly string[];
  /** The failure is the operation's baseline going wrong: blocked when the root check fails too. */
  readonly precondition?: OperationId;
}
export interface SkipOutcome {
  readonly status: 'skip';
  readonly reason: string;
}
export interface ErrorOutcome {
  readonly status: 'error';
  readonly code: string;
  /** One line, no stack. */
  readonly message: string;
  readonly exchange?: HttpExchange;
  readonly streamRequest?: RecordedRequest;
}
export type CheckOutcome = PassOutcome | FailOutcome | SkipOutcome | ErrorOutcome;

export const pass = (notes?: readonly string[]): PassOutcome =>
  notes?.length ? { status: 'pass', notes } : { status: 'pass' };
export const fail = (f: Omit<FailOutcome, 'status'>): FailOutcome => ({ status: 'fail', ...f });
export const skip = (reason: string): SkipOutcome => ({ status: 'skip', reason });
export const harnessError = (code: string, message: string, exchange?: HttpExchange): ErrorOutcome =>
  exchange ? { status: 'error', code, message, exchange } : { status: 'error', code, message };

/** Evidence a person can act on; every string in it is already redacted. */
export type Evidence = Readonly<ConformanceRunReportEvidence>;

/** One check's result in a run: the outcome plus the check's identity, timings and evidence (the report schema's). */
export type CheckResult = CheckIdentity &
  Readonly<Omit<ConformanceRunReportCheckResult, keyof CheckIdentity | 'notes' | 'evidence'>> & {
    readonly notes?: readonly string[];
    readonly evidence?: Evidence;
  };
