/**
 * @module A streamed chat answer judged event by event as it passes, with the suite's stream judge
 * (src/rules/chat-stream.ts): chunk shape against the chunk schema, one id, role first, one
 * finish_reason, indices, the usage chunk, `[DONE]` last, no error event, §4.1 token ids and
 * continuous usage when the request asked for them. A whole stream is then reassembled into the
 * completion it stands for and judged for meaning like a non-streamed answer (json-answer.ts:
 * src/rules/chat-answer.ts), and a 2xx stream to a request §7.2 forbids is a finding.
 */
import { isJsonObject } from '../core/values.js';
import { ChatStreamJudge } from '../rules/chat-stream.js';
import { reassembleCompletion, type StreamRule } from '../rules/chat-stream-verdict.js';
import { describeSchemaErrors } from '../core/describe.js';
import type { StreamedLength } from '../rules/chat-answer.js';
import { SseParser, type SseEvent } from '../transport/sse.js';
import { StreamTimer } from '../timing/stream-timer.js';
import type { JudgeContext } from './judge-context.js';
import { judgeChatAnswer, judgeForbidden } from './json-answer.js';
import { STREAM_JUDGE_RULE_NAMES, STREAM_JUDGE_RULES, STREAM_RULES_ASKED_FOR } from '../rules/stream-rules.js';
import type { Verdicts } from './verdicts.js';

/** The stream rules judged on every stream; token ids and continuous usage only when asked for. */
const ALWAYS = STREAM_JUDGE_RULE_NAMES.filter((r) => !STREAM_RULES_ASKED_FOR.has(r));

/** Findings that leave no whole completion to reassemble: its meaning is then not judged. */
const NOT_WHOLE: ReadonlySet<StreamRule> = new Set(['json', 'chunk-shape', 'complete', 'error-event']);

export class SseAnswerJudge {
  private readonly parser = new SseParser();
  private readonly judge: ChatStreamJudge;
  private readonly returnTokenIds: boolean;
  private readonly continuousUsage: boolean;
  private readonly request: Readonly<Record<string, unknown>>;
  /** The whole stream's first choice, its text and counts, once finished (for the streamed/unstreamed pair). */
  length: StreamedLength | undefined;

  /** Whether the served model uses priority scheduling (§7.1), when the proxy was told. */
  private readonly priorityScheduling: boolean | undefined;
  /** Times the stream: time to first token, inter-token and end-to-end latency (src/timing). */
  private readonly timer: StreamTimer | undefined;

  /**
   * `request`: the chat request's body as the client sent it; `ctx`: the session's schemas, what it
   * was told of the served model, its timing; `headers`: the answer's headers (undefined: not seen,
   * so a request_id only the headers could carry is not judged).
   */
  constructor(
    request: unknown,
    ctx: Pick<JudgeContext, 'schemas' | 'priorityScheduling' | 'timing'>,
    private readonly headers?: Readonly<Record<string, string>>,
  ) {
    const { schemas } = ctx;
    this.priorityScheduling = ctx.priorityScheduling;
    this.timer = ctx.timing && new StreamTimer(ctx.timing, 'chat.create');
    const body = isJsonObject(request) ? request : {};
    this.request = body;
    const so = isJsonObject(body.stream_options) ? body.stream_options : {};
    this.returnTokenIds = body.return_token_ids === true;
    this.continuousUsage = so.continuous_usage_stats === true;
    this.judge = new ChatStreamJudge({
      n: typeof body.n === 'number' ? body.n : 1,
      includeUsage: so.include_usage === true,
      continuousUsage: this.continuousUsage,
      returnTokenIds: this.returnTokenIds,
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

  /** One event to the stream judge, and to the timer when it carries a choice. */
  private onEvent(ev: SseEvent, atMs: number): void {
    const before = this.judge.choiceChunks;
    this.judge.onEvent(ev, atMs);
    if (this.judge.choiceChunks !== before) this.timer?.token(atMs);
  }

  /** The body ended (`whole`: not cut short): every stream rule judged, each broken one a breach with its messages. */
  finish(atMs: number, v: Verdicts, whole: boolean): void {
    const end = this.parser.end();
    for (const ev of end.events) this.onEvent(ev, atMs);
    const verdict = this.judge.finish(end);
    const usage = verdict.usage?.completion_tokens;
    if (whole) this.timer?.end(atMs, typeof usage === 'number' ? usage : undefined);
    for (const rule of ALWAYS) v.judged(STREAM_JUDGE_RULES[rule]);
    if (this.returnTokenIds) v.judged(STREAM_JUDGE_RULES['token-ids']);
    if (this.continuousUsage) v.judged(STREAM_JUDGE_RULES['continuous-usage']);
    const byRule = new Map<string, string[]>();
    for (const f of verdict.findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f.message]);
    for (const [rule, messages] of byRule) {
      const r = STREAM_JUDGE_RULES[rule as StreamRule];
      v.breach(r, r.requirement, messages.join('; '));
    }
    judgeForbidden(this.request, 200, v, this.priorityScheduling);
    if (verdict.sawDone && !verdict.findings.some((f) => NOT_WHOLE.has(f.rule))) {
      judgeChatAnswer(this.request, reassembleCompletion(verdict), this.headers, v);
      const first = verdict.choices[0];
      if (first)
        this.length = {
          content: first.content,
          ...(first.tokenIds ? { tokenIds: first.tokenIds.length } : {}),
          ...(typeof usage === 'number' ? { completionTokens: usage } : {}),
        };
    }
  }
}
