/**
 * @module The proxy in-process in front of a target, and the clients that go through it: the
 * official openai SDK (streamed and not) and a JSONL consumer (plain fetch with basic auth, reading
 * the listing line by line as it arrives).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import OpenAI from 'openai';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { ListParams } from '../../src/rules/evidence.js';
import { proxyReports } from '../../src/proxy/report.js';
import { startProxyServer, type ProxyServer } from '../../src/proxy/server.js';
import { ProxySession, type SessionOptions } from '../../src/proxy/session.js';
import { BIN } from '../hostile/report-files.js';

export interface RunningProxy {
  readonly url: string;
  readonly session: ProxySession;
  readonly server: ProxyServer;
  /** Stops the proxy and returns its reports: the server's, then the clients'. */
  stop(): Promise<RunReport[]>;
}

export async function startProxy(
  target: string,
  opts: {
    timeoutMs?: number;
    idleTimeoutMs?: number;
    maxBodyBytes?: number;
    /** The credentials the target accepts, as `--token`/`--basic` give them. */
    credentials?: { token?: string; basic?: string };
    /** `--record`: each recorded line (redacted JSON, no newline); may return its line number. */
    record?: (line: string) => number | undefined | void;
    /** The replay line of a recorded exchange, as `conformance proxy --record` makes it. */
    replayExchange?: SessionOptions['replayExchange'];
    /** `--priority-scheduling on|off`. */
    priorityScheduling?: boolean;
    /** `--record-bodies`. */
    recordBodies?: boolean;
    /** `--param-*`: the names of the list endpoints' query parameters. */
    listParams?: ListParams;
  } = {},
): Promise<RunningProxy> {
  const session = new ProxySession({
    target,
    maxBodyBytes: opts.maxBodyBytes ?? 4 * 1024 * 1024,
    replay: `conformance proxy --target ${target}`,
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    ...(opts.record ? { record: (line: string) => opts.record!(line) ?? undefined } : {}),
    ...(opts.replayExchange ? { replayExchange: opts.replayExchange } : {}),
    ...(opts.recordBodies ? { recordBodies: true } : {}),
    ...(opts.priorityScheduling !== undefined ? { priorityScheduling: opts.priorityScheduling } : {}),
    ...(opts.listParams ? { listParams: opts.listParams } : {}),
  });
  const server = await startProxyServer({
    session,
    host: '127.0.0.1',
    port: 0,
    timeoutMs: opts.timeoutMs ?? 10_000,
    idleTimeoutMs: opts.idleTimeoutMs ?? 10_000,
  });
  let reports: RunReport[] | undefined;
  return {
    url: server.url,
    session,
    server,
    async stop() {
      if (!reports) {
        await server.close(1_000);
        reports = proxyReports(session, { level: 'should', replay: `conformance proxy --target ${target}` });
      }
      return reports;
    },
  };
}

/** The official SDK pointed at the proxy, as OPENAI_BASE_URL would. */
export function sdk(proxyUrl: string, apiKey = DEFAULT_TOKEN): OpenAI {
  return new OpenAI({ baseURL: `${proxyUrl}/v1`, apiKey, maxRetries: 0 });
}

/** A non-streamed and a streamed (with usage) completion through the SDK; returns the streamed text. */
export async function chatBothWays(client: OpenAI, marker = 'harbors'): Promise<string> {
  const messages = [{ role: 'user' as const, content: `Say something about ${marker}.` }];
  await client.chat.completions.create({ model: DEFAULT_MODEL, messages, max_completion_tokens: 8 });
  const stream = await client.chat.completions.create({
    model: DEFAULT_MODEL,
    messages,
    max_completion_tokens: 8,
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

const BASIC = `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`;

/** A JSONL consumer: GET a listing with basic auth, records parsed line by line as the bytes arrive. */
export async function listRecords(
  base: string,
  kind: 'predictions' | 'scores',
  basic = BASIC,
  query = '',
): Promise<{ status: number; records: unknown[]; bad: string[] }> {
  const res = await fetch(`${base}/v2/acme/evals/${kind}${query}`, {
    headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` },
  });
  const records: unknown[] = [];
  const bad: string[] = [];
  if (!res.body) return { status: res.status, records, bad };
  const decoder = new TextDecoder();
  let buffer = '';
  const take = (line: string): void => {
    if (line.trim() === '') return;
    try {
      records.push(JSON.parse(line));
    } catch {
      bad.push(line);
    }
  };
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      take(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
  }
  take(buffer);
  return { status: res.status, records, bad };
}

/** Results that fail or error, as `id: actual` lines (empty when clean). */
/** The failing and erring results of a report, one line each; INFO observations, which never gate, left out. */
export function problems(report: RunReport): string[] {
  return report.results
    .filter((r) => (r.status === 'fail' || r.status === 'error') && r.level !== 'INFO')
    .map((r) => `${r.id}: ${r.actual ?? r.message ?? ''}`);
}

export function result(report: RunReport, id: string): CheckResult | undefined {
  return report.results.find((r) => r.id === id);
}

export interface RunningCli {
  readonly url: string;
  readonly child: ChildProcess;
  /** With `--admin-port`: the admin port's `http://host:port`, as the proxy printed it. */
  readonly adminUrl?: string;
  /** Resolves when the process exits, with its code and everything it printed. */
  readonly exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/**
 * The real `conformance proxy` binary, resolved once it prints `listening on URL` (and, given
 * `--admin-port`, `metrics on URL`); killed after `limitMs`.
 */
export function startProxyCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  limitMs = 15_000,
): Promise<RunningCli> {
  const child = spawn(process.execPath, [BIN, 'proxy', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err += b.toString('utf8')));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout: out, stderr: err })),
  );
  const kill = setTimeout(() => child.kill('SIGKILL'), limitMs);
  void exited.then(() => clearTimeout(kill));
  return new Promise((resolve, reject) => {
    void exited.then(({ code }) =>
      reject(new Error(`conformance proxy exited (${code}) before listening: ${err.slice(0, 300)}`)),
    );
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      const admin = /metrics on (http:\/\/\S+)\/metrics/.exec(out);
      if (m && !args.includes('--admin-port')) resolve({ url: m[1]!, child, exited });
      else if (m && admin) resolve({ url: m[1]!, adminUrl: admin[1]!, child, exited });
    });
  });
}
