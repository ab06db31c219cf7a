/**
 * The transport against hostile targets, below the runner: closing a streamed body that was never
 * read, and refusing a redirect, must not leave an `error` event nobody listens to (an uncaught
 * exception ends the CLI before any report is written).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConformanceError } from '../../src/core/errors.js';
import { createHttpClient } from '../../src/transport/http-client.js';
import { startHostile, type HostileServer } from '../helpers/hostile-servers.js';

let html: HostileServer;
let redirect: HostileServer;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  html = await startHostile('html-500', { lifetimeMs: 20_000 });
  redirect = await startHostile('redirect', { lifetimeMs: 20_000 });
  process.on('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await Promise.all([html.close(), redirect.close()]);
});

const client = (baseUrl: string) =>
  createHttpClient({
    baseUrl,
    token: 'transport-Token-1',
    timeoutMs: 2_000,
    maxBodyBytes: 64 * 1024,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    userAgent: 'test',
  });

const settle = () => new Promise((r) => setTimeout(r, 50));

test('closing a streamed body that was never read raises nothing later', async () => {
  const c = client(html.url);
  try {
    const s = await c.open({ method: 'POST', path: '/v1/chat/completions', json: { stream: true } });
    expect(s.status).toBe(500);
    await s.close();
    await settle();
    expect(uncaught).toEqual([]);
  } finally {
    await c.close();
  }
});

test('a redirect is refused with CTS_REDIRECT naming the other origin, sends nothing there, and raises nothing later', async () => {
  const c = client(redirect.url);
  try {
    const err = await c.send({ method: 'POST', path: '/v1/chat/completions', json: {} }).catch((e: unknown) => e);
    expect(ConformanceError.is(err) && err.code).toBe('CTS_REDIRECT');
    expect((err as Error).message).toContain(new URL(redirect.other!.url).origin);
    expect((err as Error).message).not.toContain('transport-Token-1');
    await settle();
    expect(uncaught).toEqual([]);
    expect(redirect.other!.seen).toEqual([]);
    expect(redirect.seen[0]?.authorization).toBe('Bearer transport-Token-1');
  } finally {
    await c.close();
  }
});
