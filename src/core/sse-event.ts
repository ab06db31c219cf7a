/** @module One Server-Sent Event as the parser (src/transport/sse.ts) hands it on. */

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  readonly id?: string;
}
