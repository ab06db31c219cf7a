/**
 * @module An incremental Server-Sent Events parser (WHATWG HTML §9.2.6 "Interpreting an event
 * stream"), fed network chunks as they arrive: CR, LF and CRLF line ends, `data:` with or without
 * the space, comment lines, multi-line data, a UTF-8 BOM, and chunks split at any byte.
 */

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  /** The data lines joined with `\n`. */
  readonly data: string;
  readonly id?: string;
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastId: string | undefined;
  private sawAnyField = false;
  private first = true;
  /** Set when a CR ended the last chunk: a following LF belongs to the same line end. */
  private pendingCr = false;

  /** Feeds bytes; returns the events completed by them. */
  push(chunk: Uint8Array): SseEvent[] {
    return this.consume(this.decoder.decode(chunk, { stream: true }));
  }

  /** Ends the stream; returns the text of an incomplete trailing event (not dispatched, per the spec), if any. */
  end(): { events: SseEvent[]; incomplete: string | undefined } {
    const events = this.consume(this.decoder.decode());
    const pending = this.buffer.length > 0 || this.sawAnyField;
    const incomplete = pending
      ? this.buffer || this.data.join('\n') || '(fields without a terminating blank line)'
      : undefined;
    this.buffer = '';
    this.data = [];
    this.sawAnyField = false;
    return { events, incomplete };
  }

  private consume(text: string): SseEvent[] {
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A lone CR at the very end may be the first half of a CRLF split across chunks.
      if (m[0] === '\r' && m.index === this.buffer.length - 1) {
        this.pendingCr = true;
        const line = this.buffer.slice(0, m.index);
        this.buffer = '';
        this.line(line, events);
        break;
      }
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line, events);
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        events.push({
          event: this.eventType || 'message',
          data: this.data.join('\n'),
          ...(this.lastId !== undefined ? { id: this.lastId } : {}),
        });
      }
      this.data = [];
      this.eventType = '';
      this.sawAnyField = false;
      return;
    }
    if (line.startsWith(':')) return; // comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.sawAnyField = true;
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      default:
        break; // `retry` and unknown fields are ignored
    }
  }
}
