/** @module Check outcomes and results: findings are data; `fail` and `error` both gate, reported apart. */
import type { HttpExchange, RecordedRequest } from '../transport/types.js';
import type { CheckIdentity } from './check-identity.js';
import type { OperationId } from './operations.js';

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
export interface Evidence {
  readonly request?: { method: string; url: string; headers: Record<string, string>; body?: string };
  readonly response?: { status: number; headers: Record<string, string>; excerpt: string; truncated: boolean };
  /** Copy-paste curl line; secrets as `$CONFORMANCE_TOKEN` / `$CONFORMANCE_BASIC`. */
  readonly curl?: string;
  readonly seed: number;
  readonly path?: string;
  readonly counterexample?: unknown;
  /** The command that re-runs only this check. */
  readonly replay: string;
}

/** One check's result in a run: the outcome plus the check's identity, timings and evidence. */
export interface CheckResult extends CheckIdentity {
  readonly status: CheckOutcome['status'];
  /** Fail: expected/actual. Skip: reason. Error: code + message. */
  readonly expected?: string;
  readonly actual?: string;
  readonly reason?: string;
  readonly errorCode?: string;
  readonly message?: string;
  readonly notes?: readonly string[];
  readonly durationMs: number;
  /** Added after the requirement set the run scores (`--requirements`): reported, never gating. */
  readonly unscored?: { readonly since: string };
  /** Failures: the check id and the cause (src/gating/fingerprint.ts), what a baseline entry names. */
  readonly fingerprint?: string;
  /** Accepted by the baseline (does not gate): the entry's reason, fingerprint, ticket and expiry. */
  readonly expectedFailure?: {
    readonly reason: string;
    readonly fingerprint?: string;
    readonly ticket?: string;
    readonly expires?: string;
  };
  /** Skip: the root check whose failure kept this one from judging its own rule (see FailOutcome.precondition). */
  readonly blockedBy?: string;
  /** In the JSON report only: an INFO check's observation, written as a pass with its expected/actual (INFO never fails). */
  readonly observed?: true;
  /** Proxy and replay results: exchanges judged, broken, unanswered, and when the evidence's was seen. */
  readonly exchanges?: {
    readonly judged: number;
    readonly broken: number;
    readonly unanswered: number;
    readonly firstAt?: string;
  };
  readonly evidence?: Evidence;
}
