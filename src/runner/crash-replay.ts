/** @module Pinpointing the request that brought the target down: those in flight sent again, one at a time. */
import { describeError } from '../core/errors.js';
import type { HttpClient } from '../transport/types.js';
import { candidatesOf, type Episode } from './target-finding.js';
import { type WriteLedger, writeOf } from './write-ledger.js';

export interface ReplayContext {
  readonly client: HttpClient;
  readonly writes: WriteLedger;
  answers(): Promise<boolean>;
  readonly signal?: AbortSignal;
}

/** Sends the episode's candidates again one at a time; true when one (`episode.killer`) brought it down. */
export async function pinpoint(episode: Episode, ctx: ReplayContext): Promise<boolean> {
  for (const sent of candidatesOf(episode.inFlight)) {
    if (ctx.signal?.aborted) return false;
    const http = writeOf(sent.spec) ? ctx.writes.wrap(ctx.client).http : ctx.client;
    let said: string;
    try {
      const ex = await http.send(sent.spec);
      said = `answered HTTP ${ex.response.status}`;
    } catch (err) {
      const { code, message } = describeError(err);
      if (code === 'CTS_WRITE_BUDGET') {
        episode.tried.push({ sent, outcome: `not sent again: ${message}` });
        continue;
      }
      said = `${code}: ${message}`;
    }
    if (await ctx.answers()) {
      episode.tried.push({ sent, outcome: `sent again alone, ${said}; the target stayed up` });
      continue;
    }
    episode.tried.push({ sent, outcome: `sent again alone (${said}), it brought the target down again` });
    episode.killer = sent;
    episode.killerSaid = said;
    return true;
  }
  return false;
}
