/**
 * The mock's options for client authors, as the CLI will pass them: `chaosSeed` makes
 * chaos repeatable, chaos cuts a stream after its headers, `scripts` loads scripts at start (values
 * or a JSON file), `faults` takes a fault of one's own.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { buildRequest, createMock, defineFault, ScriptError, startMockServer } from '../../mock/index.js';

const chat = { messages: [{ role: 'user', content: 'Hello' }] };
const statuses = async (mock: ReturnType<typeof createMock>, n: number): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }))).status);
  return out;
};

test('chaosSeed: the same requests in the same order meet the same failures; reset starts over', async () => {
  const a = createMock({ chaos: 0.5, chaosSeed: 7 });
  const b = createMock({ chaos: 0.5, chaosSeed: 7 });
  const first = await statuses(a, 40);
  expect(await statuses(b, 40)).toEqual(first);
  expect(new Set(first)).toEqual(new Set([200, 429, 500, 503]));
  a.reset();
  expect(await statuses(a, 40)).toEqual(first);
  expect(await statuses(createMock({ chaos: 0.5, chaosSeed: 8 }), 40)).not.toEqual(first);
});

test('a chaos stream cut reaches the client as a 200, some events, then a dropped connection', async () => {
  // Seed 5 at rate 1 draws a stream cut first (the draw is repeatable, so this stays true).
  const server = await startMockServer({ port: 0, chaos: 1, chaosSeed: 5 });
  try {
    const res = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: JSON.stringify({ ...chat, stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const failure = await (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        text += new TextDecoder().decode(value);
      }
    })().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TypeError);
    expect(text.split('\n\n').filter(Boolean)).toHaveLength(2);
    expect(text).not.toContain('[DONE]');
  } finally {
    await server.close();
  }
});

test('scripts loaded at start from a JSON file (one script or an array)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-scripts-'));
  const file = join(dir, 'scripts.json');
  writeFileSync(
    file,
    JSON.stringify([{ match: { last_user_message: 'Hello' }, reply: { content: 'Hi from a file' } }]),
  );
  const mock = createMock({ scripts: file });
  const res = await mock.handle(buildRequest('POST', '/v1/chat/completions', { json: chat }));
  expect((res.json as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
    'Hi from a file',
  );
  writeFileSync(file, JSON.stringify({ reply: { status: 503 } }));
  expect((await createMock({ scripts: file }).handle(buildRequest('GET', '/v2/acme/evals/scores'))).status).toBe(503);
});

test('a bad script given at start is a usage error that names it (ScriptError), never a crash later', () => {
  expect(() => createMock({ scripts: [{ reply: { content: 'x' } }, { reply: { stauts: 200 } } as never] })).toThrow(
    new ScriptError(
      'scripts[1].reply.stauts: unknown key (known: status, headers, body, content, tool_calls, refusal, finish_reason, usage, delay_ms, ttft_ms, itl_ms, cut_after_events)',
    ),
  );
  expect(() => createMock({ scripts: '/nonexistent/scripts.json' })).toThrow(/scripts: cannot read .* \(ENOENT\)/);
  const dir = mkdtempSync(join(tmpdir(), 'mock-scripts-'));
  writeFileSync(join(dir, 'bad.json'), '{"reply":');
  expect(() => createMock({ scripts: join(dir, 'bad.json') })).toThrow(/is not JSON/);
  expect(() => createMock().addScript({ reply: { status: 99 } })).toThrow(ScriptError);
});

test('faults take a fault of your own, made with defineFault', async () => {
  const teapot = defineFault({
    id: 'client.teapot',
    description: 'answers every score read 418',
    breaks: [],
    before: (req) => (req.path.includes('/scores/') ? { status: 418, headers: {}, json: {} } : req),
  });
  const mock = createMock({ faults: [teapot, 'chat-completions.usage-does-not-add-up'] });
  expect(mock.options.faults).toEqual(['client.teapot', 'chat-completions.usage-does-not-add-up']);
  expect((await mock.handle(buildRequest('GET', '/v2/acme/evals/scores/s1'))).status).toBe(418);
});
