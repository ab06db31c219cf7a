/**
 * @module Malformed requests as raw bytes, for what no HTTP client would send: broken framing
 * (content lengths, chunk sizes), header bytes, methods and request targets a parser must refuse.
 */
import { BASIC, BEARER, LIST_PATH } from './harness.js';
import { pick } from './seeded.js';

/** Requests no HTTP client sends: broken framing and header bytes. Each asks for `connection: close`. */
export function rawMalformed(r: () => number): { label: string; bytes: Buffer } {
  const valid = '{"messages":[{"role":"user","content":"hi"}]}';
  const head = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  const cases: (() => { label: string; bytes: Buffer })[] = [
    () => ({
      label: 'content-length not a number',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Content-Length: abc',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'two content-lengths',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          'Content-Length: 5',
          'Content-Length: 9',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'content-length and chunked',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          'Content-Length: 4',
          'Transfer-Encoding: chunked',
          'Connection: close',
        ]),
        Buffer.from('4\r\n{}{}\r\n0\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'bad chunk size',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          'Connection: close',
        ]),
        Buffer.from('zz\r\n{}\r\n0\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'header without colon',
      bytes: head(['GET /v2/acme/evals/predictions HTTP/1.1', 'Host: x', 'this is not a header', 'Connection: close']),
    }),
    () => ({
      label: 'header with control bytes',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/acme/evals/predictions HTTP/1.1\r\nHost: x\r\nX-Bad: a'),
        Buffer.from([0x00, 0x07, 0x7f]),
        Buffer.from('b\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'invalid UTF-8 in authorization',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/acme/evals/predictions HTTP/1.1\r\nHost: x\r\nAuthorization: Basic '),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'invalid UTF-8 in path',
      bytes: Buffer.concat([
        Buffer.from('GET /v2/'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('/evals/predictions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
    }),
    () => ({
      label: 'huge header',
      bytes: head([
        'GET /v2/acme/evals/predictions HTTP/1.1',
        'Host: x',
        `X-Big: ${'a'.repeat(20_000 + Math.floor(r() * 50_000))}`,
        'Connection: close',
      ]),
    }),
    () => ({
      label: 'many headers',
      bytes: head([
        'GET /v2/acme/evals/predictions HTTP/1.1',
        'Host: x',
        ...Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v`),
        'Connection: close',
      ]),
    }),
    () => ({
      label: 'unknown method token',
      bytes: head([
        `${pick(r, ['BREW', 'TRACE', 'PROPFIND', 'G E T', 'get'])} /v1/chat/completions HTTP/1.1`,
        'Host: x',
        'Connection: close',
      ]),
    }),
    () => ({ label: 'HTTP/0.9 style', bytes: Buffer.from('GET /v2/acme/evals/predictions\r\n\r\n') }),
    () => ({ label: 'HTTP/2 preface', bytes: Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n') }),
    () => ({
      label: 'random bytes',
      bytes: Buffer.from(Array.from({ length: 64 + Math.floor(r() * 512) }, () => Math.floor(r() * 256))),
    }),
    () => ({
      label: 'body shorter than content-length then close',
      bytes: Buffer.concat([
        head([
          'POST /v1/chat/completions HTTP/1.1',
          'Host: x',
          `Authorization: ${BEARER}`,
          'Content-Type: application/json',
          'Content-Length: 500',
          'Connection: close',
        ]),
        Buffer.from(valid),
      ]),
    }),
    () => ({
      label: 'absolute-form target',
      bytes: head([
        `GET http://evil.example${LIST_PATH} HTTP/1.1`,
        'Host: x',
        `Authorization: ${BASIC}`,
        'Connection: close',
      ]),
    }),
  ];
  return pick(r, cases)();
}
