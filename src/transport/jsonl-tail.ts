/** @module Byte-level bookkeeping of a JSONL body as it streams. */
import { type StreamingExchange, withChunks } from './types.js';

/** Follows a body as bytes: its first bytes (evidence), the newlines seen, and the line still open. */
export class LineTail {
  newlines = 0;
  bytes = 0;
  private first: Uint8Array[] = [];
  private firstLength = 0;
  private openParts: Uint8Array[] = [];

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.firstLength < 2048) {
      const part = chunk.subarray(0, 2048 - this.firstLength);
      this.first.push(part);
      this.firstLength += part.length;
    }
    let at = chunk.indexOf(0x0a);
    if (at === -1) {
      this.openParts.push(chunk);
      return;
    }
    let last = at;
    while (at !== -1) {
      this.newlines++;
      last = at;
      at = chunk.indexOf(0x0a, at + 1);
    }
    this.openParts = [chunk.subarray(last + 1)];
  }

  get firstBytes(): string {
    return Buffer.concat(this.first).toString('utf8');
  }

  /** The text of the line still open. */
  get open(): string {
    return Buffer.concat(this.openParts).toString('utf8');
  }

  /** The exchange with its chunks passing through `push` on their way. */
  follow(stream: StreamingExchange): StreamingExchange {
    const push = (c: Uint8Array) => this.push(c);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for await (const c of stream.chunks) {
        push(c);
        yield c;
      }
    }
    return withChunks(stream, chunks());
  }
}

/** Why a line cut before its end can never be a JSON object, or undefined when it still could be. */
export function openLineProblem(text: string): string | undefined {
  const start = text.search(/\S/);
  if (start < 0) return undefined;
  if (text[start] !== '{')
    return `does not start a JSON object: it starts ${JSON.stringify(text.slice(start, start + 40))}`;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === 0x5c) escaped = true;
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) depth++;
    else if (ch === 0x7d || ch === 0x5d) {
      depth--;
      if (depth === 0) {
        const rest = text.slice(i + 1);
        const next = rest.search(/\S/);
        return next < 0
          ? undefined
          : `holds more than one JSON value: an object closes after ${i + 1 - start} characters and ${JSON.stringify(rest.slice(next, next + 40))} follows on the same line`;
      }
    }
  }
  return undefined;
}
