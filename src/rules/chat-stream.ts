/**
 * @module An incremental judge of a §4.1 chat-completion stream, each SSE event judged as it arrives
 * and each finding naming one rule.
 *
 * §4.1 does not show the chunk shape, so every rule here is the OpenAI/vLLM convention
 * (docs/conventions.md "Streaming") except `return_token_ids`, which §4.1 states.
 */
import type { SseEvent } from '../core/sse-event.js';
import { isJsonObject, jsonOrUndefined } from '../core/values.js';
import { errorShapeOf } from '../rules/error-shape.js';
import { isIntArray, usageBreach } from '../rules/chat-answer.js';
import type { ChatStreamVerdict, ReassembledChoice, StreamFinding, StreamRule } from './chat-stream-verdict.js';

export interface ChatStreamJudgeOptions {
  /** Choices requested (`n`, default 1). */
  readonly n?: number;
  /** `stream_options.include_usage` was sent: the usage chunk is required. */
  readonly includeUsage?: boolean;
  /** `return_token_ids` was sent: the §4.1 streaming token-id rule applies. */
  readonly returnTokenIds?: boolean;
  /** `stream_options.continuous_usage_stats` was sent: every chunk with choices carries cumulative usage. */
  readonly continuousUsage?: boolean;
  /** Validates one chunk against the chunk schema; returns a description of the errors, or undefined. */
  readonly validateChunk?: (chunk: unknown) => string | undefined;
}

const DONE = '[DONE]';
/** A `[DONE]` left without its blank line at the very end: the terminator is there, only its framing is short. */
const TRAILING_DONE = /^(?:data: ?)?\[DONE\]\s*$/;

const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Feed every SSE event to `onEvent` as it arrives, then call `finish` with the reader's end. */
export class ChatStreamJudge {
  private readonly n: number;
  private readonly findings: StreamFinding[] = [];
  private readonly notes: string[] = [];
  private readonly seenRules = new Set<string>();
  /** The chunk each choice index was last seen in (an index twice in one chunk is a breach). */
  private readonly indexSeenIn: number[] = [];
  private readonly choices = new Map<number, ReassembledChoice & { finishes: number }>();
  private eventNo = 0;
  private payloadNo = 0;
  private chunkNo = 0;
  private objectChunkNo = 0;
  private sawDone = false;
  private id: string | undefined;
  private idMismatch = false;
  private model: string | undefined;
  private created: number | undefined;
  private usage: Record<string, unknown> | undefined;
  private usageChunkAt: number | undefined;
  /** The latest cumulative completion_tokens of a content chunk (continuous_usage_stats). */
  private runningCompletion: number | undefined;
  private promptTokenIds: number[] | undefined;
  private firstEventMs: number | undefined;
  private lastEventMs: number | undefined;
  private largestGapMs = 0;
  /** Chunks judged so far that carry at least one choice: the tokens, as a timer counts them (src/timing). */
  choiceChunks = 0;

  constructor(private readonly options: ChatStreamJudgeOptions = {}) {
    this.n = options.n ?? 1;
  }

  private find(rule: StreamRule, message: string, once = true): void {
    // One finding per rule and message kind is enough evidence; keep the first few.
    const key = once ? rule : `${rule}|${message}`;
    if (once && this.seenRules.has(key)) return;
    this.seenRules.add(key);
    if (this.findings.filter((f) => f.rule === rule).length < 5) this.findings.push({ rule, message });
  }

  /** The event being judged, as findings name it (built only for a finding: this runs per event). */
  private get where(): string {
    return `event ${this.eventNo}`;
  }

  /** Judges one event as it arrives; `atMs` is the time since the request was sent. */
  onEvent = (event: SseEvent, atMs: number): void => {
    this.eventNo++;
    if (this.firstEventMs === undefined) this.firstEventMs = atMs;
    else if (this.lastEventMs !== undefined) this.largestGapMs = Math.max(this.largestGapMs, atMs - this.lastEventMs);
    this.lastEventMs = atMs;

    if (this.sawDone) {
      this.find('done-last', `${this.where} arrived after data: [DONE]: ${clip(event.data)}`);
      return;
    }
    if (event.data.trim() === DONE) {
      this.sawDone = true;
      return;
    }
    this.payloadNo++;
    const payload = jsonOrUndefined(event.data);
    if (payload === undefined) {
      this.find('json', `${this.where} is not JSON: ${JSON.stringify(clip(event.data))}`);
      return;
    }
    // docs/conventions.md: an error mid-stream is sent as `data: {"error": {...}}`; older vLLM
    // releases sent the flat `{"object": "error", "message": ...}` of their ErrorResponse.
    const shape = isJsonObject(payload) && !('choices' in payload) ? errorShapeOf(payload) : undefined;
    if (shape === 'openai-envelope' || shape === 'vllm-flat') {
      this.find('error-event', `${this.where} is an error event: ${clip(event.data)}`);
      return;
    }
    this.chunk(payload);
  };

  /** vLLM's continuous_usage_stats: a running count on every content chunk that never goes down. */
  private continuous(usage: unknown): void {
    const c = isJsonObject(usage) ? usage.completion_tokens : undefined;
    if (!Number.isInteger(c)) {
      this.find(
        'continuous-usage',
        `${this.where} carries choices but no usage with an integer completion_tokens (${clip(JSON.stringify(usage) ?? 'none')})`,
      );
      return;
    }
    if (this.runningCompletion !== undefined && (c as number) < this.runningCompletion) {
      this.find(
        'continuous-usage',
        `${this.where}: usage.completion_tokens ${String(c)} after ${this.runningCompletion} on an earlier chunk: the running count went down`,
      );
    }
    this.runningCompletion = c as number;
  }

  private chunk(payload: unknown): void {
    this.chunkNo++;
    const shapeProblem = !isJsonObject(payload)
      ? 'not a JSON object'
      : payload.object !== 'chat.completion.chunk'
        ? `"object" is ${JSON.stringify(payload.object)}, not "chat.completion.chunk"`
        : this.options.validateChunk?.(payload);
    if (shapeProblem) this.find('chunk-shape', `${this.where}: ${shapeProblem}`);
    if (!isJsonObject(payload)) return;
    this.objectChunkNo++;
    this.identity(payload);
    this.promptTokenIdsOf(payload.prompt_token_ids);

    const choices = payload.choices;
    if (!Array.isArray(choices)) return; // chunk-shape already reported it
    if (choices.length > 0) this.choiceChunks++;
    const usage = payload.usage;

    if (this.usageChunkAt !== undefined && choices.length > 0) {
      this.find(
        'usage',
        `${this.where} carries choices after the usage chunk (event ${this.usageChunkAt}); the usage chunk must be last before [DONE]`,
      );
    }
    if (isJsonObject(usage)) this.unasked(choices.length > 0);
    if (choices.length === 0 && isJsonObject(usage)) {
      this.usageChunk(usage);
      return;
    }
    // With continuous_usage_stats every chunk carries cumulative usage: keep the latest.
    if (isJsonObject(usage) && choices.length > 0) this.usage = usage;
    if (this.options.continuousUsage && choices.length > 0) this.continuous(usage);

    for (const choice of choices) {
      if (isJsonObject(choice)) this.choiceDelta(choice); // otherwise chunk-shape
    }
  }

  /** One id across chunks, and the model (and `created`) each chunk names. */
  private identity(payload: Readonly<Record<string, unknown>>): void {
    const id = payload.id;
    if (typeof id !== 'string') {
      this.find('one-id', `${this.where} has no string "id" (${JSON.stringify(id)})`);
    } else if (this.id === undefined && !this.idMismatch) {
      this.id = id;
    } else if (id !== this.id) {
      this.idMismatch = true;
      this.find('one-id', `${this.where} has id ${JSON.stringify(id)}, earlier chunks ${JSON.stringify(this.id)}`);
    }
    // Every chat.completion.chunk names the model, as the §4.1 completion does (`model` required):
    // a client reading one chunk, or reassembling from any of them, must find it on each.
    if (typeof payload.model === 'string') this.model ??= payload.model;
    else this.find('chunk-shape', `${this.where} has no string "model" (${JSON.stringify(payload.model)})`);
    if (typeof payload.created === 'number') this.created ??= payload.created;
  }

  /** §4.1: "In streaming mode prompt_token_ids appears only in the first chunk". */
  private promptTokenIdsOf(ptids: unknown): void {
    if (!this.options.returnTokenIds) {
      if (isIntArray(ptids)) this.promptTokenIds ??= ptids;
    } else if (this.objectChunkNo === 1) {
      if (!isIntArray(ptids))
        this.find('token-ids', `the first chunk has no prompt_token_ids array of integers (${JSON.stringify(ptids)})`);
      else this.promptTokenIds = ptids;
    } else if (ptids !== undefined && ptids !== null) {
      this.find(
        'token-ids',
        `${this.where} (chunk ${this.chunkNo}) repeats prompt_token_ids, which belong only in the first chunk`,
      );
    }
  }

  /** vLLM's usage policy: usage only where stream_options asked for it. */
  private unasked(withChoices: boolean): void {
    if (withChoices && !this.options.continuousUsage)
      this.find(
        'usage-unasked',
        `${this.where} carries usage beside its choices, though stream_options.continuous_usage_stats was not set`,
      );
    if (!withChoices && !this.options.includeUsage)
      this.find(
        'usage-unasked',
        `${this.where} is a usage chunk (choices: []), though stream_options.include_usage was not set: a client reading choices[0] of every chunk breaks on it`,
      );
  }

  /** The usage chunk of `stream_options.include_usage`: empty choices, usage that adds up, once. */
  private usageChunk(usage: Record<string, unknown>): void {
    if (this.usageChunkAt !== undefined)
      this.find('usage', `${this.where} is a second usage chunk (the first was event ${this.usageChunkAt})`);
    this.usageChunkAt = this.eventNo;
    this.usage = usage;
    // The one judgement of usage accounting (src/rules/chat-answer.ts), the suite's and the proxy's.
    const breach = usageBreach(usage);
    if (breach) this.find('usage', `${this.where}: usage does not add up (non-negative integers): ${breach}`);
    const c = usage.completion_tokens;
    if (
      this.options.continuousUsage &&
      this.runningCompletion !== undefined &&
      Number.isInteger(c) &&
      (c as number) < this.runningCompletion
    ) {
      this.find(
        'continuous-usage',
        `${this.where}: the final usage counts completion_tokens ${String(c)}, fewer than the ${this.runningCompletion} of an earlier chunk`,
      );
    }
  }

  /** One choice of a chunk: its index, its delta added to the reassembled choice, its finish. */
  private choiceDelta(choice: Readonly<Record<string, unknown>>): void {
    const index = choice.index;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= this.n) {
      this.find(
        'indices',
        `${this.where} has choice index ${JSON.stringify(index)}; ${this.n} choice(s) were requested, so indices are 0..${this.n - 1}`,
      );
      return;
    }
    const i = index as number;
    if (this.indexSeenIn[i] === this.chunkNo) this.find('indices', `${this.where} holds choice index ${i} twice`);
    this.indexSeenIn[i] = this.chunkNo;
    const delta = isJsonObject(choice.delta) ? choice.delta : {};
    const c = this.choiceOf(i, delta);
    if (typeof delta.content === 'string') c.content += delta.content;
    const reasoning =
      typeof delta.reasoning === 'string'
        ? delta.reasoning
        : typeof delta.reasoning_content === 'string'
          ? delta.reasoning_content
          : undefined;
    if (reasoning !== undefined) c.reasoning = (c.reasoning ?? '') + reasoning;
    const tokenIds = choice.token_ids;
    if (isIntArray(tokenIds)) c.tokenIds = [...(c.tokenIds ?? []), ...tokenIds];
    if (
      this.options.returnTokenIds &&
      typeof delta.content === 'string' &&
      delta.content.length > 0 &&
      !(isIntArray(tokenIds) && tokenIds.length > 0)
    ) {
      this.find(
        'token-ids',
        `${this.where}: choice ${i} delta has content ${JSON.stringify(clip(delta.content, 40))} but no token_ids (${JSON.stringify(tokenIds)})`,
      );
    }
    const lp = isJsonObject(choice.logprobs) ? choice.logprobs.content : undefined;
    if (Array.isArray(lp)) c.logprobs = [...(c.logprobs ?? []), ...lp];
    const fr = choice.finish_reason;
    if (fr !== null && fr !== undefined) {
      c.finishes++;
      if (c.finishes === 2)
        this.find(
          'one-finish',
          `${this.where}: choice ${i} has a second finish_reason ${JSON.stringify(fr)} (first: ${JSON.stringify(c.finishReason)})`,
        );
      c.finishReason = typeof fr === 'string' ? fr : String(fr);
      if ('stop_reason' in choice) c.stopReason = choice.stop_reason;
    }
  }

  /** The choice reassembled so far: opened on its first delta (which carries the role), or one that finished and goes on. */
  private choiceOf(i: number, delta: Readonly<Record<string, unknown>>): ReassembledChoice & { finishes: number } {
    const c = this.choices.get(i);
    if (c) {
      if (c.finishes > 0)
        this.find(
          'one-finish',
          `${this.where} continues choice ${i} after its finish_reason ${JSON.stringify(c.finishReason)}`,
        );
      return c;
    }
    // The first chunk of each choice has `delta: {"role": "assistant", ...}`.
    const role = delta.role;
    if (role !== 'assistant')
      this.find(
        'role-first',
        `${this.where}: the first delta of choice ${i} has role ${JSON.stringify(role)}, not "assistant"`,
      );
    const opened = {
      index: i,
      role: typeof role === 'string' ? role : undefined,
      content: '',
      reasoning: undefined,
      finishReason: null,
      stopReason: undefined,
      tokenIds: undefined,
      logprobs: undefined,
      finishes: 0,
    };
    this.choices.set(i, opened);
    return opened;
  }

  /** Ends the judgement; `incomplete` is the reader's trailing event that never got its blank line. */
  finish(end: { readonly incomplete: string | undefined }): ChatStreamVerdict {
    const incomplete = end.incomplete?.trim();
    if (incomplete && !incomplete.startsWith(':')) {
      if (!this.sawDone && TRAILING_DONE.test(incomplete)) {
        this.sawDone = true;
        this.notes.push('the stream ended with data: [DONE] but without the blank line after it (accepted)');
      } else if (this.sawDone) {
        this.find('done-last', `bytes after data: [DONE]: ${JSON.stringify(clip(incomplete))}`);
      } else {
        this.find(
          'complete',
          `the stream ended inside an event that never got its blank line: ${JSON.stringify(clip(incomplete))}`,
        );
      }
    }
    if (!this.sawDone) this.find('complete', `the stream ended after ${this.eventNo} event(s) without data: [DONE]`);

    for (let i = 0; i < this.n; i++) {
      const c = this.choices.get(i);
      if (!c) this.find('indices', `no chunk for choice index ${i} (${this.n} requested)`, false);
      else if (c.finishes === 0) this.find('one-finish', `choice ${i} never got a finish_reason`);
    }
    if (this.options.includeUsage && this.usageChunkAt === undefined) {
      this.find('usage', 'stream_options.include_usage was set, but no chunk with empty choices carried usage');
    }
    if (this.options.returnTokenIds && this.objectChunkNo === 0)
      this.find('token-ids', 'no chunk object arrived to carry prompt_token_ids');
    // A chat stream is made of chat.completion.chunk objects: one that carries none (an HTML page
    // answered with 200, a stream of [DONE] alone, error events only) breaks the shape rule itself,
    // rather than satisfying it vacuously. The other rules read their own counts (see the verdict).
    if (this.chunkNo === 0) {
      const what =
        this.eventNo === 0
          ? 'no SSE event at all'
          : `${this.eventNo} event(s): ${this.payloadNo} payload(s) that are not chunks${this.sawDone ? ', and data: [DONE]' : ''}`;
      this.find('chunk-shape', `the stream carried no chat.completion.chunk (${what})`);
    }
    return {
      findings: [...this.findings],
      notes: [...this.notes],
      sawDone: this.sawDone,
      payloads: this.payloadNo,
      chunks: this.chunkNo,
      objectChunks: this.objectChunkNo,
      timings: {
        firstEventMs: this.firstEventMs,
        lastEventMs: this.lastEventMs,
        largestGapMs: this.largestGapMs,
        events: this.eventNo,
      },
      id: this.id,
      model: this.model,
      created: this.created,
      usage: this.usage,
      promptTokenIds: this.promptTokenIds,
      choices: [...this.choices.values()].sort((a, b) => a.index - b.index).map(({ finishes: _f, ...c }) => c),
    };
  }
}
