import { expect, test } from 'vitest';
import { createMock } from '../../mock/app.js';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { ProxySession } from '../../src/proxy/session.js';

const HEADERS = { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' };
const mock = createMock();

/** One chat exchange, answered by the mock in-process, fed to a judge of `session` as the proxy does. */
async function exchange(session: ProxySession, request: Record<string, unknown>): Promise<void> {
  const body = Buffer.from(JSON.stringify(request));
  const answer = await mock.handle({
    method: 'POST',
    path: '/v1/chat/completions',
    query: new URLSearchParams(),
    headers: HEADERS,
    body,
  });
  const text = answer.json !== undefined ? JSON.stringify(answer.json) : String(answer.body ?? '');
  const judge = session.open('POST', '/v1/chat/completions', { ...HEADERS, 'content-length': String(body.length) });
  judge.requestChunk(body);
  judge.requestEnd();
  judge.responseHead(answer.status, answer.headers as Record<string, string>);
  judge.responseChunk(Buffer.from(text));
  judge.responseEnd();
}

const CHAT = { model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 };
const session = () => new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 1 << 20, replay: 'x' });

test('a burst of one shape is sampled, losing no coverage; a new shape is still observed', async () => {
  const s = session();
  await exchange(s, CHAT);
  const afterOne = new Set(s.covered());
  for (let i = 0; i < 400; i++) await exchange(s, CHAT);
  // Observing took far more than its share of this tight loop: repeats were left out...
  expect(s.unobserved).toBeGreaterThan(300);
  // ...and identical exchanges exercise nothing the first did not.
  expect([...s.covered()].sort()).toEqual([...afterOne].sort());
  // A shape not seen before is observed whatever the budget.
  await exchange(s, { ...CHAT, temperature: 0.5 });
  expect([...s.covered()].some((id) => id.includes('temperature'))).toBe(true);
});

/** A session on a clock of its own (a loaded machine's pauses would move a real one): each reading costs 0.05 ms. */
function clocked() {
  const clock = { ms: 0 };
  const s = new ProxySession({
    target: 'http://127.0.0.1:1',
    maxBodyBytes: 1 << 20,
    replay: 'x',
    now: () => (clock.ms += 0.05),
  });
  return { s, clock };
}

test('traffic with room between exchanges is observed whole', async () => {
  // The exchanges come 25 ms apart, so observing a repeat takes well under 2 % of the time.
  const { s, clock } = clocked();
  // 16 firsts, then 14 repeats.
  for (let i = 0; i < 30; i++) {
    await exchange(s, CHAT);
    clock.ms += 25;
  }
  expect(s.exchanges).toBe(30);
  expect(s.unobserved).toBe(0);
});

test('repeats that would take more than their share of the time are left out, and counted', async () => {
  // No room between exchanges: each repeat's observation costs more than 2 % of the time.
  const { s } = clocked();
  for (let i = 0; i < 60; i++) await exchange(s, CHAT);
  expect(s.exchanges).toBe(60);
  expect(s.unobserved).toBeGreaterThan(0);
});

test('a burst after a long idle stretch is sampled as one after busy traffic: idle time is not saved up', async () => {
  // A clock that moves 1 ms at each reading: observing a repeat costs 1 ms, and idling is a jump ahead.
  const observedRepeats = async (idleMs: number): Promise<number> => {
    let t = 0;
    const s = new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 1 << 20, replay: 'x', now: () => ++t });
    for (let i = 0; i < 16; i++) await exchange(s, CHAT);
    t += idleMs;
    for (let i = 0; i < 200; i++) await exchange(s, CHAT);
    return 200 - s.unobserved;
  };
  const afterBusy = await observedRepeats(0);
  // Ten idle minutes are 12 s of observing at a 2 % share: saved up, the whole burst would be observed.
  const afterIdle = await observedRepeats(600_000);
  expect(afterIdle).toBeLessThan(100);
  // At most one second's share (20 ms, 20 repeats here) is carried over from the idle stretch.
  expect(afterIdle - afterBusy).toBeLessThanOrEqual(21);
});
