/** @module Planted faults for the checks under load: bugs shown only when requests overlap, and a fixed usage. */
import { setTimeout as sleep } from 'node:timers/promises';
import { internalError, serverExit } from '../errors.js';
import type { MockResponse } from '../types.js';
import { chatBody, isChat, type Json, rewriteChunks, rewriteJsonAnswer } from './rewrite.js';
import { faultTable, type Fault } from './types.js';

/** How long an answer waits for another to cross with, or a request stays in flight. */
const OVERLAP_MS = 25;

/** The completion tokens a fixed-usage server counts whatever max_completion_tokens asks. */
const FIXED_COMPLETION_TOKENS = 19;

/** A usage with completion_tokens fixed, prompt and total still adding up. */
function fixedUsage(usage: unknown): unknown {
  if (usage === null || typeof usage !== 'object') return usage;
  const prompt = (usage as Json).prompt_tokens;
  const p = typeof prompt === 'number' ? prompt : 0;
  return { ...usage, completion_tokens: FIXED_COMPLETION_TOKENS, total_tokens: p + FIXED_COMPLETION_TOKENS };
}

const fixedJson = rewriteJsonAnswer<Json>(isChat, (body) => {
  if (body.usage !== undefined) body.usage = fixedUsage(body.usage);
});
const fixedChunks = rewriteChunks<Json>((chunk) =>
  chunk.usage === undefined || chunk.usage === null ? chunk : { ...chunk, usage: fixedUsage(chunk.usage) },
);

/** A prompt of this many characters or more is a long one, for the fault that exits on two overlapping. */
const LONG_PROMPT_CHARS = 32;
/** How long a long request with n ≥ 2 holds the engine's slots; how long the server is down after it exits. */
const HOLD_MS = 300;
const RESTART_MS = 150;

/** Long chat requests with n ≥ 2 under way (the exiting fault's own count), and its exits so far: an exit frees every slot. */
let holding = 0;
let exits = 0;

/** A chat body asking for n ≥ 2 choices of a prompt of LONG_PROMPT_CHARS characters or more (its messages' texts together). */
function longWithChoices(body: Json | undefined): boolean {
  if (!body || typeof body.n !== 'number' || body.n < 2 || !Array.isArray(body.messages)) return false;
  const texts = (body.messages as unknown[]).map((m) => (m as Json | null)?.content);
  return texts.reduce<number>((n, t) => n + (typeof t === 'string' ? t.length : 0), 0) >= LONG_PROMPT_CHARS;
}

let parked: { res: MockResponse; take(other: MockResponse): void } | undefined;

/** Concurrent chat requests in the mock (the saturation fault's own count). */
let inFlight = 0;

export const loadFaults: readonly Fault[] = faultTable({
  'load.crossed-answers': {
    description:
      "Chat answers that are ready at about the same time go to each other's callers (an answer handed to another request of a batch); an answer alone is its own.",
    breaks: ['load.answers-belong-to-their-requests'],
    async after(_req, res, ctx) {
      if (ctx.operation !== 'chat.create' || res.status !== 200) return res;
      const other = parked;
      if (other) {
        parked = undefined;
        other.take(res);
        return other.res;
      }
      return new Promise<MockResponse>((resolve) => {
        const mine = { res, take: resolve };
        parked = mine;
        setTimeout(() => {
          if (parked === mine) {
            parked = undefined;
            resolve(res);
          }
        }, OVERLAP_MS);
      });
    },
  },
  'load.fixed-usage': {
    description: `Every chat answer counts ${FIXED_COMPLETION_TOKENS} completion tokens (prompt and total adding up), whatever max_completion_tokens or max_tokens asks, alone as under load: the bound ignored, no answer crossed.`,
    // Not the load check: the same request alone shows the same usage, so it is no finding under load.
    breaks: ['chat-completions.max-tokens-bound-completion', 'chat-completions.max-tokens-bound-completion.streamed'],
    after: (req, res) => (res.stream === undefined ? fixedJson(req, res) : fixedChunks(req, res)),
  },
  'load.overlapping-long-n-exits': {
    description: `Two chat requests with n ≥ 2 and a prompt of ${LONG_PROMPT_CHARS} characters or more under way at once make the server exit (every connection dropped, nothing listening for ${RESTART_MS} ms), as an engine whose scheduler aborts; either one alone is answered.`,
    breaks: ['load.answers-belong-to-their-requests'],
    exits: true,
    async before(req) {
      if (!longWithChoices(chatBody(req))) return req;
      if (holding > 0) {
        holding = 0;
        exits++;
        return serverExit('openai', RESTART_MS);
      }
      holding++;
      const life = exits;
      try {
        await sleep(HOLD_MS);
        // A turn of the event loop more: a request that arrived while the loop was held up is read before this one ends.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        if (life === exits) holding--;
      }
      return req;
    },
  },
  'load.500-when-saturated': {
    description:
      'A chat request that arrives while two are in flight is answered 500 instead of 429/503 with Retry-After.',
    breaks: ['load.sheds-with-429-or-503'],
    async before(req, ctx) {
      if (ctx.operation !== 'chat.create') return req;
      if (inFlight >= 2) return internalError('openai');
      inFlight++;
      try {
        await sleep(OVERLAP_MS);
      } finally {
        inFlight--;
      }
      return req;
    },
  },
});
