/**
 * The proxy in front of a server that goes down on one kind of request (issue 38): the server's report
 * holds one MUST finding, `target.stays-up`, naming the exchange during which the upstream went down,
 * when, what it said last, and when it came back. A reset the upstream survives is no such finding.
 */
import { afterEach, expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { type CrashingServer, startCrashingServer } from '../helpers/crashing-server.js';
import { startProxy } from './helpers.js';

let upstream: CrashingServer | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const chat = (url: string, extra: Record<string, unknown> = {}) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }], ...extra }),
  });

test('an upstream that goes down is one finding naming the exchange; its comeback is noted', async () => {
  upstream = await startCrashingServer({ trigger: (b) => b.n === 3, restartAfterMs: 300 });
  const proxy = await startProxy(upstream.url);
  try {
    expect((await chat(proxy.url)).status).toBe(200);
    expect((await chat(proxy.url, { n: 3 })).status).toBe(502);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await chat(proxy.url)).status).toBe(200);
    const [server] = await proxy.stop();
    const finding = server!.results.find((r) => r.id === 'target.stays-up');
    expect(finding).toMatchObject({ status: 'fail', level: 'MUST', operation: 'chat.create' });
    expect(finding?.actual).toMatch(
      /^the upstream went down at \S+ during exchange 2 \(POST \/v1\/chat\/completions\): .*; the last answer before: HTTP 200 to POST \/v1\/chat\/completions at \S+; it came back at \S+/,
    );
    expect(server!.summary.conformant).toBe(false);
  } finally {
    await proxy.stop();
  }
});

test('an upstream that keeps answering: no such finding', async () => {
  upstream = await startCrashingServer({ trigger: () => false });
  const proxy = await startProxy(upstream.url);
  try {
    for (let i = 0; i < 3; i++) expect((await chat(proxy.url)).status).toBe(200);
    const [server] = await proxy.stop();
    expect(server!.results.find((r) => r.id === 'target.stays-up')).toBeUndefined();
  } finally {
    await proxy.stop();
  }
});
