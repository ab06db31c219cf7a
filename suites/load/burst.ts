/** @module A burst of distinct, self-identifying chat requests (§4.1), sent alone and then all at once. */
import type { CheckContext } from '../../src/core/check.js';
import { describeError } from '../../src/core/errors.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { readSse } from '../../src/kit/streams.js';
import { is2xx, jsonOrUndefined } from '../../src/core/values.js';
import type { HttpExchange } from '../../src/transport/types.js';

/** Requests in a burst unless the target says otherwise (`loadBurst`), and the most any burst sends at once. */
export const DEFAULT_BURST = 8;
export const MAX_BURST = 32;

/** The most requests the run may have in flight (`--concurrency`): no burst is larger (the load checks run alone). */
function inFlightCap(ctx: CheckContext): number {
  return ctx.concurrency ?? MAX_BURST;
}

/** The burst: `--load-burst` requests, at most `--concurrency`. */
export function burstSize(ctx: CheckContext): number {
  return Math.min(MAX_BURST, inFlightCap(ctx), Math.max(2, ctx.target.loadBurst ?? DEFAULT_BURST));
}

/** The shedding burst: twice the burst, at most `--concurrency`. */
export function shedBurstSize(ctx: CheckContext): number {
  return Math.min(MAX_BURST, inFlightCap(ctx), 2 * burstSize(ctx));
}

/** Why no burst can be sent: `--concurrency 1` lets one request be in flight at a time. */
export function noBurst(ctx: CheckContext): string | undefined {
  return inFlightCap(ctx) < 2
    ? `--concurrency ${inFlightCap(ctx)}: no two requests are in flight at once, so none are sent at once`
    : undefined;
}

export interface BurstRequest {
  readonly index: number;
  readonly requestId: string;
  readonly n: number;
  readonly maxTokens: number;
  readonly stream: boolean;
  readonly body: Record<string, unknown>;
}

/** What one answer said: its status, the choices' texts by index, its id and usage; or why there is none. */
export interface Answer {
  readonly status: number;
  readonly retryAfter?: string | undefined;
  readonly texts: string[];
  readonly id: string | undefined;
  readonly usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
  readonly exchange?: HttpExchange;
  /** The exchange failed without an answer (reset, timeout). */
  readonly error?: string;
  readonly errorCode?: string;
  readonly cause?: unknown;
}

/** The burst's requests: distinct prompts, seeds, ids, `n` (1, 2) and caps (2..8, within the run's). */
export function burstRequests(ctx: CheckContext, size: number, tag: string): BurstRequest[] {
  return Array.from({ length: size }, (_, index) => {
    const n = 1 + (index % 2);
    const maxTokens = Math.min(ctx.target.maxCompletionTokens, 2 + 2 * (index % 4));
    const stream = index % 4 >= 2;
    const requestId = `cts-load-${ctx.seed}-${tag}-${index}`;
    const code = (ctx.seed * 7919 + index * 104_729) % 1_000_000;
    return {
      index,
      requestId,
      n,
      maxTokens,
      stream,
      body: minimalChatRequest(ctx.target, {
        messages: [{ role: 'user', content: `Request ${index + 1} of ${size}, code ${code}: repeat the code.` }],
        // Greedy at n = 1; n > 1 needs sampling (vLLM refuses greedy with n > 1), seeded.
        temperature: n === 1 ? 0 : 1,
        seed: (ctx.seed + index) % 2 ** 31,
        n,
        max_completion_tokens: maxTokens,
        request_id: requestId,
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      }),
    };
  });
}

type Json = Record<string, unknown>;

function usageOf(v: unknown): Answer['usage'] {
  return v !== null && typeof v === 'object' ? (v as Answer['usage']) : undefined;
}

/** An answer without choices, id or usage: refused, or none at all. */
const emptyAnswer = (status: number, rest: Partial<Answer>): Answer => ({
  status,
  texts: [],
  id: undefined,
  usage: undefined,
  ...rest,
});

export async function ask(ctx: CheckContext, r: BurstRequest, requestId = r.requestId): Promise<Answer> {
  const spec = {
    method: 'POST',
    path: pathOf(ctx.target, 'chat.create'),
    json: { ...r.body, request_id: requestId },
  } as const;
  try {
    if (!r.stream) {
      const ex = await ctx.http.send(spec);
      const body = (ex.json ?? {}) as Json;
      const choices = Array.isArray(body.choices) ? (body.choices as Json[]) : [];
      const texts: string[] = [];
      for (const c of choices) {
        const i = typeof c.index === 'number' ? c.index : texts.length;
        texts[i] = String((c.message as Json | undefined)?.content ?? '');
      }
      return {
        status: ex.response.status,
        retryAfter: ex.response.headers['retry-after'],
        texts,
        id: typeof body.id === 'string' ? body.id : undefined,
        usage: usageOf(body.usage),
        exchange: ex,
      };
    }
    const stream = await ctx.http.open(spec);
    if (!is2xx(stream.status)) {
      await stream.close();
      return emptyAnswer(stream.status, { retryAfter: stream.headers['retry-after'] });
    }
    const texts: string[] = [];
    let id: string | undefined;
    let usage: Answer['usage'];
    await readSse(stream, (ev) => {
      if (ev.data === '[DONE]') return;
      const chunk = jsonOrUndefined(ev.data) as Json | undefined;
      if (chunk === undefined) return;
      if (typeof chunk.id === 'string') id ??= chunk.id;
      if (chunk.usage) usage = usageOf(chunk.usage);
      for (const c of Array.isArray(chunk.choices) ? (chunk.choices as Json[]) : []) {
        const i = typeof c.index === 'number' ? c.index : 0;
        texts[i] = (texts[i] ?? '') + String((c.delta as Json | undefined)?.content ?? '');
      }
    });
    return { status: stream.status, texts, id, usage };
  } catch (err) {
    const { code, message } = describeError(err);
    if (code === 'CTS_WRITE_BUDGET' || code === 'CTS_RUN_DEADLINE') throw err;
    return emptyAnswer(0, { error: `${code}: ${message}`, errorCode: code, cause: err });
  }
}
