/** @module An incremental Server-Sent Events parser (WHATWG HTML §9.2.6), fed chunks split at any byte. */
import { StringDecoder } from 'node:string_decoder';

import type { SseEvent } from '../core/sse-event.js';

export type { SseEvent } from '../core/sse-event.js';

export class SseParser {
  private readonly decoder = new StringDecoder('utf8');
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
    return this.consume(this.decoder.write(chunk as Buffer));
  }

  /** Ends the stream; returns the text of an incomplete trailing event (not dispatched, per the spec), if any. */
  end(): { events: SseEvent[]; incomplete: string | undefined } {
    const events = this.consume(this.decoder.end());
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
    const buffer = this.buffer + text;
    const events: SseEvent[] = [];
    let start = 0;
    // What was left over holds no line end: only the new text is scanned.
    const from = this.buffer.length;
    let lf = buffer.indexOf('\n', from);
    let cr = buffer.indexOf('\r', from);
    while (lf !== -1 || cr !== -1) {
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      this.line(buffer.slice(start, end), events);
      start = end + 1;
      if (end === cr) {
        // A lone CR at the very end may be the first half of a CRLF split across chunks.
        if (start === buffer.length) this.pendingCr = true;
        else if (buffer.charCodeAt(start) === 0x0a) start++;
      }
      if (lf !== -1 && lf < start) lf = buffer.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) {
        events.push({
          event: this.eventType || 'message',
          data: this.data.length === 1 ? this.data[0]! : this.data.join('\n'),
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
