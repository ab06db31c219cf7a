/**
 * The mock's credentials: compared in constant time (through `crypto.timingSafeEqual` over
 * the secret's length whatever was presented, observed by wrapping it, never by timing), wrong credentials of every
 * length rejected; bound to loopback by default, and a warning when bound to a non-loopback address.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { createMock } from '../../mock/index.js';
import { startCliMock, type RunningMock } from './planted.js';

const calls: { a: number; b: number }[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return {
    ...real,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      calls.push({ a: a.byteLength, b: b.byteLength });
      return real.timingSafeEqual(a, b);
    },
  };
});

const TOKEN = 'mock-auth-Token-0123456789';
const BASIC = 'auth-user:mock-auth-Pass-987';
const mock = createMock({ token: TOKEN, basic: BASIC });

async function status(path: string, authorization: string | undefined): Promise<number> {
  const res = await mock.handle({
    method: 'GET',
    path,
    query: new URLSearchParams(),
    headers: authorization === undefined ? {} : { authorization },
  });
  return res.status;
}

const BEARER_PATH = '/v1/preview/training-jobs/00000000-0000-4000-8000-000000000000';
const BASIC_PATH = '/v2/acme/evals/predictions/p-1';

/** Wrong secrets of every length from 1 to twice the real one, plus near misses. */
function wrongVariants(secret: string): string[] {
  const out = new Set<string>();
  for (let n = 1; n <= secret.length * 2; n++)
    out.add((secret + secret).slice(0, n).replace(/.$/, (c) => (c === 'Z' ? 'Y' : 'Z')));
  out.add(secret.slice(0, -1));
  out.add(`${secret}0`);
  out.add(`x${secret.slice(1)}`);
  out.add(`${secret.slice(0, -1)}x`);
  out.add(secret.toUpperCase());
  out.delete(secret);
  return [...out];
}

test('the right bearer token is accepted, and wrong tokens of every length are rejected with 401', async () => {
  expect(await status(BEARER_PATH, `Bearer ${TOKEN}`)).not.toBe(401);
  for (const wrong of wrongVariants(TOKEN)) expect(await status(BEARER_PATH, `Bearer ${wrong}`), wrong).toBe(401);
});

test('the right basic credentials are accepted, and wrong passwords of every length are rejected with 401', async () => {
  const [user, pass] = [BASIC.slice(0, BASIC.indexOf(':')), BASIC.slice(BASIC.indexOf(':') + 1)];
  const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
  expect(await status(BASIC_PATH, basic(user, pass))).not.toBe(401);
  for (const wrong of wrongVariants(pass)) expect(await status(BASIC_PATH, basic(user, wrong)), wrong).toBe(401);
  for (const wrong of wrongVariants(user)) expect(await status(BASIC_PATH, basic(wrong, pass)), wrong).toBe(401);
});

test("every comparison goes through crypto.timingSafeEqual over the secret's length, whatever the length presented", async () => {
  calls.length = 0;
  const presented = ['a', TOKEN.slice(0, 5), TOKEN, `${TOKEN}${'x'.repeat(500)}`];
  for (const p of presented) await status(BEARER_PATH, `Bearer ${p}`);
  expect(calls.length).toBe(presented.length);
  // The same comparison, over the secret's length, whatever was presented: the length does not leak either.
  expect(new Set(calls.map((c) => `${c.a}/${c.b}`))).toEqual(new Set([`${TOKEN.length}/${TOKEN.length}`]));
});

let running: RunningMock | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

test('`conformance mock` binds to loopback by default, without a warning', { timeout: 30_000 }, async () => {
  running = await startCliMock([]);
  expect(new URL(running.url).hostname).toBe('127.0.0.1');
  expect(running.stderr()).not.toMatch(/warning/i);
  expect(await running.stop()).toBe(0);
});

test('`conformance mock --host 0.0.0.0` warns that it is not bound to loopback, then stops cleanly', {
  timeout: 30_000,
}, async () => {
  running = await startCliMock(['--host', '0.0.0.0']);
  // stderr and stdout are separate pipes: give the warning a moment to arrive.
  for (let i = 0; i < 50 && !/warning/.test(running.stderr()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(running.stderr()).toMatch(/warning: bound to 0\.0\.0\.0, not loopback/);
  // Talk to it over loopback only, then stop it.
  const port = new URL(running.url).port;
  const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(401);
  expect(await running.stop()).toBe(0);
});
