/** @module The timing of one streamed chat answer, as vLLM's `bench serve` counts it. */
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

  /** The stream ended whole, `atMs` after the request was sent; `completionTokens`: its usage's, if read. */
  end(atMs: number, completionTokens?: number): void {
    this.sketches.record(this.op, 'e2e_ms', atMs);
    const tokens = completionTokens ?? this.usageTokens ?? this.tokenEvents;
    if (tokens > 0 && atMs > 0) this.sketches.record(this.op, 'output_tokens_per_s', tokens / (atMs / 1000));
  }
}
