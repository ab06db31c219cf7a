/**
 * @module How the conformant variants (variants*.ts) rewrite what the mock answers: its JSON bodies,
 * the JSON payloads of its event streams and the records of its JSONL listings, each through one
 * edit; an answer's bytes re-framed (gzip, writes split anywhere, even inside a UTF-8 sequence).
 * Bodies are opened only here, so each variant says what differs, not how a body is read.
 */
import { once } from 'node:events';
import { constants, createDeflate, createGzip, deflateSync, gzipSync } from 'node:zlib';
import { mapJsonlRecords, parseEvent, recordPathOf, sseFrame } from '../../mock/faults/rewrite.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { bodyText, type VariantHandler, type VariantResponse } from '../helpers/variant-server.js';

export type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON answer. */
export const jsonAnswer = (status: number, json: unknown, headers: Record<string, string> = {}): MockResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  json,
});

/** The JSON value of an answer that is not streamed (the mock's `json`, or its written text), or undefined. */
export function jsonOf(res: MockResponse): unknown {
  if (res.stream) return undefined;
  if (res.json !== undefined) return res.json;
  if (typeof res.body !== 'string' || !/json/i.test(res.headers['content-type'] ?? '')) return undefined;
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
}

const mediaOf = (res: MockResponse): string => (res.headers['content-type'] ?? '').toLowerCase();
const isSse = (res: MockResponse): boolean => res.stream !== undefined && mediaOf(res).includes('event-stream');
const isJsonl = (res: MockResponse): boolean => res.stream !== undefined && mediaOf(res).includes('jsonl');

/** The edits a body-level variant makes; each receives a copy it may change in place or replace. */
interface BodyEdits {
  /** A JSON answer that is not an error (status below 400). */
  readonly success?: (body: Json, req: MockRequest, res: MockResponse) => Json | void;
  /** A JSON error answer (status 400 and above); may replace the whole answer. */
  readonly error?: (body: Json, req: MockRequest, res: MockResponse) => Json | MockResponse | void;
  /** The JSON payload of one event of a chat stream that carries `choices` (chunks, the usage chunk). */
  readonly chunk?: (chunk: Json, state: Json) => Json | void;
  /** One record: of a JSONL listing, or a record read's answer (then instead of `success`). */
  readonly record?: (record: Json) => Json | void;
}

/** An `after` applying `edits` to every answer: JSON bodies, event-stream chunks, JSONL records. */
export function editBodies(edits: BodyEdits): (req: MockRequest, res: MockResponse) => MockResponse {
  return (req, res) => {
    if (isSse(res) && edits.chunk) {
      const source = res.stream!;
      const state: Json = {};
      const edit = edits.chunk;
      async function* edited(): AsyncGenerator<string> {
        for await (const event of source) {
          const chunk = parseEvent(event);
          if (!chunk || !Array.isArray(chunk.choices)) yield event;
          else {
            const copy = structuredClone(chunk);
            yield sseFrame(edit(copy, state) ?? copy);
          }
        }
      }
      return { ...res, stream: edited() };
    }
    if (isJsonl(res) && edits.record) {
      const edit = edits.record;
      return { ...res, stream: mapJsonlRecords(res.stream!, (r) => edit(r) ?? r) };
    }
    const json = jsonOf(res);
    if (!isObject(json)) return res;
    const copy = structuredClone(json);
    if (res.status < 400 && edits.record && recordPathOf(req)?.id !== undefined)
      return withJson(res, edits.record(copy) ?? copy);
    if (res.status < 400 && edits.success) return withJson(res, edits.success(copy, req, res) ?? copy);
    if (res.status >= 400 && edits.error) {
      const out = edits.error(copy, req, res) ?? copy;
      return 'status' in out && 'headers' in out ? (out as MockResponse) : withJson(res, out);
    }
    return res;
  };
}

/** The answer with `json` as its body (headers and status kept). */
const withJson = (res: MockResponse, json: unknown): MockResponse => ({
  status: res.status,
  headers: res.headers,
  json,
});

/** A value with the keys of every object in reverse order (arrays keep their order). */
export function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, reversedKeys(value[k])]),
  );
}

/** An `after` that maps each event string of a chat stream (an array for several, or none). */
export function mapEvents(
  f: (event: string, index: number) => string | readonly string[],
  headers: (h: Record<string, string>) => Record<string, string> = (h) => h,
): (req: MockRequest, res: MockResponse) => MockResponse {
  return (_req, res) => {
    if (!isSse(res)) return res;
    const source = res.stream!;
    async function* mapped(): AsyncGenerator<string> {
      let i = 0;
      for await (const e of source) {
        const out = f(e, i++);
        yield* typeof out === 'string' ? [out] : out;
      }
    }
    return { ...res, headers: headers(res.headers), stream: mapped() };
  };
}

/** The bytes of an answer's body, whole (a stream read to its end). */
async function bodyBytes(res: MockResponse): Promise<Uint8Array> {
  if (res.body instanceof Uint8Array) return res.body;
  return new TextEncoder().encode(await bodyText(res));
}

/** Splits bytes into pieces of `size` (a piece may end inside a UTF-8 sequence). */
function* piecesOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A handler writing every answer that is not streamed in `size`-byte writes (chunked transfer, cut anywhere). */
export function splitWrites(size: number): VariantHandler {
  return async (req, handle) => {
    const res = await handle(req);
    if (res.stream || (res.json === undefined && res.body === undefined)) return res;
    const bytes = await bodyBytes(res);
    async function* pieces(): AsyncGenerator<Uint8Array> {
      yield* piecesOf(bytes, size);
    }
    return { status: res.status, headers: res.headers, stream: pieces() };
  };
}

type Coding = 'gzip' | 'deflate';

/** Each piece of a stream encoded and flushed at once, so events still arrive one by one. */
async function* encodedPieces(source: AsyncIterable<string>, coding: Coding): AsyncGenerator<Uint8Array> {
  const z = coding === 'gzip' ? createGzip() : createDeflate();
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  for await (const piece of source) {
    z.write(piece);
    await new Promise<void>((resolve) => z.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    if (out.length) yield Buffer.concat(out.splice(0));
  }
  z.end();
  await once(z, 'end');
  if (out.length) yield Buffer.concat(out.splice(0));
}

/**
 * A handler that encodes every answer with a body in `coding` (gzip, or zlib-wrapped deflate) when
 * the request accepts it; streams are flushed piece by piece.
 */
export function encodeWhenAccepted(coding: Coding): VariantHandler {
  return async (req, handle): Promise<VariantResponse> => {
    const res = await handle(req);
    const accepts = new RegExp(`\\b${coding}\\b`, 'i').test(req.headers['accept-encoding'] ?? '');
    if (!accepts || res.status === 204 || res.status === 304 || req.method === 'HEAD') return res;
    const { 'content-length': _length, ...kept } = res.headers;
    const headers = { ...kept, 'content-encoding': coding, vary: 'Accept-Encoding' };
    if (res.stream) return { status: res.status, headers, stream: encodedPieces(res.stream, coding) };
    if (res.json === undefined && res.body === undefined) return res;
    const bytes = await bodyBytes(res);
    return { status: res.status, headers, body: coding === 'gzip' ? gzipSync(bytes) : deflateSync(bytes) };
  };
}
