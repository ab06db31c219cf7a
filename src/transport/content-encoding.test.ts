import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { codingOf, createBodyDecoder, decodeChunks } from './content-encoding.js';

const TEXT = `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: { content: 'héllo' } }] })}\n\n`.repeat(
  40,
);

function decodeAll(coding: 'gzip' | 'deflate' | 'br', bytes: Buffer, pieceSize: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const d = createBodyDecoder(coding, {
      data: (c) => out.push(c),
      end: () => resolve(Buffer.concat(out).toString('utf8')),
      error: (m) => reject(new Error(m)),
    });
    for (let i = 0; i < bytes.length; i += pieceSize) d.write(bytes.subarray(i, i + pieceSize));
    d.end();
  });
}

test('codingOf: identity, the three decodable codings, and what cannot be decoded here', () => {
  expect(codingOf(undefined)).toBe('identity');
  expect(codingOf('identity')).toBe('identity');
  expect(codingOf('GZIP')).toBe('gzip');
  expect(codingOf('x-gzip')).toBe('gzip');
  expect(codingOf(' br ')).toBe('br');
  expect(codingOf('deflate')).toBe('deflate');
  expect(codingOf('zstd')).toEqual({ undecodable: 'zstd' });
  expect(codingOf('gzip, br')).toEqual({ undecodable: 'gzip, br' });
});

test.each([
  ['gzip', gzipSync(TEXT)],
  ['deflate', deflateSync(TEXT)],
  ['deflate', deflateRawSync(TEXT)],
  ['br', brotliCompressSync(TEXT)],
] as const)('%s decodes the same text whether it comes whole or a byte at a time', async (coding, bytes) => {
  expect(await decodeAll(coding, bytes, bytes.length)).toBe(TEXT);
  expect(await decodeAll(coding, bytes, 1)).toBe(TEXT);
});

test('a body that is not what its coding says is an error in words, not garbled text', async () => {
  await expect(decodeAll('gzip', Buffer.from('{"not":"gzip"}'), 4)).rejects.toThrow(
    /not valid gzip as its Content-Encoding says/,
  );
});

test('decodeChunks yields decoded text as the coded chunks arrive, before the body ends', async () => {
  const { createGzip, constants } = await import('node:zlib');
  const gz = createGzip();
  const pieces: Buffer[] = [];
  gz.on('data', (c: Buffer) => pieces.push(c));
  const flushed = () => new Promise<void>((r) => gz.flush(constants.Z_SYNC_FLUSH, () => r()));
  let released: () => void = () => undefined;
  const gate = new Promise<void>((r) => (released = r));
  async function* source() {
    gz.write('data: first\n\n');
    await flushed();
    yield Buffer.concat(pieces.splice(0));
    await gate; // the rest of the body waits until the first event was read
    gz.end('data: [DONE]\n\n');
    await new Promise((r) => gz.once('end', r));
    yield Buffer.concat(pieces.splice(0));
  }
  const seen: string[] = [];
  for await (const chunk of decodeChunks(source(), 'gzip', (m) => new Error(m))) {
    seen.push(chunk.toString('utf8'));
    released();
  }
  expect(seen[0]).toBe('data: first\n\n');
  expect(seen.join('')).toBe('data: first\n\ndata: [DONE]\n\n');
});
