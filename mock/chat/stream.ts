/**
 * @module The streamed answer (`stream: true`), as docs/conventions.md describes vLLM's Server-Sent
 * Events: `chat.completion.chunk` objects sharing one id; per choice a first delta
 * `{role: "assistant", content: ""}`, then deltas that concatenate to the non-streamed text, and
 * `finish_reason` once, on the choice's last chunk; a usage chunk with `choices: []` when
 * `include_usage`; cumulative usage on every chunk with `continuous_usage_stats`; `prompt_token_ids`
 * only on the first chunk; then `data: [DONE]`. Stops as soon as the client goes away.
 */
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

/**
 * The SSE body: one string per event. Each event is written as JSON text from templates (the fields
 * every chunk shares serialised once per stream); only logprobs and extra fields go through
 * JSON.stringify.
 */
export async function* sseStream(plan: ChatPlan, signal?: AbortSignal): AsyncGenerator<string> {
  const { req } = plan;
  const prefix = `data: {"id":${q(plan.id)},"object":"chat.completion.chunk","created":${plan.created},"model":${q(plan.model)},"choices":`;
  const continuous = req.stream_options?.continuous_usage_stats === true;
  const withIds = req.return_token_ids === true;
  let completion = 0;
  /** One event: its choices (JSON text), then usage (continuous_usage_stats) and any extra fields. */
  const frame = (choices: string, extra = ''): string =>
    `${prefix}[${choices}]${continuous ? `,"usage":${usageJson(plan, completion)}` : ''}${extra}}\n\n`;

  for (const c of plan.choices) {
    if (signal?.aborted) return;
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
      if (signal?.aborted) return;
      if (event?.tokenId !== undefined) completion++;
      const logprobs = event?.logprob ? q({ content: [event.logprob()] }) : 'null';
      const ending = last ? `${q(c.finishReason)},"stop_reason":${q(c.stopReason)}` : 'null';
      const ids = withIds && event?.tokenId !== undefined ? `,"token_ids":[${event.tokenId}]` : '';
      yield frame(
        `{"index":${c.index},"delta":${event?.delta ?? '{}'},"logprobs":${logprobs},"finish_reason":${ending}${ids}}`,
      );
    }
  }
  if (signal?.aborted) return;
  if (req.stream_options?.include_usage === true) yield `${prefix}[],"usage":${usageJson(plan)}}\n\n`;
  yield 'data: [DONE]\n\n';
}
