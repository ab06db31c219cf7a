/**
 * @module Mixed traffic for the proxy's pair memory (bench/scenarios/proxy-memory.ts): every exchange
 * a pure function of its index, so that the same run sends the same traffic. A round of 20
 * exchanges: pages of the seeded project at a moving offset (five new records listed each), reads of
 * listed ids and of unknown ones, a greedy seeded chat request non-streamed, streamed and repeated,
 * a chat request sent with n = 1 then n = 2, seeded and unseeded streams, and a listing cycle (full,
 * `?limit=5`, `?limit=5&offset=5`, full again) in a project of its own (an empty one; the seeded
 * project's every `DATA_CYCLE_EVERY` rounds). Prompts, seeds, listed ids and projects change from
 * round to round: tens of thousands of distinct keys, so that every pair rule's memory fills its
 * bound. With `promptBytes`, each chat prompt carries that much context after its question (a
 * retrieval-augmented prompt): the pair memory's bound in bytes, not in keys, is what holds then. Sent by
 * a few keep-alive clients (undici Pool), each answer read to its end.
 */
import { Pool } from 'undici';
import { DEFAULT_ENTITY, DEFAULT_MODEL } from '../../src/core/defaults.js';
import { BASIC, BEARER, JSON_HEADERS, RECORDS_BASE } from './requests.js';

/** Exchanges per round (one of each kind below). */
const ROUND = 20;
/** The seeded project's listing cycle comes every this many rounds (its two full listings are the heavy part). */
const DATA_CYCLE_EVERY = 50;

interface Exchange {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The status the mock answers (a read of an unknown id: 404). */
  readonly status: number;
  /** A streamed answer: read to its end, which must hold `[DONE]`. */
  readonly streamed?: boolean;
}

/** The ids the seeded project lists, per kind (read from the mock before the traffic). */
export interface ListedIds {
  readonly predictions: readonly string[];
  readonly scores: readonly string[];
}

const CHAT = { ...BEARER, ...JSON_HEADERS };
const get = (path: string, status = 200): Exchange => ({ method: 'GET', path, headers: BASIC, status });

/** Context appended to a prompt (`promptBytes`): the same words, after a question that differs. */
const CONTEXT = 'The shop lists editions, bindings, prices and stock for each volume of the catalogue. ';
const contextOf = (bytes: number): string => CONTEXT.repeat(Math.ceil(bytes / CONTEXT.length)).slice(0, bytes);

function chat(fields: Record<string, unknown>, prompt: string, streamed = false, context = ''): Exchange {
  const body = JSON.stringify({
    model: DEFAULT_MODEL,
    messages: [
      { role: 'system', content: 'You are a concise assistant for a bookshop.' },
      { role: 'user', content: context ? `${prompt}\n\n${context}` : prompt },
    ],
    max_completion_tokens: 16,
    ...fields,
    ...(streamed ? { stream: true } : {}),
  });
  return { method: 'POST', path: '/v1/chat/completions', headers: CHAT, body, status: 200, streamed };
}

/** An id no record has (UUIDv7-shaped, a timestamp no record carries): 404. */
const unknownId = (k: number): string => `00000000-0000-7000-8000-${k.toString(16).padStart(12, '0')}`;

/** The listing cycle of round `k`: the seeded project's now and then, else an empty project of the round's own. */
function listingCycle(k: number, j: number): Exchange {
  const data = k % DATA_CYCLE_EVERY === 0;
  const kind = (data ? k / DATA_CYCLE_EVERY : k) % 2 ? 'scores' : 'predictions';
  const base = data ? `${RECORDS_BASE}/${kind}` : `/v2/${DEFAULT_ENTITY}/bench-${k}/${kind}`;
  return get([base, `${base}?limit=5`, `${base}?limit=5&offset=5`, base][j]!);
}

/** Exchange `i` of the traffic. */
function exchangeAt(i: number, ids: ListedIds, context: string): Exchange {
  const k = Math.floor(i / ROUND);
  const j = i % ROUND;
  const at = (list: readonly string[], n: number) => list[n % list.length]!;
  const offset = (5 * k) % ids.predictions.length;
  const greedy = { temperature: 0, seed: k };
  const sampled = { temperature: 0.7, top_p: 0.95 };
  const question = `Do you have volume ${k} of the collected letters, and in which edition?`;
  switch (j) {
    case 0:
      return get(`${RECORDS_BASE}/predictions?limit=5&offset=${offset}`);
    case 1:
      return get(`${RECORDS_BASE}/scores?limit=5&offset=${offset}`);
    case 2:
      return get(`${RECORDS_BASE}/predictions/${at(ids.predictions, offset + (k % 5))}`);
    case 3:
      return get(`${RECORDS_BASE}/scores/${at(ids.scores, 7 * k)}`);
    case 4:
      return get(`${RECORDS_BASE}/predictions/${unknownId(k)}`, 404);
    case 5:
    case 7:
      return chat(greedy, question, false, context);
    case 6:
      return chat(greedy, question, true, context);
    case 8:
      return chat({ ...sampled, n: 1 }, `How long is shipping to town number ${k}?`, false, context);
    case 9:
      return chat({ ...sampled, n: 2 }, `How long is shipping to town number ${k}?`, false, context);
    case 10:
      return chat({ ...sampled, seed: k }, `Recommend a novel set in year ${1000 + (k % 1000)} (${k}).`, true, context);
    case 11:
      return get(`${RECORDS_BASE}/scores/${unknownId(k)}`, 404);
    case 12:
    case 13:
    case 14:
    case 15:
      return listingCycle(k, j - 12);
    case 16:
    case 17:
      return chat({ ...sampled, seed: 2 * k + 1 }, `Is book ${k} of the series in paperback?`, false, context);
    case 18:
      return get(`${RECORDS_BASE}/predictions/${at(ids.predictions, 13 * k)}`);
    default:
      return chat(sampled, `Tell me about the author of book ${k}.`, true, context);
  }
}

export interface TrafficCounts {
  /** Exchanges answered (whatever the status), and of them the ones not as expected. */
  done: number;
  unexpected: number;
  /** Exchanges that failed (connection reset, refused, timed out…). */
  failed: number;
  /** The first few problems, in words. */
  readonly problems: string[];
}

export interface TrafficOptions {
  readonly url: string;
  readonly ids: ListedIds;
  readonly total: number;
  readonly connections: number;
  /** Context appended to every chat prompt, bytes (default none). */
  readonly promptBytes?: number;
  /** Called after each answered exchange with the count so far. */
  readonly onDone?: (done: number) => void;
  /** Stops the traffic early (the proxy died, too many errors so far): the reason. */
  readonly stopWhy: (counts: TrafficCounts) => string | undefined;
}

/** One exchange sent and its answer read to the end; returns a problem in words, or undefined. */
async function send(pool: Pool, x: Exchange): Promise<string | undefined> {
  const res = await pool.request({
    method: x.method,
    path: x.path,
    headers: x.headers,
    ...(x.body !== undefined ? { body: x.body } : {}),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await res.body.text();
  if (res.statusCode !== x.status) return `${x.method} ${x.path}: HTTP ${res.statusCode}: ${text.slice(0, 160)}`;
  if (x.streamed && !text.includes('data: [DONE]')) return `${x.method} ${x.path}: a stream without [DONE]`;
  return undefined;
}

/** Sends `total` exchanges, `connections` at a time, on keep-alive connections. */
export async function sendTraffic(opts: TrafficOptions): Promise<TrafficCounts> {
  const pool = new Pool(opts.url, { connections: opts.connections, pipelining: 1 });
  const counts: TrafficCounts = { done: 0, unexpected: 0, failed: 0, problems: [] };
  const note = (p: string) => {
    if (counts.problems.length < 5) counts.problems.push(p);
  };
  let next = 0;
  const context = contextOf(opts.promptBytes ?? 0);
  const worker = async () => {
    while (next < opts.total && opts.stopWhy(counts) === undefined) {
      const x = exchangeAt(next++, opts.ids, context);
      try {
        const problem = await send(pool, x);
        counts.done++;
        if (problem) {
          counts.unexpected++;
          note(problem);
        }
        opts.onDone?.(counts.done);
      } catch (err) {
        counts.failed++;
        note(`${x.method} ${x.path}: ${(err as Error).message}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.connections }, worker));
  } finally {
    await pool.destroy();
  }
  return counts;
}
