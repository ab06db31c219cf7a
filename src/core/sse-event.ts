/**
 * @module One Server-Sent Event as the parser hands it on (src/transport/sse.ts): data that the
 * stream judge (src/rules/chat-stream.ts) reads without depending on the transport.
 */

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  readonly id?: string;
}
