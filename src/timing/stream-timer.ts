/**
 * @module The timing of one streamed chat answer, fed its SSE events as they arrive (by the suite's
 * client and by the proxy, each with its own clock since the request went out). As vLLM's
 * `bench serve` counts them, the events that carry a choice (`"choices": [{...}]`) are the tokens:
 * the first one gives the time to first token (vLLM sends the role delta with the first token), the
 * gaps between the later ones the inter-token latencies; the end of the stream gives the end-to-end
 * latency, and with the output tokens (the last `usage.completion_tokens`, else the events carrying
 * a choice) the output tokens per second. The suite's client hands the events as text, read with
 * two scans rather than parsed again; the proxy, whose stream judge has parsed them already on its
 * hot path, says which carry a choice (`token`) and the usage at the end.
 */
import type { OperationId } from '../core/operations.js';
import type { TimingSketches } from './table.js';

/** `"choices"` opening an array whose first item is an object: a chunk carrying at least one choice. */
const CHOICE_ARRAY = /"choices"\s*:\s*\[\s*\{/y;
const COMPLETION_TOKENS = /"completion_tokens"\s*:\s*(\d+)/;

/** Whether an event's data is a chunk that carries a choice (not the usage chunk, `[DONE]`, or an error). */
export function carriesChoice(data: string): boolean {
  const at = data.indexOf('"choices"');
  if (at === -1) return false;
  CHOICE_ARRAY.lastIndex = at;
  return CHOICE_ARRAY.test(data);
}

/** The `usage.completion_tokens` an event's data states, if any. */
function completionTokens(data: string): number | undefined {
  if (data.indexOf('"usage"') === -1) return undefined;
  const m = COMPLETION_TOKENS.exec(data);
  return m ? Number(m[1]) : undefined;
}

export class StreamTimer {
  private lastMs: number | undefined;
  private tokenEvents = 0;
  private usageTokens: number | undefined;

  constructor(
    private readonly sketches: TimingSketches,
    private readonly op: OperationId,
  ) {}

  /** One event's data, `atMs` after the request was sent, read as text (the suite's client). */
  event(data: string, atMs: number): void {
    if (carriesChoice(data)) this.token(atMs);
    const tokens = completionTokens(data);
    if (tokens !== undefined) this.usageTokens = tokens;
  }

  /** An event carrying a choice, `atMs` after the request was sent (the proxy: its stream judge tells). */
  token(atMs: number): void {
    if (this.lastMs === undefined) this.sketches.record(this.op, 'ttft_ms', atMs);
    else this.sketches.record(this.op, 'itl_ms', atMs - this.lastMs);
    this.lastMs = atMs;
    this.tokenEvents++;
  }

  /**
   * The stream ended whole, `atMs` after the request was sent (not called for a stream cut or left
   * early); `completionTokens`: its usage's, when the caller read it.
   */
  end(atMs: number, completionTokens?: number): void {
    this.sketches.record(this.op, 'e2e_ms', atMs);
    const tokens = completionTokens ?? this.usageTokens ?? this.tokenEvents;
    if (tokens > 0 && atMs > 0) this.sketches.record(this.op, 'output_tokens_per_s', tokens / (atMs / 1000));
  }
}
