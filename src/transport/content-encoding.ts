/** @module Bodies decoded as their Content-Encoding says (RFC 9110 §8.4), chunk by chunk. */
import {
  type BrotliDecompress,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
} from 'node:zlib';
import type { Gunzip, Inflate, InflateRaw } from 'node:zlib';

type Coding = 'gzip' | 'deflate' | 'br';

/** The one coding of a Content-Encoding header, `identity` when none, or the value that cannot be decoded. */
export function codingOf(header: string | undefined): Coding | 'identity' | { readonly undecodable: string } {
  const codings = (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return 'identity';
  if (codings.length === 1) {
    const c = codings[0]!;
    if (c === 'gzip' || c === 'x-gzip') return 'gzip';
    if (c === 'deflate' || c === 'br') return c;
  }
  return { undecodable: codings.join(', ') };
}

/** Receives the decoded body: chunks as they are decoded, then the end (or why decoding failed). */
export interface DecodedSink {
  data(chunk: Buffer): void;
  end(): void;
  error(message: string): void;
}

export interface BodyDecoder {
  /** Decodes a chunk; `done` is called once what it decodes to has reached the sink. */
  write(chunk: Buffer, done?: () => void): void;
  end(): void;
  /** Stops decoding; the sink hears nothing more. */
  destroy(): void;
}

/** A decoder of one body into `sink`; `deflate` is zlib-wrapped or raw, as its first bytes tell. */
export function createBodyDecoder(coding: Coding, sink: DecodedSink): BodyDecoder {
  let stream: Gunzip | Inflate | InflateRaw | BrotliDecompress | undefined;
  let done = false;
  const pending: Buffer[] = [];
  const open = (first: Buffer): Gunzip | Inflate | InflateRaw | BrotliDecompress => {
    const s =
      coding === 'gzip'
        ? createGunzip()
        : coding === 'br'
          ? createBrotliDecompress()
          : (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | (first[1] ?? 0)) % 31 === 0
            ? createInflate()
            : createInflateRaw();
    s.on('data', (chunk: Buffer) => {
      if (!done) sink.data(chunk);
    });
    s.on('end', () => {
      if (done) return;
      done = true;
      sink.end();
    });
    s.on('error', (err: Error) => {
      if (done) return;
      done = true;
      sink.error(`the body is not valid ${coding} as its Content-Encoding says (${err.message.split('\n')[0]})`);
    });
    return s;
  };
  return {
    write(chunk, written) {
      if (done || chunk.length === 0) {
        written?.();
        return;
      }
      if (!stream) {
        const first = Buffer.concat([...pending, chunk]);
        if (coding === 'deflate' && first.length < 2) {
          pending.push(chunk);
          written?.();
          return;
        }
        pending.length = 0;
        stream = open(first);
        stream.write(first, () => written?.());
        return;
      }
      stream.write(chunk, () => written?.());
    },
    end() {
      if (done) return;
      if (!stream) {
        const rest = Buffer.concat(pending);
        if (rest.length === 0) {
          done = true;
          sink.end();
          return;
        }
        stream = open(rest);
        stream.end(rest);
        return;
      }
      stream.end();
    },
    destroy() {
      done = true;
      stream?.destroy();
    },
  };
}

/** A body's chunks decoded as they come; a body that is not what its coding says throws `onError`'s error. */
export async function* decodeChunks(
  source: AsyncIterable<Uint8Array>,
  coding: Coding,
  onError: (message: string) => Error,
): AsyncGenerator<Buffer> {
  const queue: Buffer[] = [];
  let finished = false;
  let failure: string | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const decoder = createBodyDecoder(coding, {
    data(chunk) {
      queue.push(chunk);
      notify();
    },
    end() {
      finished = true;
      notify();
    },
    error(message) {
      failure = message;
      notify();
    },
  });
  try {
    for await (const chunk of source) {
      await new Promise<void>((resolve) =>
        decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), resolve),
      );
      while (queue.length) yield queue.shift()!;
      if (failure !== undefined) throw onError(failure);
    }
    decoder.end();
    while (!finished && failure === undefined) {
      if (queue.length) yield queue.shift()!;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
    while (queue.length) yield queue.shift()!;
    if (failure !== undefined) throw onError(failure);
  } finally {
    decoder.destroy();
  }
}
