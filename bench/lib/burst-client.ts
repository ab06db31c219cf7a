/**
 * @module Child process, load generator: opens N streamed chat requests at once (undici, one
 * connection each, its default 10 s connect timeout) and reads every stream to its end, then prints
 * one JSON line: how many completed (200 and a `[DONE]` event), and the failures by kind (connect
 * timeout, reset, other, and streams still open at the deadline). Run in a process of its own so
 * that the burst's sockets and parsing do not share the bench's event loop. A client that runs out
 * of file descriptors reports EMFILE as a failure kind, never a hang.
 * Arguments: url, streams, deadline in ms, request body.
 */
import { Agent, request } from 'undici';
import { BEARER, JSON_HEADERS } from './requests.js';

const [url = '', countArg = '0', deadlineArg = '60000', body = '{}'] = process.argv.slice(2);
const count = Number(countArg);
const deadlineMs = Number(deadlineArg);

export interface BurstResult {
  streams: number;
  completed: number;
  failures: Record<string, number>;
  /** Milliseconds from the first request to the last stream's end (or the deadline). */
  ms: number;
  /** Median and 99th percentile time to the last event, ms, over completed streams. */
  p50Ms: number;
  p99Ms: number;
}

const agent = new Agent({ connections: null, pipelining: 1, connect: { timeout: 10_000 }, bodyTimeout: 0 });
const failures: Record<string, number> = {};
const fail = (kind: string) => {
  failures[kind] = (failures[kind] ?? 0) + 1;
};
const kindOf = (err: unknown): string => {
  const e = err as { code?: string; cause?: { code?: string }; name?: string };
  const code = e.cause?.code ?? e.code ?? e.name ?? 'error';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect timeout';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'reset';
  if (code === 'ECONNREFUSED') return 'refused';
  return code;
};

const abort = new AbortController();
const times: number[] = [];
const t0 = performance.now();
const deadline = setTimeout(() => abort.abort(new Error('deadline')), deadlineMs);

async function one(): Promise<void> {
  try {
    const res = await request(url, {
      method: 'POST',
      headers: { ...BEARER, ...JSON_HEADERS },
      body,
      dispatcher: agent,
      signal: abort.signal,
    });
    let tail = '';
    for await (const chunk of res.body) tail = (tail + (chunk as Buffer).toString('latin1')).slice(-32);
    if (res.statusCode !== 200) fail(`HTTP ${res.statusCode}`);
    else if (!tail.includes('[DONE]')) fail('truncated');
    else times.push(performance.now() - t0);
  } catch (err) {
    fail(abort.signal.aborted ? 'open at deadline' : kindOf(err));
  }
}

await Promise.all(Array.from({ length: count }, one));
clearTimeout(deadline);
const ms = performance.now() - t0;
times.sort((a, b) => a - b);
const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : 0);
const result: BurstResult = {
  streams: count,
  completed: times.length,
  failures,
  ms: Math.round(ms),
  p50Ms: Math.round(at(0.5)),
  p99Ms: Math.round(at(0.99)),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
await agent.destroy().catch(() => undefined);
process.exit(0);
