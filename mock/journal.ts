/** @module The request journal: a ring of recent requests and their answers, its data in one bounded arena. */
import { createRedactor, type Redactor, redactHeaders } from '../src/core/redact.js';
import type { MockRequest } from './exchange.js';
import { jsonOrUndefined } from '../src/core/values.js';

/** One request as the journal shows it (`GET /__mock/requests`, `mock.requests()`). */
export interface JournalEntry {
  method: string;
  /** Without the query string. */
  path: string;
  /** Each parameter's value; an array when it was repeated. */
  query: Record<string, string | string[]>;
  /** Lower-cased names; credentials (`authorization`, keys, cookies) redacted. */
  headers: Record<string, string>;
  /** The JSON body parsed, any other body as text, `null` without one. */
  body: unknown;
  /** Present when the body was longer than the journal keeps (`MAX_BODY_BYTES`); `body` is then its start, as text. */
  body_truncated?: true;
  /** When the request arrived, ISO 8601. */
  time: string;
  /** The id of the script that answered, or `null` for the mock's own answer. */
  script: string | null;
  /** The status the mock answered; `null` while it has not answered yet (a latency, a queue). */
  status: number | null;
  /** Bytes of the answer's body sent: a whole body's length; a stream's chunks taken by the connection so far. */
  response_bytes: number;
  /** True once the answer was sent to its end; false until then, and for a stream that was cut. */
  complete: boolean;
  /** Who cut a streamed answer short: `mock` (a planted cut, chaos, a failing stream) or `client` (gone first). */
  cut: 'mock' | 'client' | null;
}

/** How an answer ended, as `Journal.ended` notes it. */
export type AnswerEnd = 'complete' | 'mock' | 'client';
const END_CODES: Readonly<Record<AnswerEnd, number>> = { complete: 1, mock: 2, client: 3 };

/** The journal keeps this much of a body (a longer one is kept as its start). */
export const MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_JOURNAL_SIZE = 1_000;
/** Bytes of request data the journal may hold per entry of its size, on average. */
const BYTES_PER_ENTRY = 16 * 1024;
const FIRST_ARENA_BYTES = 64 * 1024;
/** The text of a request's method, path, query and headers is kept up to this length (node's header limit is 16 KiB). */
const MAX_META_CHARS = 16 * 1024;

/** A request's serial number (-1: nothing kept); the notes made with it do nothing once its entry is gone. */
export type JournalSlot = number;

const decoder = new TextDecoder();

/** The ring: request data copied into one arena, numbers in typed arrays: no request object for the old generation. */
export class Journal {
  #arena: Buffer = Buffer.alloc(0);
  readonly #cap: number;
  #head = 0;
  readonly #starts: Int32Array;
  readonly #metaBytes: Int32Array;
  readonly #keptBytes: Int32Array;
  readonly #bodyBytes: Int32Array;
  readonly #times: Float64Array;
  readonly #scripts: (string | null)[];
  /** The answers: status (0: none yet), bytes of body sent, how it ended (0: not yet; END_CODES). */
  readonly #statuses: Int16Array;
  readonly #sentBytes: Float64Array;
  readonly #ends: Uint8Array;
  #oldest = 0;
  #count = 0;
  /** The serial number of the next request; request n sits at ring position n % size. */
  #next = 0;
  readonly #redact: Redactor;

  /** `size` 0 keeps nothing. `secrets`: the mock's credentials, redacted wherever they show. */
  constructor(
    readonly size: number,
    secrets: readonly string[],
  ) {
    // Room for the largest request the journal keeps (its text, 3 bytes a character at most, and its body).
    this.#cap = Math.max(size * BYTES_PER_ENTRY, 3 * MAX_META_CHARS + MAX_BODY_BYTES);
    this.#starts = new Int32Array(size);
    this.#metaBytes = new Int32Array(size);
    this.#keptBytes = new Int32Array(size);
    this.#bodyBytes = new Int32Array(size);
    this.#times = new Float64Array(size);
    this.#scripts = new Array<string | null>(size).fill(null);
    this.#statuses = new Int16Array(size);
    this.#sentBytes = new Float64Array(size);
    this.#ends = new Uint8Array(size);
    this.#redact = createRedactor(secrets);
  }

  get length(): number {
    return this.#count;
  }

  get arenaBytes(): number {
    return this.#arena.length;
  }

  record(req: MockRequest): JournalSlot {
    if (this.size === 0) return -1;
    const meta = metaOf(req);
    const body = req.body;
    const kept = body ? Math.min(body.length, MAX_BODY_BYTES) : 0;
    if (this.#count === this.size) this.#evictOldest();
    // Room for the text at 3 bytes a character (UTF-8's most for a UTF-16 code unit): no pass to count them.
    const at = this.#reserve(3 * meta.length + kept);
    const metaBytes = this.#arena.write(meta, at, 'utf8');
    if (body && kept > 0) this.#arena.set(kept === body.length ? body : body.subarray(0, kept), at + metaBytes);
    this.#head = at + metaBytes + kept;
    const i = (this.#oldest + this.#count) % this.size;
    const serial = this.#next++;
    this.#count++;
    this.#starts[i] = at;
    this.#metaBytes[i] = metaBytes;
    this.#keptBytes[i] = kept;
    this.#bodyBytes[i] = body?.length ?? 0;
    this.#times[i] = Date.now();
    this.#scripts[i] = null;
    this.#statuses[i] = 0;
    this.#sentBytes[i] = 0;
    this.#ends[i] = 0;
    return serial;
  }

  /** The ring position of `slot`'s entry, or -1 once it is gone. */
  #at(slot: JournalSlot): number {
    return slot >= 0 && slot < this.#next && slot >= this.#next - this.#count ? slot % this.size : -1;
  }

  answeredBy(slot: JournalSlot, script: string): void {
    const i = this.#at(slot);
    if (i >= 0) this.#scripts[i] = script;
  }

  /** Notes the answer's status and the bytes of its body sent; `whole`: the body went in one piece (no stream). */
  answered(slot: JournalSlot, status: number, bytes: number, whole: boolean): void {
    const i = this.#at(slot);
    if (i < 0) return;
    this.#statuses[i] = status;
    this.#sentBytes[i] = bytes;
    if (whole) this.#ends[i] = END_CODES.complete;
  }

  sent(slot: JournalSlot, bytes: number): void {
    const i = this.#at(slot);
    if (i >= 0) this.#sentBytes[i] = this.#sentBytes[i]! + bytes;
  }

  ended(slot: JournalSlot, end: AnswerEnd): void {
    const i = this.#at(slot);
    if (i >= 0) this.#ends[i] = END_CODES[end];
  }

  entries(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let k = 0; k < this.#count; k++) out.push(this.#entry((this.#oldest + k) % this.size));
    return out;
  }

  clear(): void {
    this.#arena = Buffer.alloc(0);
    this.#head = 0;
    // Request n stays at ring position n % size: answers still on their way to a cleared entry find it gone.
    this.#oldest = this.size === 0 ? 0 : this.#next % this.size;
    this.#count = 0;
  }

  #evictOldest(): void {
    this.#oldest = (this.#oldest + 1) % this.size;
    this.#count--;
  }

  #oldestStart(): number {
    return this.#count > 0 ? this.#starts[this.#oldest]! : Number.POSITIVE_INFINITY;
  }

  /** A place for `bytes` bytes: at the head, else at the start when free, else in a grown arena, else at the start. */
  #reserve(bytes: number): number {
    if (this.#count === 0) this.#head = 0;
    if (this.#head + bytes <= this.#arena.length) return this.#makeRoom(this.#head, bytes);
    // The end is reached: entries past the head (the oldest, laid out before a wrap) go first.
    while (this.#count > 0 && this.#oldestStart() >= this.#head) this.#evictOldest();
    const startFree = this.#oldestStart() >= bytes && this.#arena.length >= bytes;
    if (!startFree && this.#arena.length < this.#cap && this.#head + bytes <= this.#cap) {
      this.#grow(this.#head + bytes);
      return this.#head;
    }
    if (this.#arena.length < bytes) {
      while (this.#count > 0) this.#evictOldest();
      this.#head = 0;
      this.#grow(bytes);
    }
    return this.#makeRoom(0, bytes);
  }

  #makeRoom(at: number, bytes: number): number {
    while (this.#count > 0 && this.#oldestStart() >= at && this.#oldestStart() < at + bytes) this.#evictOldest();
    return at;
  }

  #grow(needed: number): void {
    let length = Math.max(FIRST_ARENA_BYTES, this.#arena.length * 2);
    while (length < needed) length *= 2;
    const arena = Buffer.allocUnsafeSlow(Math.min(length, this.#cap));
    this.#arena.copy(arena, 0, 0, this.#head);
    this.#arena = arena;
  }

  /** The entry at ring position `i`, its text and body read back from the arena. */
  #entry(i: number): JournalEntry {
    const start = this.#starts[i]!;
    const metaEnd = start + this.#metaBytes[i]!;
    const [method = '', path = '', search = '', ...pairs] = this.#arena.toString('utf8', start, metaEnd).split('\n');
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(search)) {
      const seen = query[name];
      query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    const headers: Record<string, string> = {};
    for (let k = 0; k + 1 < pairs.length; k += 2) headers[pairs[k]!] = pairs[k + 1]!;
    const end = this.#ends[i];
    const entry: JournalEntry = {
      method,
      path,
      query,
      headers: redactHeaders(headers, this.#redact),
      body: bodyOf(this.#arena.subarray(metaEnd, metaEnd + this.#keptBytes[i]!), this.#bodyBytes[i]!),
      time: new Date(this.#times[i]!).toISOString(),
      script: this.#scripts[i]!,
      status: this.#statuses[i] === 0 ? null : this.#statuses[i]!,
      response_bytes: this.#sentBytes[i]!,
      complete: end === END_CODES.complete,
      cut: end === END_CODES.mock ? 'mock' : end === END_CODES.client ? 'client' : null,
    };
    if (this.#bodyBytes[i]! > MAX_BODY_BYTES) entry.body_truncated = true;
    return entry;
  }
}

/** The last request's text and parts: a client under load test sends the same request again and again. */
let lastMeta = '';
let lastParts: string[] = [];

/** The request's method, path, query and headers as lines of text; the last one's string again for the same parts. */
function metaOf(req: MockRequest): string {
  const parts = lastParts;
  const search = req.query.size > 0 ? req.query.toString() : '';
  let same = parts[0] === req.method && parts[1] === req.path && parts[2] === search;
  let n = 3;
  const headers = req.headers;
  if (same) {
    for (const name in headers) {
      const value = headers[name];
      if (typeof value !== 'string') continue;
      if (parts[n] !== name || parts[n + 1] !== value) {
        same = false;
        break;
      }
      n += 2;
    }
    if (same && n === parts.length) return lastMeta;
  }
  const fresh = [req.method, req.path, search];
  let meta = `${req.method}\n${req.path}\n${search}`;
  for (const name in headers) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    fresh.push(name, value);
    meta += `\n${name}\n${value.includes('\n') ? value.replaceAll('\n', ' ') : value}`;
  }
  lastParts = fresh;
  lastMeta = meta.length > MAX_META_CHARS ? meta.slice(0, MAX_META_CHARS) : meta;
  return lastMeta;
}

function bodyOf(kept: Uint8Array, bodyBytes: number): unknown {
  if (kept.length === 0) return null;
  const text = decoder.decode(kept);
  if (bodyBytes > MAX_BODY_BYTES) return text;
  const value = jsonOrUndefined(text);
  return value === undefined ? text : value;
}
