/**
 * @module Fuzzing harness: the standalone mock in a child process (with --expose-gc), raw-socket
 * exchanges for requests no HTTP client would send, and the well-formed control requests that must
 * keep working while the mock is being fuzzed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
} from '../../src/core/defaults.js';
import type { MockServerOptions } from '../../mock/adapters/node.js';

export const BEARER = `Bearer ${DEFAULT_TOKEN}`;
export const BASIC = `Basic ${Buffer.from(`${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`).toString('base64')}`;
export const LIST_PATH = `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}/predictions`;

export interface ChildMock {
  readonly url: string;
  readonly port: number;
  /** Set when the child exited before `stop()` (a crash). */
  readonly exited: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** heapUsed/rss after full GCs in the child. */
  heap(): Promise<{ heapUsed: number; rss: number }>;
  stop(): Promise<void>;
}

/** Forks `mock-child.mjs` with the given server options; resolves once it listens. */
export function startChildMock(options: MockServerOptions = {}, execArgv: readonly string[] = []): Promise<ChildMock> {
  const script = fileURLToPath(new URL('./mock-child.mjs', import.meta.url));
  const child: ChildProcess = fork(script, [JSON.stringify(options)], {
    execArgv: ['--expose-gc', ...execArgv],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let stopping = false;
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  child.on('exit', (code, signal) => (exit = { code, signal }));
  return new Promise((resolve, reject) => {
    const fail = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mock child did not start: ${stderr.slice(0, 500)}`));
    }, 20_000);
    child.once('exit', () => {
      if (!stopping) reject(new Error(`mock child exited early: ${stderr.slice(0, 500)}`));
    });
    child.on('message', function ready(m: { type?: string; url?: string }) {
      if (m?.type !== 'ready' || !m.url) return;
      clearTimeout(fail);
      child.off('message', ready);
      const url = m.url;
      resolve({
        url,
        port: Number(new URL(url).port),
        exited: () => (stopping ? undefined : exit),
        heap: () =>
          new Promise((res, rej) => {
            const t = setTimeout(() => rej(new Error('no heap answer from the mock child')), 10_000);
            child.on('message', function heap(h: { type?: string; heapUsed: number; rss: number }) {
              if (h?.type !== 'heap') return;
              clearTimeout(t);
              child.off('message', heap);
              res({ heapUsed: h.heapUsed, rss: h.rss });
            });
            child.send({ type: 'heap' });
          }),
        stop: () =>
          new Promise<void>((res) => {
            stopping = true;
            if (exit) return res();
            const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(kill);
              res();
            });
            child.send({ type: 'stop' });
          }),
      });
    });
  });
}

export interface RawResult {
  /** Status of the first response, if one arrived. */
  readonly status: number | undefined;
  readonly text: string;
  /** Milliseconds until the server closed the connection (or the limit passed). */
  readonly ms: number;
  /** True when the server closed the connection before `limitMs`. */
  readonly closedByServer: boolean;
  /** The socket error that ended the exchange (ECONNRESET, EPIPE), if any. */
  readonly error?: string;
}

/**
 * Sends raw bytes (or drives the socket with `drive`), reads until the server closes or `limitMs`
 * passes, and returns the first status line's code.
 */
export function rawExchange(
  port: number,
  payload: Buffer | string | ((write: (b: Buffer | string) => boolean, done: () => boolean) => void),
  limitMs = 3_000,
  /** `done()` turns true as soon as any answer bytes arrived (the driver stops writing). */
  stopOnAnswer = false,
): Promise<RawResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    let settled = false;
    let error: string | undefined;
    const socket = connect(port, '127.0.0.1');
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        status: m ? Number(m[1]) : undefined,
        text,
        ms: performance.now() - t0,
        closedByServer,
        ...(error ? { error } : {}),
      });
    };
    const limit = setTimeout(() => finish(false), limitMs);
    socket.on('data', (b: Buffer) => chunks.push(b));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? err.message;
      finish(true);
    });
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      if (typeof payload === 'function')
        payload(
          (b) => !settled && !socket.destroyed && socket.write(b),
          () => settled || socket.destroyed || (stopOnAnswer && chunks.length > 0),
        );
      else socket.write(payload);
    });
  });
}

/** An undici agent for the fuzz and control traffic. */
export function fuzzAgent(connections = 32): Agent {
  return new Agent({ connections, headersTimeout: 10_000, bodyTimeout: 10_000, keepAliveTimeout: 2_000 });
}

export interface ControlOutcome {
  readonly ok: boolean;
  readonly what: string;
}

/** One well-formed request of each kind, judged strictly: what a correct mock answers. */
export async function controlRequest(base: string, agent: Agent, kind: number): Promise<ControlOutcome> {
  const chat = (stream: boolean) =>
    request(`${base}/v1/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'mock-model',
        messages: [{ role: 'user', content: 'Say hello.' }],
        max_completion_tokens: 6,
        stream,
      }),
    });
  switch (kind % 3) {
    case 0: {
      const res = await chat(false);
      const json = (await res.body.json()) as { choices?: { message?: { content?: unknown } }[] };
      const ok = res.statusCode === 200 && typeof json.choices?.[0]?.message?.content === 'string';
      return { ok, what: `chat ${res.statusCode}` };
    }
    case 1: {
      const res = await chat(true);
      const text = await res.body.text();
      const ok =
        res.statusCode === 200 && text.trimEnd().endsWith('data: [DONE]') && text.includes('chat.completion.chunk');
      return { ok, what: `chat stream ${res.statusCode} ${JSON.stringify(text.slice(-40))}` };
    }
    default: {
      const res = await request(`${base}${LIST_PATH}?limit=3`, {
        dispatcher: agent,
        headers: { authorization: BASIC },
      });
      const text = await res.body.text();
      const lines = text.split('\n').filter(Boolean);
      const ok =
        res.statusCode === 200 &&
        lines.length === 3 &&
        lines.every((l) => {
          try {
            return typeof JSON.parse(l) === 'object';
          } catch {
            return false;
          }
        });
      return { ok, what: `list ${res.statusCode} ${lines.length} lines` };
    }
  }
}
