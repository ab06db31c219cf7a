/** @module The streamed answer as docs/conventions.md describes vLLM's events; stops once the client goes away. */
import type { Gone, ReadyIterator } from '../exchange.js';
import { tokenLogprob } from './logprobs.js';
import { usageJson, type ChatPlan } from './plan.js';
import { tokenId } from './tokenizer.js';

const q = JSON.stringify;

interface StreamEvent {
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

export const sseHeaders = (requestId: string): Record<string, string> => ({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-request-id': requestId,
});

const DONE = 'data: [DONE]\n\n';

/** An event's text up to its `created` (what differs between answers to the same body). */
function eventHead(id: string, created: number): string {
  return `data: {"id":${q(id)},"object":"chat.completion.chunk","created":${created}`;
}

/** The SSE body, one string per event written from templates; `tails`: the events after `created`, if written before. */
export function sseStream(
  plan: ChatPlan,
  signal?: Gone,
  tails: Iterable<string | null> = eventTails(plan),
): AsyncIterableIterator<string> & ReadyIterator {
  return new EventStream(eventHead(plan.id, plan.created), tails[Symbol.iterator](), signal);
}

const END: IteratorResult<string> = { done: true, value: undefined };

/** An iterator of its own rather than an async generator: a resolved promise per event, no generator queue. */
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

  ready(): IteratorResult<string> {
    if (this.#ended) return END;
    let tail: IteratorResult<string | null>;
    try {
      tail = this.tails.next();
    } catch (err) {
      this.#ended = true;
      throw err;
    }
    const value = tail.done ? undefined : tail.value;
    if (typeof value === 'string' && !this.signal?.aborted) return { done: false, value: this.head + value };
    this.#ended = true;
    return value === null ? { done: false, value: DONE } : END;
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
