/**
 * @module The streamed answer (`stream: true`), as docs/conventions.md describes vLLM's Server-Sent
 * Events: `chat.completion.chunk` objects sharing one id; per choice a first delta
 * `{role: "assistant", content: ""}`, then deltas that concatenate to the non-streamed text, and
 * `finish_reason` once, on the choice's last chunk; a usage chunk with `choices: []` when
 * `include_usage`; cumulative usage on every chunk with `continuous_usage_stats`; `prompt_token_ids`
 * only on the first chunk; then `data: [DONE]`. Stops as soon as the client goes away.
 */
import type { Gone, ReadyIterator } from '../exchange.js';
import { tokenLogprob } from './logprobs.js';
import { usageJson, type ChatPlan } from './plan.js';
import { tokenId } from './tokenizer.js';

const q = JSON.stringify;

interface StreamEvent {
  /** The delta as JSON text. */
  delta: string;
  tokenId?: number;
  logprob?: () => unknown;
}

function choiceEvents(plan: ChatPlan, i: number): StreamEvent[] {
  const c = plan.choices[i]!;
  const { req } = plan;
  const events: StreamEvent[] = [];
  if (c.echo) events.push({ delta: `{"content":${q(c.echo)}}` });
  for (const t of c.reasoningTokens) events.push({ delta: `{"reasoning":${q(t)}}`, tokenId: tokenId(t) });
  let pos = 0;
  c.tokens.forEach((t, k) => {
    // Text past the end of `content` was cut by a stop string: its delta is empty.
    const piece = c.content.slice(pos, pos + t.length);
    pos += t.length;
    const event: StreamEvent = { delta: `{"content":${q(piece)}}`, tokenId: c.tokenIds[k]! };
    if (req.logprobs === true)
      event.logprob = () => tokenLogprob(t, k, c.seed, req.top_logprobs ?? 0, req.return_tokens_as_token_ids === true);
    events.push(event);
  });
  return events;
}

/** The `[DONE]` event. */
const DONE = 'data: [DONE]\n\n';

/** An event's text up to its `created` (what differs between answers to the same body). */
function eventHead(id: string, created: number): string {
  return `data: {"id":${q(id)},"object":"chat.completion.chunk","created":${created}`;
}

/**
 * The SSE body: one string per event. Each event is written as JSON text from templates (the fields
 * every chunk shares serialised once per stream); only logprobs and extra fields go through
 * JSON.stringify. `tails`: the events after their `created` when written before (plan-cache.ts).
 * Stops before the next event once `signal` tells the client went away.
 */
export function sseStream(
  plan: ChatPlan,
  signal?: Gone,
  tails: Iterable<string | null> = eventTails(plan),
): AsyncIterableIterator<string> & ReadyIterator {
  return new EventStream(eventHead(plan.id, plan.created), tails[Symbol.iterator](), signal);
}

const END: IteratorResult<string> = { done: true, value: undefined };

/**
 * The events as an async iterator of its own rather than an async generator: a resolved promise per
 * event instead of a generator's queue and resumption (a streamed answer has one event per token).
 */
class EventStream implements AsyncIterableIterator<string>, ReadyIterator {
  #ended = false;

  constructor(
    readonly head: string,
    readonly tails: Iterator<string | null>,
    readonly signal: Gone | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<string>> {
    try {
      return Promise.resolve(this.ready());
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** The next event at once (every event is ready: they are written from the plan). */
  ready(): IteratorResult<string> {
    if (this.#ended) return END;
    let tail: IteratorResult<string | null>;
    try {
      tail = this.tails.next();
    } catch (err) {
      this.#ended = true;
      throw err;
    }
    if (tail.done) {
      this.#ended = true;
      return END;
    }
    if (tail.value === null) {
      this.#ended = true;
      return { done: false, value: DONE };
    }
    if (this.signal?.aborted) {
      this.#ended = true;
      return END;
    }
    return { done: false, value: this.head + tail.value };
  }

  return(): Promise<IteratorResult<string>> {
    this.#ended = true;
    this.tails.return?.();
    return Promise.resolve(END);
  }
}

/** The events of the answer after their `created`, null for `[DONE]`: a function of the request alone. */
export function* eventTails(plan: ChatPlan): Generator<string | null> {
  const { req } = plan;
  const prefix = `,"model":${q(plan.model)},"choices":`;
  const continuous = req.stream_options?.continuous_usage_stats === true;
  const withIds = req.return_token_ids === true;
  let completion = 0;
  /** One event: its choices (JSON text), then usage (continuous_usage_stats) and any extra fields. */
  const frame = (choices: string, extra = ''): string =>
    `${prefix}[${choices}]${continuous ? `,"usage":${usageJson(plan, completion)}` : ''}${extra}}\n\n`;

  for (const c of plan.choices) {
    const first = c.index === 0 && withIds ? `,"prompt_token_ids":${q(plan.promptTokens().map((t) => t.id))}` : '';
    yield frame(
      `{"index":${c.index},"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}`,
      first,
    );
  }

  const all = plan.choices.map((_, i) => choiceEvents(plan, i));
  const longest = Math.max(1, ...all.map((e) => e.length));
  for (let step = 0; step < longest; step++) {
    for (let i = 0; i < all.length; i++) {
      const events = all[i]!;
      const c = plan.choices[i]!;
      const last = step === Math.max(0, events.length - 1);
      const event = events[step];
      if (!event && !(last && events.length === 0)) continue;
      if (event?.tokenId !== undefined) completion++;
      const logprobs = event?.logprob ? q({ content: [event.logprob()] }) : 'null';
      const ending = last ? `${q(c.finishReason)},"stop_reason":${q(c.stopReason)}` : 'null';
      const ids = withIds && event?.tokenId !== undefined ? `,"token_ids":[${event.tokenId}]` : '';
      yield frame(
        `{"index":${c.index},"delta":${event?.delta ?? '{}'},"logprobs":${logprobs},"finish_reason":${ending}${ids}}`,
      );
    }
  }
  if (req.stream_options?.include_usage === true) yield `${prefix}[],"usage":${usageJson(plan)}}\n\n`;
  yield null;
}
