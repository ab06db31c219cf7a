/** @module Watches the target for going down during a run: probes, waits for it, replays, or ends the run. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckDefinition } from '../core/check.js';
import { identityOf } from '../core/check-identity.js';
import type { Redactor } from '../core/redact.js';
import type { RunReport } from '../core/report.js';
import { resummarized } from '../core/summary.js';
import { ConformanceError } from '../core/errors.js';
import { type AuthScheme, operation } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import { createDeadStreak, WINDOW } from './dead-streak.js';
import type { HttpClient, HttpRequestSpec, RecordedRequest } from '../transport/types.js';
import { type ReplayContext, reduce } from './crash-replay.js';
import { probeOf, type Unjudged } from './preflight.js';
import { RUN_DEFAULTS } from '../core/defaults.js';
import { type Episode, FINDING_ID, type FindingContext, findingOf, type Sent } from './target-finding.js';
import { NOT_UP, type RequestWatch, TargetDownError, watchedClient } from './watched-client.js';
import type { RunSettings } from './run-settings.js';
import type { WriteLedger } from './write-ledger.js';

/** Transport failures that may mean the target went away (connection reset, cut, refused). */
const CONNECTION_LOST: ReadonlySet<string> = new Set(['CTS_TARGET_RESET', 'CTS_STREAM_CUT', 'CTS_TARGET_UNREACHABLE']);
/** Transport failures that count as no answer for the dead streak (dead-streak.ts): the above, and a timeout. */
const NO_ANSWER: ReadonlySet<string> = new Set([...CONNECTION_LOST, 'CTS_TARGET_TIMEOUT']);
/** Time between two probes while waiting for the target to come back. */
const POLL_MS = 250;
/** A check runs at most this many times: once, and once more after a comeback. */
const MAX_ATTEMPTS = 2;

/** The replay's context (its client, write budget, bounds and signal), and the watch's own settings. */
export interface TargetWatchOptions extends Omit<ReplayContext, 'answers' | 'comesBack'> {
  /** A cheap request: any answer of the target's own says it is up. */
  readonly probe: HttpRequestSpec;
  /** How long to wait for the target to come back, in ms (0: not at all). */
  readonly recoverTimeoutMs: number;
  /** Send the requests in flight again, one at a time then at once, to find (and shrink) what brings the target down. */
  readonly crashReplay: boolean;
  /** Holds the run's clock while the target is down; the returned function lets it run again. */
  readonly hold?: () => () => void;
  /** What the finding's evidence is built with (its replay line runs the checks of the requests found again). */
  readonly evidence: Omit<FindingContext, 'redact'>;
}

/** What of a run's options the watcher reads (`recoverTimeoutMs`, `crashReplay`: RUN_DEFAULTS's when absent). */
export type WatchedRun = Pick<
  RunSettings,
  'target' | 'timeoutMs' | 'recoverTimeoutMs' | 'crashReplay' | 'token' | 'basic' | 'seed' | 'replayBase' | 'connection'
>;

/** The run's watcher: probes with the preflight's probe, replays within the run's write budget, holds the run's clock. */
export function watchTarget(
  run: WatchedRun,
  client: HttpClient & { record(spec: HttpRequestSpec): RecordedRequest },
  writes: WriteLedger,
  deadline: { readonly signal: AbortSignal; hold(): () => void },
): TargetWatch {
  return createTargetWatch({
    client,
    record: (spec) => client.record(spec),
    probe: probeOf(run.target, 'bearer', run.timeoutMs),
    recoverTimeoutMs: run.recoverTimeoutMs ?? RUN_DEFAULTS.recoverTimeoutMs,
    crashReplay: run.crashReplay ?? RUN_DEFAULTS.crashReplay,
    writes,
    hold: () => deadline.hold(),
    signal: deadline.signal,
    evidence: {
      token: run.token,
      basic: run.basic,
      seed: run.seed,
      replayBase: run.replayBase,
      connection: run.connection,
    },
  });
}

export interface TargetWatch {
  /** One check's client: its requests are watched, and wait while the target is down. */
  wrap(http: HttpClient, checkId: string): HttpClient;
  /** Runs one check: again after a comeback if the target went down under it; a skip once the target is gone. */
  guard(
    check: CheckDefinition,
    run: () => Promise<{ result: CheckResult; requests: number }>,
  ): Promise<{ result: CheckResult; requests: number }>;
  /** The report with the `target.stays-up` result when the target went down during the run, summary recounted. */
  finish(report: RunReport, redact: Redactor): RunReport;
  /** A target gone for good: what was not judged and the checks' ids (after a dead streak, `results` rewritten in place). */
  notJudged(
    results: CheckResult[],
    checks: readonly CheckDefinition[],
  ): { unjudged: Unjudged; ids: string[] } | undefined;
}

export function createTargetWatch(opts: TargetWatchOptions): TargetWatch {
  return new Watch(opts);
}

/** An episode under way: every check's requests wait for it to settle. */
interface Current {
  readonly episode: Episode;
  /** Whether the probe found the target down. */
  readonly detected: Promise<boolean>;
  readonly settled: Promise<void>;
}

/** The target went down and did not come back: the run is over (`episode`: a connection lost, else a dead streak). */
interface Gone {
  readonly at: Date;
  readonly reason: string;
  readonly unjudged: string;
  readonly episode?: Episode;
}

class Watch implements TargetWatch, RequestWatch {
  readonly inFlight = new Set<Sent>();
  private readonly episodes: Episode[] = [];
  private current: Current | undefined;
  private gone: Gone | undefined;
  /** Most checks met no answer (dead-streak.ts): the probe and the wait under way. */
  private readonly streak = createDeadStreak();
  private stalling: Promise<void> | undefined;
  /** Times the target came back after a dead streak: a check that met no answer then runs again. */
  private comebacks = 0;
  /** An answer of the target's own (not a gateway's page) was seen. */
  private ownAnswer = false;
  /** Checks with a request the target's going down cut short (in their current attempt). */
  private readonly hits = new Set<string>();
  private answered = false;
  private lastSaid = 'nothing yet';

  constructor(private readonly opts: TargetWatchOptions) {}

  /** Read afresh after an await (a field read before one is not what it is after). */
  private goneNow(): Gone | undefined {
    return this.gone;
  }

  record(spec: HttpRequestSpec): RecordedRequest {
    return this.opts.record(spec);
  }

  private async answers(): Promise<boolean> {
    // A status line is an answer, even with a body cut short after it.
    try {
      const ex = await this.opts.client.open(this.opts.probe);
      await ex.close();
      return !NOT_UP.has(ex.status);
    } catch {
      return false;
    }
  }

  private async comesBack(): Promise<boolean> {
    const until = Date.now() + this.opts.recoverTimeoutMs;
    while (Date.now() < until && !this.opts.signal?.aborted) {
      await sleep(Math.min(POLL_MS, Math.max(0, until - Date.now())));
      if (await this.answers()) return true;
    }
    return false;
  }

  /** A connection was lost after the target had answered: probe, and wait for it to come back if down. */
  private begin(first: Sent, error: string): Current {
    const episode: Episode = {
      downAt: new Date(),
      first,
      error,
      lastSaid: this.lastSaid,
      inFlight: [...this.inFlight],
      tried: [],
      back: false,
      replayed: this.opts.crashReplay,
      recoverTimeoutMs: this.opts.recoverTimeoutMs,
    };
    const detected = this.answers().then((up) => !up);
    const settled = detected.then((down) => (down ? this.waitOut(episode) : undefined));
    const entry = { episode, detected, settled: settled.finally(() => (this.current = undefined)) };
    this.current = entry;
    return entry;
  }

  /** The target is down: the run's clock held, wait for it (and find the request that brings it down again). */
  private async waitOut(episode: Episode): Promise<void> {
    this.episodes.push(episode);
    const release = this.opts.hold?.();
    try {
      episode.back = await this.comesBack();
      if (episode.back && this.opts.crashReplay)
        await reduce(episode, { ...this.opts, answers: () => this.answers(), comesBack: () => this.comesBack() });
      episode.backAt = episode.back ? new Date() : undefined;
      if (episode.back) this.streak.clear();
      else
        this.gone = {
          at: episode.downAt,
          reason: `not run: the target went down at ${episode.downAt.toISOString()} and did not come back within ${episode.recoverTimeoutMs / 1000} s (see ${FINDING_ID})`,
          unjudged: `the target went down at ${episode.downAt.toISOString()} and stayed down past --recover-timeout (see ${FINDING_ID})`,
          episode,
        };
    } finally {
      release?.();
    }
  }

  /** Waits for the episode (or the dead streak's probe and wait) under way, if any, to settle. */
  private async settle(): Promise<void> {
    while (this.current || this.stalling) await (this.current?.settled ?? this.stalling);
  }

  /** Most of the latest checks met no answer: probe; gone unless the target answers or comes back. */
  private stall(): Promise<void> {
    return (this.stalling ??= this.stalled().finally(() => (this.stalling = undefined)));
  }

  private async stalled(): Promise<void> {
    while (this.current) await this.current.settled;
    if (this.goneNow() || this.streak.count() === 0) return;
    if (await this.answers()) return this.streak.clear(); // up: the checks met failures of their own
    const at = new Date();
    const met = this.streak.lastMet();
    const n = this.streak.count();
    // A target that never answered has nothing to come back from: no wait.
    const release = this.ownAnswer ? this.opts.hold?.() : undefined;
    try {
      if (this.ownAnswer && (await this.comesBack())) {
        this.comebacks++;
        return this.streak.clear();
      }
    } finally {
      release?.();
    }
    const waited = this.ownAnswer
      ? `; it did not come back within ${this.opts.recoverTimeoutMs / 1000} s (--recover-timeout)`
      : '';
    const what = `the target ${this.ownAnswer ? 'stopped answering' : 'never answered'} at ${at.toISOString()}: every request of ${n} of the last ${WINDOW} checks met no answer of its own (the last: ${met}), nor did a probe${waited}`;
    this.gone = { at, reason: `not run: ${what}`, unjudged: what };
  }

  heard(checkId: string, spec: HttpRequestSpec, gateway: string | undefined): void {
    if (gateway !== undefined) this.streak.unanswered(checkId, `${gateway} to ${spec.method} ${spec.path}`);
    else {
      this.ownAnswer = true;
      this.streak.answered(checkId);
    }
  }

  unheard(checkId: string, spec: HttpRequestSpec, err: unknown): void {
    if (err instanceof TargetDownError || !ConformanceError.is(err) || !NO_ANSWER.has(err.code)) return;
    this.streak.unanswered(checkId, `${err.code} on ${spec.method} ${spec.path}`);
  }

  async gate(checkId: string): Promise<void> {
    await this.settle();
    const gone = this.goneNow();
    if (gone) {
      this.hits.add(checkId);
      throw new TargetDownError(`not sent: the target went down at ${gone.at.toISOString()} and did not come back`);
    }
  }

  async failed(sent: Sent, err: unknown): Promise<never> {
    if (err instanceof TargetDownError) throw err;
    const code = ConformanceError.is(err) ? err.code : '';
    if (!this.answered || !CONNECTION_LOST.has(code)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    const episode = this.current ?? this.begin(sent, message);
    if (!(await episode.detected)) throw err;
    this.hits.add(sent.check);
    throw new TargetDownError(`the target went down during ${sent.spec.method} ${sent.spec.path}: ${message}`);
  }

  saw(spec: HttpRequestSpec, status: number): void {
    this.answered = true;
    this.lastSaid = `HTTP ${status} to ${spec.method} ${spec.path} at ${new Date().toISOString()}`;
  }

  wrap(http: HttpClient, checkId: string): HttpClient {
    return watchedClient(this, http, checkId);
  }

  async guard(
    check: CheckDefinition,
    run: () => Promise<{ result: CheckResult; requests: number }>,
  ): Promise<{ result: CheckResult; requests: number }> {
    let requests = 0;
    for (let attempt = 1; ; attempt++) {
      await this.settle();
      const before = this.goneNow();
      if (before) return { result: notRun(check, before.reason), requests };
      const out = await this.attempt(check, run);
      requests += out.requests;
      const verdict = out.rerun ? await this.afterHit(check, attempt) : out.result;
      if (verdict) return { result: verdict, requests };
    }
  }

  /** One run of a check: its result, or `rerun` when the target's going down (or coming back) hit it. */
  private async attempt(
    check: CheckDefinition,
    run: () => Promise<{ result: CheckResult; requests: number }>,
  ): Promise<{ result: CheckResult; requests: number; rerun: boolean }> {
    this.hits.delete(check.id);
    this.streak.start(check.id);
    const downBefore = this.episodes.length;
    const backBefore = this.comebacks;
    const out = await run();
    if (this.streak.ended(check.id)) await this.stall();
    const metNone = this.streak.dead.has(check.id) || (this.comebacks > backBefore && out.result.status !== 'pass');
    const after = this.goneNow(); // (set while this check ran)
    if (after && !after.episode && metNone)
      return { result: notRun(check, after.reason), requests: out.requests, rerun: false };
    const hit =
      this.hits.has(check.id) ||
      (out.result.status === 'error' && this.episodes.length > downBefore) ||
      (this.comebacks > backBefore && metNone);
    return { ...out, rerun: hit };
  }

  /** A check the target's going down hit: not judged if it stayed down, or if the check brought it down, or twice; else run again (undefined). */
  private async afterHit(check: CheckDefinition, attempt: number): Promise<CheckResult | undefined> {
    await this.settle();
    const then = this.goneNow();
    if (then) return notRun(check, then.reason);
    if (this.episodes.some((e) => e.found?.members.some((m) => m.check === check.id)))
      return notRun(check, `not judged: a request of this check brought the target down (see ${FINDING_ID})`);
    if (attempt >= MAX_ATTEMPTS)
      return notRun(check, `not judged: the target went down while it ran, twice (see ${FINDING_ID})`);
    return undefined;
  }

  notJudged(
    results: CheckResult[],
    checks: readonly CheckDefinition[],
  ): { unjudged: Unjudged; ids: string[] } | undefined {
    const gone = this.goneNow();
    if (!gone) return undefined;
    const { reason } = gone;
    const streakGone = gone.episode === undefined;
    const ids: string[] = [];
    checks.forEach((check, i) => {
      const r = results[i];
      const onNone =
        this.streak.dead.has(check.id) ||
        (this.streak.touched.has(check.id) && r?.status !== 'pass') ||
        // (A read shared with another check's request met its transport error without sending.)
        (r?.status === 'error' && NO_ANSWER.has(r.errorCode ?? ''));
      if (streakGone && onNone && r?.reason !== reason) results[i] = notRun(check, reason);
      if (results[i]?.status === 'skip' && results[i]?.reason === reason) ids.push(check.id);
    });
    return {
      unjudged: {
        code: 'CTS_TARGET_DOWN',
        reason: `${gone.unjudged}: ${ids.length} of ${checks.length} checks not run`,
        families: familiesOf(checks),
      },
      ids,
    };
  }

  finish(report: RunReport, redact: Redactor): RunReport {
    if (!this.episodes.length) return report;
    // Recounted as the slo.* results are (src/timing/report-timing.ts): the finding gates.
    return resummarized({
      ...report,
      results: [...report.results, findingOf(this.episodes, { ...this.opts.evidence, redact })],
    });
  }
}

export function familiesOf(checks: readonly CheckDefinition[]): AuthScheme[] {
  return [...new Set(checks.map((c) => operation(c.operation).auth))];
}

/** A check the watcher did not let judge anything: a skip with the reason. */
function notRun(check: CheckDefinition, reason: string): CheckResult {
  return { ...identityOf(check), durationMs: 0, status: 'skip', reason };
}
