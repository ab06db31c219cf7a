/**
 * @module Hostile fixture targets: small `node:net` / `node:http` servers on 127.0.0.1, port 0, that
 * misbehave in one planned way each (h2spec's "a case is a tiny server"). Every server records what
 * it was sent, tracks its sockets, destroys them on `close()`, and stops itself after `lifetimeMs`
 * whatever happens (all its timers are unref'd, so none keeps a test process alive).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { freePort } from './free-port.js';

export type HostileKind =
  | 'silent'
  | 'trickle'
  | 'reset'
  | 'garbage'
  | 'endless'
  | 'redirect'
  | 'html-200'
  | 'html-500'
  | 'sse-cut'
  | 'jsonl-cut'
  | 'echo-auth';

/** What a fixture saw: one entry per request (HTTP fixtures) or connection (raw fixtures). */
interface Seen {
  readonly method?: string;
  readonly path?: string;
  readonly authorization?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
}

export interface HostileServer {
  readonly kind: HostileKind;
  readonly url: string;
  readonly seen: Seen[];
  /** For `redirect`: the other origin the target points to, and what reached it. */
  readonly other?: { readonly url: string; readonly seen: Seen[] };
  close(): Promise<void>;
}

export interface HostileOptions {
  /** The server closes itself after this long. @defaultValue 60 000 ms */
  readonly lifetimeMs?: number;
}

interface Tracked {
  readonly server: Server;
  readonly sockets: Set<Socket>;
  readonly timers: Set<NodeJS.Timeout>;
}

function track(server: Server): Tracked {
  const t: Tracked = { server, sockets: new Set(), timers: new Set() };
  server.on('connection', (s: Socket) => {
    t.sockets.add(s);
    s.on('error', () => undefined); // a client going away is expected here
    s.on('close', () => t.sockets.delete(s));
  });
  return t;
}

function every(t: Tracked, ms: number, fn: () => void): NodeJS.Timeout {
  const h = setInterval(fn, ms);
  h.unref();
  t.timers.add(h);
  return h;
}

function stop(t: Tracked, h: NodeJS.Timeout): void {
  clearInterval(h);
  t.timers.delete(h);
}

async function listen(t: Tracked): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    t.server.once('error', reject);
    t.server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
}

function shutdown(t: Tracked): Promise<void> {
  for (const h of t.timers) clearInterval(h);
  t.timers.clear();
  for (const s of t.sockets) s.destroy();
  if (!t.server.listening) return Promise.resolve();
  return new Promise<void>((resolve) => t.server.close(() => resolve()));
}

function seenOf(req: IncomingMessage): Seen {
  return {
    method: req.method ?? '',
    path: req.url ?? '',
    ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
    headers: { ...req.headers },
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse, t: Tracked) => void;

function httpFixture(seen: Seen[], handler: Handler): Tracked {
  const server = createHttpServer({ keepAliveTimeout: 1_000 });
  const t = track(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    seen.push(seenOf(req));
    req.resume(); // drain the request body, whatever it is
    handler(req, res, t);
  });
  server.on('clientError', (_err, socket: Socket) => socket.destroy());
  return t;
}

const HTML_PAGE = (status: number) =>
  `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><h1>${status === 200 ? 'Welcome to nginx!' : '500 Internal Server Error'}</h1><hr><center>nginx</center></body></html>\n`;

/** Three valid-looking SSE chunks of a chat completion, the third cut in the middle of its JSON. */
const SSE_PART =
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n' +
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}\n\n' +
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choi';

const JSONL_PART =
  '{"id":"p-1","evaluation_run_id":"r","inputs":{},"output":null}\n' +
  '{"id":"p-2","evaluation_run_id":"r","inputs":{},"output":null}\n' +
  '{"id":"p-3","evaluation_run_id":"r","inp';

/**
 * Writes `part` as one chunk of a chunked body, then destroys the socket before the terminating
 * chunk: the stream is cut midway at the transport level, not ended cleanly.
 */
function cutAfter(res: ServerResponse, part: string, t: Tracked): void {
  res.write(part);
  const h = every(t, 50, () => {
    stop(t, h);
    res.socket?.destroy();
  });
}

/** Starts one hostile fixture. */
export async function startHostile(kind: HostileKind, options: HostileOptions = {}): Promise<HostileServer> {
  const seen: Seen[] = [];
  const extra: Tracked[] = [];
  let t: Tracked;
  let other: HostileServer['other'];

  switch (kind) {
    case 'silent': {
      // Accepts connections, reads whatever comes, never writes a byte.
      t = track(
        createNetServer((s) => {
          seen.push({});
          s.resume();
        }),
      );
      break;
    }
    case 'reset': {
      // Accepts, and answers the first bytes of a request with a TCP RST.
      t = track(
        createNetServer((s) => {
          seen.push({});
          s.once('data', () => s.resetAndDestroy());
        }),
      );
      break;
    }
    case 'garbage': {
      // Answers bytes that are not HTTP (an SSH banner and binary noise), then closes.
      t = track(
        createNetServer((s) => {
          seen.push({});
          s.once('data', () => {
            s.end(
              Buffer.concat([
                Buffer.from('SSH-2.0-OpenSSH_9.6\r\n\x00\x01'),
                Buffer.from([0xff, 0xfe, 0x00, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a]),
              ]),
            );
          });
        }),
      );
      break;
    }
    case 'trickle': {
      // Headers at once, then one byte of body a second, forever (until the client goes away).
      t = httpFixture(seen, (_req, res, tr) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        res.write('{');
        const h = every(tr, 1_000, () => {
          if (res.destroyed || res.writableEnded) return stop(tr, h);
          res.write(' ');
        });
        res.on('close', () => stop(tr, h));
      });
      break;
    }
    case 'endless': {
      // A 200 JSON body that never ends: 64 KiB chunks, with backpressure, until the client leaves.
      const chunk = Buffer.from('[' + '0,'.repeat(32 * 1024 - 1));
      t = httpFixture(seen, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        let sent = 0;
        const pump = () => {
          // Bounded even if nobody ever reads: at most 1 GiB per response.
          while (!res.destroyed && sent < 16_384 && res.write(chunk)) sent++;
          if (!res.destroyed && sent < 16_384) res.once('drain', pump);
          else if (!res.destroyed) res.end(']');
        };
        pump();
      });
      break;
    }
    case 'redirect': {
      // Every request is redirected (307, method and body kept) to another origin that records
      // what reached it: the suite must not follow, and above all never send credentials there.
      const otherSeen: Seen[] = [];
      const o = httpFixture(otherSeen, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"followed":true}');
      });
      const otherUrl = await listen(o);
      extra.push(o);
      other = { url: otherUrl, seen: otherSeen };
      t = httpFixture(seen, (req, res) => {
        res.writeHead(307, { location: `${otherUrl}${req.url ?? '/'}`, 'content-type': 'text/plain' });
        res.end('Temporary Redirect');
      });
      break;
    }
    case 'html-200':
    case 'html-500': {
      const status = kind === 'html-200' ? 200 : 500;
      t = httpFixture(seen, (_req, res) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(HTML_PAGE(status));
      });
      break;
    }
    case 'sse-cut': {
      // Chat requests get an event stream cut in the middle of its third event (no [DONE]);
      // everything else gets the same, so a non-streaming check sees a cut body too.
      t = httpFixture(seen, (_req, res, tr) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        cutAfter(res, SSE_PART, tr);
      });
      break;
    }
    case 'jsonl-cut': {
      t = httpFixture(seen, (_req, res, tr) => {
        res.writeHead(200, { 'content-type': 'application/jsonl' });
        cutAfter(res, JSONL_PART, tr);
      });
      break;
    }
    case 'echo-auth': {
      // A broken target that echoes the Authorization header (raw and decoded) into its headers and
      // body: every answer is a 500 whose body carries the secret, so every check fails or errors.
      t = httpFixture(seen, (req, res) => {
        const auth = req.headers.authorization ?? '';
        const raw = auth.replace(/^\S+\s+/, '');
        let decoded = '';
        try {
          decoded = Buffer.from(raw, 'base64').toString('utf8');
        } catch {
          /* not base64 */
        }
        const body = JSON.stringify({
          error: {
            message: `rejected credentials ${auth} (decoded: ${decoded}; raw: ${raw}; pct: ${encodeURIComponent(decoded)})`,
            type: 'InternalServerError',
            param: null,
            code: 500,
          },
        });
        res.writeHead(500, {
          'content-type': 'application/json',
          'x-echo-authorization': auth,
          'x-echo-decoded': encodeURIComponent(decoded),
          'www-authenticate': `Bearer error="invalid_token", error_description="${raw}"`,
          'set-cookie': `session=${raw}`,
        });
        res.end(body);
      });
      break;
    }
  }

  const url = await listen(t);
  const life = setTimeout(() => void shutdownAll(), options.lifetimeMs ?? 60_000);
  life.unref();
  let closing: Promise<void> | undefined;
  function shutdownAll(): Promise<void> {
    closing ??= Promise.all([shutdown(t), ...extra.map(shutdown)]).then(() => clearTimeout(life));
    return closing;
  }
  return { kind, url, seen, ...(other ? { other } : {}), close: shutdownAll };
}

/** A loopback URL on which nothing listens (test/helpers/free-port.ts). */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** A host that can never resolve (RFC 6761 reserves `.invalid`). */
export const UNRESOLVABLE_URL = 'http://nonexistent.invalid';
