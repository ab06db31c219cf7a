/**
 * @module A streamed chat answer judged event by event as it passes (src/rules/chat-stream.ts),
 * reassembled when whole into the completion it stands for; timed on the way.
 */
import { isJsonObject } from '../core/values.js';
import { describeSchemaErrors } from '../core/describe.js';
import { ChatStreamJudge } from '../rules/chat-stream.js';
import { type ChatStreamVerdict, reassembleCompletion, type StreamRule } from '../rules/chat-stream-verdict.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { StreamTimer } from '../timing/stream-timer.js';
import type { TimingSketches } from '../timing/table.js';
import { type SseEvent, SseParser } from '../transport/sse.js';

/** Findings that leave no whole completion to reassemble: its meaning is then not judged. */
const NOT_WHOLE: ReadonlySet<StreamRule> = new Set(['json', 'chunk-shape', 'complete', 'error-event']);

export class StreamReader {
  private readonly parser = new SseParser();
  private readonly judge: ChatStreamJudge;
  /** Times the stream: time to first token, inter-token and end-to-end latency (src/timing). */
  private readonly timer: StreamTimer | undefined;

  /** `request`: the chat request's body as the client sent it. */
  constructor(request: unknown, schemas: Pick<SchemaRegistry, 'validate'>, timing: TimingSketches | undefined) {
    this.timer = timing && new StreamTimer(timing, 'chat.create');
    const body = isJsonObject(request) ? request : {};
    const so = isJsonObject(body.stream_options) ? body.stream_options : {};
    this.judge = new ChatStreamJudge({
      n: typeof body.n === 'number' ? body.n : 1,
      includeUsage: so.include_usage === true,
      continuousUsage: so.continuous_usage_stats === true,
      returnTokenIds: body.return_token_ids === true,
      validateChunk: (chunk) => {
        const v = schemas.validate('chat/chat-completion-chunk', chunk);
        return v.ok ? undefined : describeSchemaErrors(v.errors, 3);
      },
    });
  }

  /** A chunk of the body, `atMs` after the exchange began. */
  push(chunk: Buffer, atMs: number): void {
    for (const ev of this.parser.push(chunk)) this.onEvent(ev, atMs);
  }

  private onEvent(ev: SseEvent, atMs: number): void {
    const before = this.judge.choiceChunks;
    this.judge.onEvent(ev, atMs);
    if (this.judge.choiceChunks !== before) this.timer?.token(atMs);
  }

  /** The body ended (`whole`: not cut short): the verdict, and the completion a whole stream stands for. */
  finish(atMs: number, whole: boolean): { verdict: ChatStreamVerdict; completion?: Record<string, unknown> } {
    const end = this.parser.end();
    for (const ev of end.events) this.onEvent(ev, atMs);
    const verdict = this.judge.finish(end);
    const usage = verdict.usage?.completion_tokens;
    if (whole) this.timer?.end(atMs, typeof usage === 'number' ? usage : undefined);
    if (!verdict.sawDone || verdict.findings.some((f) => NOT_WHOLE.has(f.rule))) return { verdict };
    return { verdict, completion: reassembleCompletion(verdict) };
  }
}
