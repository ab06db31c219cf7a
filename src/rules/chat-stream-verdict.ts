/**
 * @module What the chat stream judge (chat-stream.ts) hands back: its findings, one rule each, the
 * choices reassembled, the events' timings and the completion the stream stands for.
 */

/** The rules a finding can break (one check per rule). */
export type StreamRule =
  /** Every `data:` payload is JSON, except the `[DONE]` sentinel. */
  | 'json'
  /** Every JSON payload is a `chat.completion.chunk` object naming its `model`. */
  | 'chunk-shape'
  /** All chunks share one `id`. */
  | 'one-id'
  /** The first delta of each choice carries the role. */
  | 'role-first'
  /** Exactly one `finish_reason` per choice, on its last chunk. */
  | 'one-finish'
  /** Choice indices are integers 0..n-1, every one present. */
  | 'indices'
  /** A usage chunk (empty `choices`) comes last before the terminator and adds up. */
  | 'usage'
  /** No usage unless asked: no usage chunk without `include_usage`, none on content chunks without `continuous_usage_stats`. */
  | 'usage-unasked'
  /** Nothing follows `data: [DONE]`. */
  | 'done-last'
  /** The stream ends with `data: [DONE]` and no incomplete trailing event (not cut short). */
  | 'complete'
  /** No `{"error": …}` event. */
  | 'error-event'
  /** §4.1 `return_token_ids` in streaming mode: `prompt_token_ids` only in the first chunk, `token_ids` per delta. */
  | 'token-ids'
  /** `stream_options.continuous_usage_stats`: usage on every content chunk, completion_tokens never decreasing. */
  | 'continuous-usage';

export interface StreamFinding {
  readonly rule: StreamRule;
  /** One line: what arrived, and where (event number, 1-based). */
  readonly message: string;
}

export interface ReassembledChoice {
  index: number;
  role: string | undefined;
  content: string;
  reasoning: string | undefined;
  finishReason: string | null;
  stopReason: unknown;
  tokenIds: number[] | undefined;
  logprobs: unknown[] | undefined;
}

export interface StreamTimings {
  /** Ms from the request to the first SSE event (undefined: none arrived). */
  readonly firstEventMs: number | undefined;
  /** Ms from the request to the last SSE event. */
  readonly lastEventMs: number | undefined;
  /** Largest gap between two consecutive events, in ms. */
  readonly largestGapMs: number;
  readonly events: number;
}

export interface ChatStreamVerdict {
  readonly findings: readonly StreamFinding[];
  /** Notes on conformant-but-unusual framing (never failures). */
  readonly notes: readonly string[];
  readonly sawDone: boolean;
  /** `data:` payloads judged before `[DONE]` (every one but the sentinel: chunks, error events, non-JSON). */
  readonly payloads: number;
  /** JSON payloads that are not error events (what the stream offers as chunks). */
  readonly chunks: number;
  /** Those of them that are JSON objects (the only ones an id, a choice or token ids can be read from). */
  readonly objectChunks: number;
  readonly timings: StreamTimings;
  readonly id: string | undefined;
  readonly model: string | undefined;
  readonly created: number | undefined;
  readonly usage: Record<string, unknown> | undefined;
  readonly promptTokenIds: number[] | undefined;
  /** Choices by index, in index order. */
  readonly choices: readonly ReassembledChoice[];
}

/** Events closer together than this arrived together, whatever the stream's length (one read, or a decoder's few pieces of it). */
const TOGETHER_MS = 2;
/** The share of the time to the last event within which every event arrived, for a burst. */
const BURST_SHARE = 0.05;

/**
 * True when a stream's events (three or more) arrived at once, within milliseconds or 5 % of the time
 * to the last: what a client sees of a stream held back and sent whole, whatever held it.
 */
export function arrivedAtOnce(t: StreamTimings): boolean {
  if (t.events < 3 || t.firstEventMs === undefined || t.lastEventMs === undefined) return false;
  return t.lastEventMs - t.firstEventMs <= Math.max(TOGETHER_MS, BURST_SHARE * t.lastEventMs);
}

/** The reassembled stream as the non-streamed answer it stands for (§4.1 response shape). */
export function reassembleCompletion(v: ChatStreamVerdict): Record<string, unknown> {
  // Built key by key, in the order of the §4.1 shape (no spread of conditional objects: once per stream).
  const out: Record<string, unknown> = {};
  if (v.id !== undefined) out.id = v.id;
  out.object = 'chat.completion';
  if (v.created !== undefined) out.created = v.created;
  out.model = v.model;
  out.choices = v.choices.map((c) => {
    const message: Record<string, unknown> = { role: c.role, content: c.content };
    if (c.reasoning !== undefined) message.reasoning = c.reasoning;
    const choice: Record<string, unknown> = { index: c.index, message, finish_reason: c.finishReason };
    if (c.stopReason !== undefined) choice.stop_reason = c.stopReason;
    if (c.tokenIds) choice.token_ids = c.tokenIds;
    if (c.logprobs) choice.logprobs = { content: c.logprobs };
    return choice;
  });
  out.usage = v.usage;
  if (v.promptTokenIds) out.prompt_token_ids = v.promptTokenIds;
  return out;
}
