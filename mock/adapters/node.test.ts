import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from './node.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, maxBodyBytes: 1000, records: 200_000 });
});
afterAll(async () => {
  await server.close();
});

const auth = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };

test('listens on loopback with a free port and serves the core', async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
});

test('a declared body over the limit is 413 without being read', async () => {
  const res = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: auth,
    body: 'x'.repeat(5000),
  });
  expect(res.status).toBe(413);
  expect(((await res.json()) as { error: { code: number } }).error.code).toBe(413);
});

test('a chunked body that grows over the limit is 413', async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/v1/preview/training-jobs`,
      { method: 'POST', headers: { ...auth, 'transfer-encoding': 'chunked' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    for (let i = 0; i < 10; i++) req.write('y'.repeat(500));
    req.end();
  });
  expect(status).toBe(413);
});

test('a client sending a large body at once gets its 413 and no reset: the close lingers', async () => {
  const body = Buffer.alloc(4 * 1024 * 1024, 'b');
  const { head, error } = await new Promise<{ head: string; error: string | undefined }>((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let head = '';
    let error: string | undefined;
    socket.on('data', (b: Buffer) => (head += b.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on('close', () => resolve({ head, error }));
    socket.on('connect', () => {
      socket.write(
        `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer mock-token\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
    });
  });
  expect(head).toMatch(/^HTTP\/1\.1 413/);
  // Destroyed at once with the body unread, the server's socket resets: the client's write fails (EPIPE).
  expect(error).toBeUndefined();
});

test('a streamed list reaches the client as JSONL', async () => {
  const res = await fetch(`${server.url}/v2/acme/evals/scores?limit=3`, {
    headers: { authorization: `Basic ${btoa('api:mock-key')}` },
  });
  expect(res.headers.get('content-type')).toBe('application/jsonl');
  expect((await res.text()).trim().split('\n')).toHaveLength(3);
});

test('a client that goes away mid-stream does not hurt the server', async () => {
  await new Promise<void>((resolve) => {
    const req = httpRequest(
      `${server.url}/v2/acme/evals/predictions`,
      { headers: { authorization: `Basic ${btoa('api:mock-key')}` } },
      (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.end();
  });
  const res = await fetch(`${server.url}/v2/acme/evals/predictions?limit=1`, {
    headers: { authorization: `Basic ${btoa('api:mock-key')}` },
  });
  expect(res.status).toBe(200);
});

test('a malformed request line gets a 400 and the server keeps serving', async () => {
  const reply = await new Promise<string>((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('close', () => resolve(data));
  });
  expect(reply).toMatch(/^HTTP\/1\.1 400/);
  expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
});

test('close() stops the server', async () => {
  const other = await startMockServer();
  await other.close();
  await expect(fetch(`${other.url}/v1/chat/completions`)).rejects.toThrow();
});
