/** @module `run --replay FILE`: a recording sent again through the judging proxy (src/proxy). */
import { Agent, type Dispatcher } from 'undici';
import { ConformanceError } from '../core/errors.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import type { ListParams } from '../rules/evidence.js';
import type { Side } from '../rules/rule.js';
import { type ProxyServer, startProxyServer } from '../proxy/server.js';
import { type ConnectionSettings, connectionSecrets } from '../transport/connection.js';
import { ProxySession } from '../proxy/session.js';
import { fileLines } from './lines.js';
import { readRecordedExchange } from './recording.js';
import { type ReplayRequest, rebuildRequest } from './request.js';
import { Skips } from './skips.js';

export interface ReplayOptions {
  /** The recording (JSONL, one exchange a line). */
  readonly file: string;
  /** The base URL the exchanges are replayed against. */
  readonly target: string;
  /** The credentials the target accepts (`--token`, `--basic`), either possibly absent. */
  readonly credentials: ConfiguredCredentials;
  /** Requests in flight at most. */
  readonly concurrency: number;
  /** Most time for the target's response headers, and between two bytes of a body. */
  readonly timeoutMs: number;
  /** Largest body the proxy judges whole. */
  readonly maxBodyBytes: number;
  /** Exchanges with side effects (training jobs, trajectories) are sent only when allowed, at most `maxWrites`. */
  readonly allowWrites: boolean;
  readonly maxWrites: number;
  /** The command line, for evidence (no secret). */
  readonly replay: string;
  readonly onFirstBreach?: (side: Side, line: string) => void;
  /** Headers, forward proxy and TLS towards the target (the in-process proxy's upstream side). */
  readonly connection?: ConnectionSettings;
  /** The names of the list endpoints' query parameters (`--param-*`), with which listings are judged. */
  readonly listParams?: ListParams;
  /** §7.1: the served model uses priority scheduling (`--priority-scheduling`); default off, as in a run. */
  readonly priorityScheduling?: boolean;
  /** `--exchange N`: only the exchange on line N of the file (a proxy finding's replay line names it). */
  readonly exchange?: number | undefined;
}

export interface ReplayOutcome {
  /** The proxy's session: its findings, coverage and counts make the reports (src/proxy/report.ts). */
  readonly session: ProxySession;
  readonly replayed: number;
  readonly skips: Skips;
}

/** Sends one request through the proxy and reads its answer to the end; a failure is the proxy's to judge. */
async function send(agent: Agent, origin: string, req: ReplayRequest): Promise<void> {
  try {
    const res = await agent.request({
      origin,
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body ?? null,
    });
    for await (const _ of res.body) void _;
  } catch {
    // The proxy saw the exchange end (cut, timed out, refused) and reports it under its rules.
  }
}

/** The judging session a replay feeds: the proxy's, told what the run was told. */
function sessionOf(options: ReplayOptions): ProxySession {
  const { credentials } = options;
  const configured = credentials.token !== undefined || credentials.basic !== undefined;
  return new ProxySession({
    target: options.target,
    maxBodyBytes: options.maxBodyBytes,
    replay: options.replay,
    ...(configured ? { credentials } : {}),
    ...(options.onFirstBreach ? { onFirstBreach: options.onFirstBreach } : {}),
    knownSecrets: connectionSecrets(options.connection),
    ...(options.listParams ? { listParams: options.listParams } : {}),
    ...(options.priorityScheduling ? { priorityScheduling: true } : {}),
  });
}

/** Replays the recording; throws `CTS_BAD_REPLAY` when it cannot be read or holds nothing to replay. */
export async function replayRecording(options: ReplayOptions): Promise<ReplayOutcome> {
  // Longest line read: a recorded body of --max-body-bytes, JSON-escaped, fits.
  const maxLineBytes = 4 * options.maxBodyBytes + 1024 * 1024;
  const session = sessionOf(options);
  const skips = new Skips();
  // Longer than the proxy's deadlines, so that the proxy reports a slow target before the client gives up.
  const agent = new Agent({
    connections: options.concurrency,
    headersTimeout: options.timeoutMs + 2_000,
    bodyTimeout: options.timeoutMs + 2_000,
  });
  const inFlight = new Set<Promise<void>>();
  let server: ProxyServer | undefined;
  let replayed = 0;
  let writes = 0;
  try {
    for await (const line of fileLines(options.file, maxLineBytes)) {
      if (options.exchange !== undefined && line.number !== options.exchange) {
        if (line.number > options.exchange) break;
        continue;
      }
      if ('tooLong' in line) {
        skips.add({ skip: `longer than ${maxLineBytes} bytes`, noun: 'line' }, line.number);
        continue;
      }
      if (line.text.trim() === '') continue;
      const exchange = readRecordedExchange(line.text);
      if ('skip' in exchange) {
        skips.add(exchange, line.number);
        continue;
      }
      const request = rebuildRequest(exchange, options.credentials);
      if ('skip' in request) {
        skips.add(request, line.number);
        continue;
      }
      if (exchange.op.writes) {
        if (!options.allowWrites || writes >= options.maxWrites) {
          const over = options.allowWrites
            ? `with side effects beyond --max-writes ${options.maxWrites}`
            : 'with side effects (a training job, logged trajectories): pass --allow-writes';
          skips.add({ skip: over }, line.number);
          continue;
        }
        writes++;
      }
      server ??= await startProxyServer({
        session,
        host: '127.0.0.1',
        port: 0,
        timeoutMs: options.timeoutMs,
        idleTimeoutMs: options.timeoutMs,
        ...(options.connection ? { connection: options.connection } : {}),
      });
      while (inFlight.size >= options.concurrency) await Promise.race(inFlight);
      const sent = send(agent, server.url, request).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
      replayed++;
    }
  } finally {
    await Promise.all(inFlight);
    await server?.close();
    await agent.close();
  }
  if (replayed === 0) {
    const none = options.exchange === undefined ? 'the file holds no line' : `the file has no line ${options.exchange}`;
    const which = options.exchange === undefined ? '' : ` --exchange ${options.exchange}`;
    throw new ConformanceError(
      'CTS_BAD_REPLAY',
      `--replay ${options.file}${which}: no exchange to replay (${skips.total ? skips.describe() : none})`,
    );
  }
  return { session, replayed, skips };
}
