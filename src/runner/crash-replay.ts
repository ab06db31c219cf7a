/**
 * @module Reducing a crash to its trigger: the requests in flight when the target went down sent again
 * one at a time, then (when none brings it down alone) all at once; the request or set that does is
 * shrunk (crash-shrink.ts) while the crash still comes back, within a bounded number of attempts and
 * restarts.
 */
import { describeError } from '../core/errors.js';
import type { HttpClient, HttpRequestSpec, RecordedRequest } from '../transport/types.js';
import { shrink } from './crash-shrink.js';
import { candidatesOf, type Episode, type Found, type Sent } from './target-finding.js';
import { type WriteLedger, writeOf } from './write-ledger.js';

/** The most sets a reduction sends (each a try), and the most times it may bring the target down (each a restart waited out). */
const REDUCTION_BOUNDS = { attempts: 40, restarts: 16 } as const;

export interface ReplayContext {
  /** The client without any check's wrapping: the probes and the replayed candidates go through it. */
  readonly client: HttpClient;
  /** A candidate with side effects is sent again only within the write budget. */
  readonly writes: WriteLedger;
  /** The request as it goes out (headers, credentials, URL), for the finding's evidence. */
  readonly record: (spec: HttpRequestSpec) => RecordedRequest;
  answers(): Promise<boolean>;
  /** Waits for the target to come back (--recover-timeout): false when it did not. */
  comesBack(): Promise<boolean>;
  readonly signal?: AbortSignal;
  /** The replay's bounds on sends and restarts (REDUCTION_BOUNDS by default). */
  readonly bounds?: { readonly attempts: number; readonly restarts: number };
}

/** What the sends of one reduction cost, and whether they were cut short. */
class Trials {
  attempts = 0;
  restarts = 0;
  /** A bound stopped the shrinking (the set may shrink further). */
  bounded = false;
  /** The target did not come back after one of them. */
  gone = false;
  readonly bounds: { readonly attempts: number; readonly restarts: number };

  constructor(private readonly ctx: ReplayContext) {
    this.bounds = ctx.bounds ?? REDUCTION_BOUNDS;
  }

  get over(): boolean {
    return this.gone || this.bounded || this.ctx.signal?.aborted === true;
  }

  /** Sends the set at once; true when it brought the target down (which then came back, or `gone`). */
  async crashes(specs: readonly HttpRequestSpec[]): Promise<boolean> {
    if (this.over) return false;
    if (this.attempts >= this.bounds.attempts || this.restarts >= this.bounds.restarts) {
      this.bounded = true;
      return false;
    }
    await Promise.all(specs.map((s) => this.ctx.client.send(s).catch(() => undefined)));
    return this.wentDown();
  }

  /** After one send: true when the target is down (then waited for: back, or `gone`). */
  async wentDown(): Promise<boolean> {
    this.attempts++;
    if (await this.ctx.answers()) return false;
    this.restarts++;
    if (!(await this.ctx.comesBack())) this.gone = true;
    return true;
  }
}

/** One candidate sent again alone: what it met, or undefined when the write budget kept it back. */
async function sendAlone(sent: Sent, ctx: ReplayContext, episode: Episode): Promise<string | undefined> {
  const http = writeOf(sent.spec) ? ctx.writes.wrap(ctx.client).http : ctx.client;
  try {
    const ex = await http.send(sent.spec);
    return `answered HTTP ${ex.response.status}`;
  } catch (err) {
    const { code, message } = describeError(err);
    if (code !== 'CTS_WRITE_BUDGET') return `${code}: ${message}`;
    episode.tried.push({ sent, outcome: `not sent again: ${message}` });
    return undefined;
  }
}

/** The first candidate that brings the target down alone (it came back after, unless `trials.gone`). */
async function alone(episode: Episode, ctx: ReplayContext, trials: Trials): Promise<Start | undefined> {
  for (const sent of candidatesOf(episode.inFlight)) {
    if (ctx.signal?.aborted) return undefined;
    const said = await sendAlone(sent, ctx, episode);
    if (said === undefined) continue;
    const down = await trials.wentDown();
    const outcome = down
      ? `sent again alone (${said}), it brought the target down again`
      : `sent again alone, ${said}; the target stayed up`;
    episode.tried.push({ sent, outcome });
    if (down) return { set: [sent], how: 'alone', said };
  }
  return undefined;
}

interface Start {
  readonly set: readonly Sent[];
  readonly how: Found['how'];
  readonly said?: string;
}

/**
 * The requests in flight that have no side effects, all at once; then each twice over (the engine's
 * other slots busy with the same work). The first set that brings the target down, or undefined.
 */
async function together(episode: Episode, trials: Trials): Promise<Start | undefined> {
  const set = candidatesOf(episode.inFlight).filter((s) => !writeOf(s.spec));
  if (!set.length) return undefined;
  if (set.length > 1 && (await trials.crashes(set.map((s) => s.spec)))) return { set, how: 'all at once' };
  const twice = set.flatMap((s) => [s, s]);
  if (await trials.crashes(twice.map((s) => s.spec))) return { set: twice, how: 'twice over, at once' };
  return undefined;
}

/**
 * Finds and shrinks what brings the target down again (`episode.found`): a candidate alone, else the
 * candidates at once; `episode.back` false when the target did not come back after one of the crashes.
 */
export async function reduce(episode: Episode, ctx: ReplayContext): Promise<void> {
  const trials = new Trials(ctx);
  const start = (await alone(episode, ctx, trials)) ?? (trials.over ? undefined : await together(episode, trials));
  if (start) {
    // A request with side effects is not sent again to shrink it (each try would be one more write).
    const shrinkable = !trials.over && !start.set.some((s) => writeOf(s.spec));
    const shrunk = shrinkable
      ? await shrink(
          start.set.map((s) => s.spec),
          (specs) => trials.crashes(specs),
        )
      : undefined;
    const members = shrunk
      ? shrunk.specs.map((spec, i) => {
          const from = start.set[shrunk.kept[i]!]!;
          return spec === from.spec ? from : { check: from.check, spec, record: () => ctx.record(spec) };
        })
      : start.set;
    episode.found = {
      how: start.how,
      ...(start.said !== undefined ? { said: start.said } : {}),
      members,
      ...(shrinkable || trials.over ? {} : { unshrunk: 'a request with side effects is not sent again to shrink it' }),
      steps: shrunk?.steps ?? [],
      attempts: trials.attempts,
      restarts: trials.restarts,
      ...(trials.bounded ? { bounded: trials.bounds } : {}),
    };
  }
  episode.back = !trials.gone;
}
