/**
 * The proxy must not become the weak link: bodies pass chunk by chunk both ways (a client sees each
 * event while the server still holds the next; the server sees the request's first bytes while the
 * client still holds the rest), events sent at once leave together byte for byte and are each
 * judged, a client that stops reading holds the server back, an upstream down is a 502 with a JSON
 * body, a slow one a 504, a stalled body is cut after the idle timeout, a client that goes away frees
 * the upstream side without a false finding, stopping cuts what is still under way after the grace,
 * and a line or body beyond the judged size is forwarded whole, unjudged.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { problems, result, startProxy, type RunningProxy } from './helpers.js';

const servers: Server[] = [];
const proxies: RunningProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.stop()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function upstream(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

async function proxyTo(target: string, opts: Parameters<typeof startProxy>[1] = {}): Promise<RunningProxy> {
  const p = await startProxy(target, opts);
  proxies.push(p);
  return p;
}

const CHAT = {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${DEFAULT_TOKEN}` },
  body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
};
const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const defer = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

test('an upstream that is down is a 502 with a JSON body, and an error result', async () => {
  const dead = await upstream(() => undefined);
  const port = new URL(dead).port;
  const s = servers.pop()!;
  await new Promise((r) => s.close(r));
  const p = await proxyTo(`http://127.0.0.1:${port}`);
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  expect(res.status).toBe(502);
  expect(res.headers.get('content-type')).toBe('application/json');
  const body = (await res.json()) as { error: { message: string; type: string } };
  expect(body.error.type).toBe('upstream_unreachable');
  expect(body.error.message).toMatch(/connection refused/);
  const [server] = await p.stop();
  const r = result(server!, 'target.answers-completely.chat-create')!;
  expect(r.status).toBe('error');
  expect(r.errorCode).toBe('CTS_TARGET_UNREACHABLE');
  expect(r.evidence?.request?.body).toContain('"stream":true');
  expect(server!.summary.conformant).toBe(false);
});

test('an upstream slower than --timeout is a 504 with a JSON body', async () => {
  const slow = await upstream(() => undefined); // never answers
  const p = await proxyTo(slow, { timeoutMs: 300 });
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  expect(res.status).toBe(504);
  expect(((await res.json()) as { error: { type: string } }).error.type).toBe('upstream_timeout');
  const [server] = await p.stop();
  expect(result(server!, 'target.answers-completely.chat-create')?.errorCode).toBe('CTS_TARGET_TIMEOUT');
});

test('each SSE event reaches the client while the server still holds the next; the stream is judged', async () => {
  const hold = defer();
  const target = await upstream((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('c1', { role: 'assistant', content: 'one' }));
      await hold.promise;
      res.end(chunk('c1', { content: ' two' }, 'stop') + 'data: [DONE]\n\n');
    });
  });
  const p = await proxyTo(target);
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain('"content":"one"'); // arrived with the rest still held upstream
  hold.resolve();
  let rest = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
  expect(rest).toContain('data: [DONE]');
  const [server] = await p.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, 'streaming.ends-with-done')?.status).toBe('pass');
});

test('events sent at once leave in one piece, byte for byte, each still judged', async () => {
  // Each res.write of a chunked answer is a chunk of its own; the proxy writes the ones read in one
  // turn together. The client must get exactly the server's bytes, and the judge every event.
  const events = [
    chunk('c1', { role: 'assistant', content: 'one' }),
    ...Array.from({ length: 30 }, (_, i) => chunk('c1', { content: ` w${i}` })),
    chunk('c1', {}, 'stop'),
    'data: [DONE]\n\n',
  ];
  /** An upstream that writes `sent` as one write each, all at once. */
  const sending = (sent: readonly string[]) =>
    upstream((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const e of sent) res.write(e);
        res.end();
      });
    });
  const p = await proxyTo(await sending(events));
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  expect(await res.text()).toBe(events.join(''));
  const [server] = await p.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, 'streaming.ends-with-done')?.status).toBe('pass');

  // The same stream with a second id in the middle: found, whichever piece the event came in.
  const broken = [...events];
  broken[15] = chunk('c2', { content: ' other' });
  const p2 = await proxyTo(await sending(broken));
  expect(await (await fetch(`${p2.url}/v1/chat/completions`, CHAT)).text()).toBe(broken.join(''));
  const [server2] = await p2.stop();
  expect(result(server2!, 'streaming.one-id-across-chunks')?.status).toBe('fail');
});

test('a client that stops reading holds the server back (backpressure both ways), then gets every byte', async () => {
  // 64 MiB of valid events; the upstream writes while it may and counts what it got out.
  const event = chunk('c1', { content: 'x'.repeat(4000) });
  const total = Math.ceil((64 * 1024 * 1024) / event.length);
  let written = 0;
  let blockedAt: number | undefined;
  const blocked = defer();
  const target = await upstream((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('c1', { role: 'assistant', content: '' }));
    let sent = 0;
    const more = (): void => {
      while (sent < total) {
        sent++;
        written += event.length;
        if (!res.write(event)) {
          blockedAt ??= written;
          // Stalled for 300 ms: the pressure has reached the server.
          const stall = setTimeout(() => blocked.resolve(), 300);
          res.once('drain', () => {
            clearTimeout(stall);
            more();
          });
          return;
        }
      }
      res.end(`${chunk('c1', {}, 'stop')}data: [DONE]\n\n`);
    };
    more();
  });
  const p = await proxyTo(target);
  const received = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${p.url}/v1/chat/completions`, { method: 'POST', headers: CHAT.headers }, (res) => {
      let bytes = 0;
      res.once('data', (c: Buffer) => {
        bytes += c.length;
        res.pause(); // and read nothing until the server is held back
        void blocked.promise.then(() => {
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.resume();
        });
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(CHAT.body);
  });
  await blocked.promise;
  // Held back well before the end: socket buffers and a turn's worth of chunks, not the stream.
  expect(blockedAt).toBeDefined();
  expect(blockedAt!).toBeLessThan(32 * 1024 * 1024);
  expect(received).toBe(
    written +
      chunk('c1', { role: 'assistant', content: '' }).length +
      `${chunk('c1', {}, 'stop')}data: [DONE]\n\n`.length,
  );
  const [server] = await p.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, 'streaming.ends-with-done')?.status).toBe('pass');
});

test('stopping with a stream under way: the grace passes, the stream is cut and left unjudged', async () => {
  const target = await upstream((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('c1', { role: 'assistant', content: 'one' })); // and never more
  });
  const p = await startProxy(target);
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  const reader = res.body!.getReader();
  await reader.read();
  expect(p.server.inFlight()).toBe(1);
  const started = performance.now();
  await p.server.close(200);
  expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  await expect(reader.read()).rejects.toThrow(); // cut, not ended cleanly
  expect(p.server.inFlight()).toBe(0);
  expect(p.session.abandoned).toBe(1);
  const [server] = await p.stop();
  expect(problems(server!)).toEqual([]);
});

test('the request body reaches the server while the client still holds the rest', async () => {
  const got = defer();
  let received = '';
  const target = await upstream((req, res) => {
    req.on('data', (c: Buffer) => {
      received += c.toString();
      got.resolve();
    });
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'no', type: 'BadRequestError', param: null, code: 400 } }));
    });
  });
  const p = await proxyTo(target);
  const answered = new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${p.url}/v1/chat/completions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${DEFAULT_TOKEN}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.write('{"messages": [');
    void got.promise.then(() => req.end('{"role": "user", "content": "late"}]}'));
  });
  expect(await answered).toBe(400);
  expect(received).toBe('{"messages": [{"role": "user", "content": "late"}]}');
  const [, clients] = await p.stop();
  expect(problems(clients!)).toEqual([]); // the whole body was judged once it ended
  expect(result(clients!, 'client.request-schema.chat-create')?.status).toBe('pass');
});

test('a client that goes away mid-stream frees the upstream side and leaves no false finding', async () => {
  const upstreamClosed = defer();
  const target = await upstream((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('c1', { role: 'assistant', content: 'one' }));
    res.on('close', () => upstreamClosed.resolve());
  });
  const p = await proxyTo(target);
  const controller = new AbortController();
  const res = await fetch(`${p.url}/v1/chat/completions`, { ...CHAT, signal: controller.signal });
  const reader = res.body!.getReader();
  await reader.read();
  controller.abort();
  await upstreamClosed.promise;
  await new Promise((r) => setTimeout(r, 50));
  expect(p.server.inFlight()).toBe(0);
  const [server] = await p.stop();
  expect(p.session.abandoned).toBe(1);
  expect(problems(server!)).toEqual([]);
});

test('a body that stalls longer than --idle-timeout is cut, and reported as not answered completely', async () => {
  const target = await upstream((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk('c1', { role: 'assistant', content: 'one' }));
  });
  const p = await proxyTo(target, { idleTimeoutMs: 300 });
  const res = await fetch(`${p.url}/v1/chat/completions`, CHAT);
  await expect(res.text()).rejects.toThrow();
  const [server] = await p.stop();
  expect(result(server!, 'target.answers-completely.chat-create')?.errorCode).toBe('CTS_TARGET_TIMEOUT');
  expect(result(server!, 'streaming.ends-with-done')?.status).toBe('fail');
});

test('a line longer than the judged size is forwarded whole, its judging given up', async () => {
  const line = JSON.stringify({ prediction_id: 'p1', svc_user_id: 'u1', inputs: { text: 'x'.repeat(300_000) } });
  const target = await upstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/jsonl' });
    res.end(`${line}\n`);
  });
  const big = JSON.stringify({ id: 'x', pad: 'y'.repeat(200_000) });
  const p = await proxyTo(target, { maxBodyBytes: 65_536 });
  const res = await fetch(`${p.url}/v2/acme/evals/predictions`, {
    headers: { authorization: `Basic ${Buffer.from('api:k').toString('base64')}` },
  });
  expect(await res.text()).toBe(`${line}\n`);
  // A request body over the judged size is forwarded whole too.
  const upload = await fetch(`${p.url}/v2/acme/evals/predictions`, {
    headers: { authorization: `Basic ${Buffer.from('api:k').toString('base64')}` },
  });
  expect((await upload.text()).length).toBe(line.length + 1);
  await fetch(`${p.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer t0k3n' },
    body: big,
  }).then((r) => r.text());
  const [server, clients] = await p.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(clients!, 'client.request-schema.chat-create')).toBeUndefined(); // not judged: over the size
});
