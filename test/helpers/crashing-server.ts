/**
 * @module A target that goes down on one kind of request (issue 38): the bundled mock behind a front
 * that, on a chat completion request the `trigger` picks, destroys every open connection and stops
 * listening, as an engine that aborts does. With `restartAfterMs` it listens again on the same port
 * after that long, as a supervisor restarting it would; without, it stays down.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startMockServer } from '../../mock/index.js';
import type { MockServerOptions } from '../../mock/index.js';

export interface CrashingServerOptions {
  /** Whether a chat completion request (its body as JSON) brings the server down. */
  readonly trigger: (body: Record<string, unknown>) => boolean;
  /** Listen again after this long (ms); undefined: stay down. */
  readonly restartAfterMs?: number;
  readonly mock?: MockServerOptions;
}

export interface CrashingServer {
  readonly url: string;
  /** The bodies of the requests that brought the server down, in order. */
  readonly crashes: string[];
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function triggered(opts: CrashingServerOptions, req: IncomingMessage, body: Buffer): boolean {
  if (req.method !== 'POST' || !/^\/v1\/chat\/completions\/?(\?|$)/.test(req.url ?? '')) return false;
  try {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    return typeof json === 'object' && json !== null && opts.trigger(json as Record<string, unknown>);
  } catch {
    return false;
  }
}

export async function startCrashingServer(opts: CrashingServerOptions): Promise<CrashingServer> {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, ...opts.mock });
  const upstream = new URL(mock.url);
  const sockets = new Set<Socket>();
  const crashes: string[] = [];
  let restart: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const server: Server = createServer(async (req, res) => {
    const body = await readAll(req);
    if (triggered(opts, req, body)) {
      crashes.push(body.toString('utf8'));
      crash();
      return;
    }
    const up = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    up.on('error', () => res.destroy());
    up.end(body);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function crash(): void {
    server.close();
    for (const s of sockets) s.destroy();
    sockets.clear();
    if (opts.restartAfterMs !== undefined && !closed) {
      clearTimeout(restart);
      restart = setTimeout(() => {
        if (!closed && !server.listening) server.listen(port, '127.0.0.1');
      }, opts.restartAfterMs);
    }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    crashes,
    async close() {
      closed = true;
      clearTimeout(restart);
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock.close();
    },
  };
}
