/**
 * The mock's streams and slow clients: a client that goes away mid-stream frees the stream (the mock
 * ends it early, and its journal says the client cut it), a thousand concurrent streamed chats all complete with
 * `data: [DONE]`, clients that trickle headers or bodies are cut off by the header and request
 * timeouts, and a client that stops reading is cut off by the idle timeout.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { startMockServer, type MockServer } from '../../mock/index.js';
import { buildRequest } from '../../mock/request.js';
import { BEARER, rawExchange, startChildMock, type ChildMock } from './harness.js';

let inProcess: MockServer;
let child: ChildMock;

/** The mock's own account of its cut streams (the journal): how many bytes each sent before it was cut, and by whom. */
function cutStreams(server: MockServer): { bytes: number; cut: string | null }[] {
  return server.mock
    .requests()
    .filter((e) => e.path === '/v1/chat/completions' && !e.complete && e.cut !== null)
    .map((e) => ({ bytes: e.response_bytes, cut: e.cut }));
}

/** Bytes of LONG_STREAM read to its end, from the mock in-process. */
async function fullStreamBytes(server: MockServer): Promise<number> {
  const res = await server.mock.handle(
    buildRequest('POST', '/v1/chat/completions', {
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify(LONG_STREAM),
    }),
  );
  let bytes = 0;
  for await (const chunk of res.stream ?? []) bytes += Buffer.byteLength(chunk);
  return bytes;
}

beforeAll(async () => {
  inProcess = await startMockServer({ host: '127.0.0.1', port: 0 });
  child = await startChildMock({ headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, idleTimeoutMs: 5_000 });
});
afterAll(async () => {
  await inProcess?.close();
  await child?.stop();
});

const LONG_STREAM = {
  messages: [{ role: 'user', content: 'Tell a long story.' }],
  stream: true,
  max_completion_tokens: 4_000,
  ignore_eos: true,
  n: 16,
};

async function until(cond: () => boolean, limitMs: number): Promise<boolean> {
  const t0 = Date.now();
  while (!cond() && Date.now() - t0 < limitMs) await new Promise((r) => setTimeout(r, 20));
  return cond();
}

test('a client that disconnects mid-stream frees the stream: the mock ends it early, cut by the client', async () => {
  const full = await fullStreamBytes(inProcess);
  // About 64 000 events (14 MB): far more than loopback socket buffers hold (about 4 MB here) once the
  // client stops reading.
  const body = JSON.stringify(LONG_STREAM);
  const first = await new Promise<string>((resolve, reject) => {
    const socket = connect(inProcess.port, '127.0.0.1', () => {
      socket.write(
        `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    socket.once('data', (b: Buffer) => {
      socket.destroy();
      resolve(b.toString('utf8'));
    });
    socket.on('error', reject);
  });
  expect(first).toMatch(/^HTTP\/1\.1 200/);
  expect(await until(() => cutStreams(inProcess).length === 1, 5_000), 'the stream was ended').toBe(true);
  const [stream] = cutStreams(inProcess);
  expect(stream?.cut).toBe('client');
  expect(stream?.bytes, 'stopped long before the end of the stream').toBeLessThan(full * 0.75);
});

test('a client that stops reading mid-stream is cut off after the idle timeout, and its stream freed', async () => {
  const server = await startMockServer({ host: '127.0.0.1', port: 0, idleTimeoutMs: 800 });
  const full = await fullStreamBytes(server);
  const socket = connect(server.port, '127.0.0.1');
  try {
    const body = JSON.stringify(LONG_STREAM);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      socket.once('data', () => {
        socket.pause(); // reads nothing more: the mock's writes back up
        resolve();
      });
      socket.write(
        `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(cutStreams(server), 'still streaming before the idle timeout').toEqual([]);
    expect(await until(() => cutStreams(server).length === 1, 5_000), 'the mock gave up on the stalled reader').toBe(
      true,
    );
    const [stream] = cutStreams(server);
    expect(stream?.cut).toBe('client');
    expect(stream?.bytes).toBeLessThan(full * 0.75);
    // The connection was closed by the mock, not by this client: reading again meets its end.
    socket.resume();
    await closed;
  } finally {
    socket.destroy();
    await server.close();
  }
});

test('a thousand concurrent streamed chat requests all complete with data: [DONE]', { timeout: 60_000 }, async () => {
  const agent = new Agent({ connections: 1_000, pipelining: 0, headersTimeout: 30_000, bodyTimeout: 30_000 });
  try {
    const one = async (i: number): Promise<string | undefined> => {
      const res = await request(`${child.url}/v1/chat/completions`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: BEARER, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ role: 'user', content: `Stream number ${i}.` }],
          stream: true,
          max_completion_tokens: 8,
          seed: i,
        }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) return `#${i}: ${res.statusCode}`;
      const events = text.split('\n\n').filter(Boolean);
      if (events.at(-1) !== 'data: [DONE]') return `#${i}: ended with ${JSON.stringify(events.at(-1)?.slice(0, 60))}`;
      for (const e of events.slice(0, -1)) {
        const chunk = JSON.parse(e.replace(/^data: /, '')) as { object?: string };
        if (chunk.object !== 'chat.completion.chunk') return `#${i}: a chunk of ${chunk.object}`;
      }
      return undefined;
    };
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        one(i).catch((err: Error & { code?: string }) => `#${i}: ${err.code ?? err.message}`),
      ),
    );
    expect(results.filter(Boolean)).toEqual([]);
    expect(child.exited()).toBeUndefined();
  } finally {
    await agent.close();
  }
});

// node:http enforces headersTimeout/requestTimeout only when its connection check runs
// (`connectionsCheckingInterval`, 30 s by default): the adapter sets it from the timeouts, and
// answers a timed-out client 408.
test('a client that trickles its headers is cut off by the header timeout (1 s here)', async () => {
  const res = await rawExchange(
    child.port,
    (write, done) => {
      write('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n');
      let n = 0;
      const drip = () => {
        if (done() || n++ > 60) return;
        write(`X-Slow-${n}: y\r\n`);
        setTimeout(drip, 100);
      };
      drip();
    },
    4_000,
  );
  expect(res.closedByServer, 'closed by the mock within 4 s').toBe(true);
  if (res.status !== undefined) expect(res.status).toBe(408);
});

test('a client that trickles its body is cut off by the request timeout (2 s here)', async () => {
  const res = await rawExchange(
    child.port,
    (write, done) => {
      write(
        `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"messages":`,
      );
      let n = 0;
      const drip = () => {
        if (done() || n++ > 60) return;
        write(' ');
        setTimeout(drip, 100);
      };
      drip();
    },
    5_000,
  );
  expect(res.closedByServer, 'closed by the mock within 5 s').toBe(true);
  if (res.status !== undefined) expect(res.status).toBe(408);
});

test('slow clients (headers and body, a byte at a time) are cut off while the mock keeps serving others', async () => {
  const slow = (first: string, more: (n: number) => string) =>
    rawExchange(
      child.port,
      (write, done) => {
        write(first);
        let n = 0;
        const drip = () => {
          if (done() || n++ > 80) return;
          write(more(n));
          setTimeout(drip, 100);
        };
        drip();
      },
      6_000,
    );
  const slowHeaders = slow('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n', () => 'X');
  const slowBody = slow(
    `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: ${BEARER}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"messages":`,
    () => ' ',
  );
  // While both drip, ordinary requests are answered one after another.
  const served: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await request(`${child.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: `hi ${i}` }], max_completion_tokens: 4 }),
    });
    await res.body.dump();
    served.push(res.statusCode);
  }
  expect(served).toEqual(Array(10).fill(200));
  const [h, b] = await Promise.all([slowHeaders, slowBody]);
  expect(h.closedByServer, 'the header trickler is closed by the mock (1 s header timeout)').toBe(true);
  expect(b.closedByServer, 'the body trickler is closed by the mock (2 s request timeout)').toBe(true);
  for (const r of [h, b]) if (r.status !== undefined) expect(r.status).toBe(408);
  expect(child.exited()).toBeUndefined();
});

test('a client that connects and sends nothing does not stop the mock serving others', async () => {
  const idle = await new Promise<import('node:net').Socket>((resolve) => {
    const s = connect(child.port, '127.0.0.1', () => resolve(s));
    s.on('error', () => undefined);
  });
  try {
    const res = await request(`${child.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 }),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
  } finally {
    idle.destroy();
  }
});
