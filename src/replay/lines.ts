/** @module The lines of a recording file, streamed in bounded memory. */
import { createReadStream } from 'node:fs';
import { ConformanceError } from '../core/errors.js';

export type FileLine =
  | { readonly number: number; readonly text: string }
  | { readonly number: number; readonly tooLong: number };

/** Why a file cannot be read, in words a person can act on. */
function unreadable(path: string, err: unknown): ConformanceError {
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a directory'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (code ?? (err as Error).message.split('\n')[0]);
  return new ConformanceError('CTS_BAD_REPLAY', `--replay ${path}: cannot read the recording: ${why}`);
}

/** The file's lines in order (LF or CRLF; the last one with or without a newline), empty ones included. */
export async function* fileLines(path: string, maxLineBytes: number): AsyncGenerator<FileLine> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  let parts: Buffer[] = [];
  let length = 0;
  /** Bytes of the current line when it is over the cap (its bytes are dropped as they come). */
  let over = 0;
  let number = 0;
  const line = (): FileLine => {
    number++;
    if (over) {
      const tooLong = over;
      over = 0;
      return { number, tooLong };
    }
    let text = Buffer.concat(parts, length).toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    parts = [];
    length = 0;
    return { number, text };
  };
  const take = (piece: Buffer): void => {
    if (over) over += piece.length;
    else if (length + piece.length > maxLineBytes) {
      over = length + piece.length;
      parts = [];
      length = 0;
    } else if (piece.length) {
      parts.push(piece);
      length += piece.length;
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      let nl: number;
      while ((nl = chunk.indexOf(0x0a, start)) !== -1) {
        take(chunk.subarray(start, nl));
        yield line();
        start = nl + 1;
      }
      take(chunk.subarray(start));
    }
  } catch (err) {
    throw unreadable(path, err);
  } finally {
    stream.destroy();
  }
  if (length || over) yield line();
}
