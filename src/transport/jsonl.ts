/** @module An incremental JSON Lines splitter (LF or CRLF, last newline optional). */
export interface JsonlLine {
  /** 1-based line number. */
  readonly number: number;
  readonly text: string;
  /** True for the last line when the stream did not end with a newline. */
  readonly unterminated: boolean;
}

export class JsonlSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private count = 0;

  push(chunk: Uint8Array): JsonlLine[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    const out: JsonlLine[] = [];
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) !== -1) {
      let text = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (text.endsWith('\r')) text = text.slice(0, -1);
      out.push({ number: ++this.count, text, unterminated: false });
    }
    return out;
  }

  end(): JsonlLine[] {
    this.buffer += this.decoder.decode();
    if (this.buffer.length === 0) return [];
    const text = this.buffer.endsWith('\r') ? this.buffer.slice(0, -1) : this.buffer;
    this.buffer = '';
    return [{ number: ++this.count, text, unterminated: true }];
  }
}
