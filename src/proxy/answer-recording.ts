/**
 * @module A whole answer kept for `--record-bodies` (a decoded body, or stream events with their time
 * offsets) so that `conformance mock --fixtures` can replay it at the recorded pace; bounded by
 * `maxBytes`.
 */
import { StringDecoder } from 'node:string_decoder';

/** One event of a recorded stream: its text as sent (`data: …` lines), and when it arrived. */
export interface RecordedEvent {
  readonly offset_ms: number;
  readonly data: string;
}

/** What a recorded answer holds beyond its head. */
export interface RecordedBody {
  readonly body?: string;
  readonly events?: readonly RecordedEvent[];
  /** The answer was longer than the recording keeps. */
  readonly truncated?: true;
}

/** The end of an event: a blank line (RFC 8895 / WHATWG SSE accept LF, CRLF and CR line ends). */
const EVENT_END = /\r\n\r\n|\n\n|\r\r/;

export class AnswerRecording {
  private readonly parts: string[] = [];
  private readonly events: RecordedEvent[] = [];
  private pending = '';
  private bytes = 0;
  private truncated = false;
  /** Characters split across chunks are joined, not replaced. */
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    /** An event stream: kept event by event with time offsets; otherwise the body as text. */
    private readonly stream: boolean,
    private readonly maxBytes: number,
  ) {}

  /** A decoded chunk of the answer, `offsetMs` after its head. */
  push(chunk: Buffer, offsetMs: number): void {
    if (this.truncated) return;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.truncated = true;
      return;
    }
    const text = this.decoder.write(chunk);
    if (!this.stream) {
      this.parts.push(text);
      return;
    }
    this.pending += text;
    for (let m = EVENT_END.exec(this.pending); m; m = EVENT_END.exec(this.pending)) {
      const data = this.pending.slice(0, m.index);
      this.pending = this.pending.slice(m.index + m[0].length);
      if (data.trim() !== '') this.events.push({ offset_ms: Math.round(offsetMs * 10) / 10, data });
    }
  }

  /** What was kept, once the answer ended (an unterminated last event is kept as it came). */
  result(endedAtMs: number): RecordedBody {
    const truncated = this.truncated ? { truncated: true as const } : {};
    const rest = this.truncated ? '' : this.decoder.end();
    if (!this.stream) return { body: this.parts.join('') + rest, ...truncated };
    this.pending += rest;
    const events =
      this.pending.trim() === ''
        ? this.events
        : [...this.events, { offset_ms: Math.round(endedAtMs * 10) / 10, data: this.pending }];
    return { events, ...truncated };
  }
}
