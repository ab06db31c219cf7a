/**
 * `conformance mock` called as a function (`mockCommand`, with its output streams, stop signal,
 * environment and parent pid given): listening, serving, stopping, flags, faults. The binary started
 * from a shell is test/e2e/mock-command.test.ts.
 */
import { expect, test } from 'vitest';
import { mockCommand } from './mock-command.js';

function capture() {
  let text = '';
  const listeners: Array<(t: string) => void> = [];
  return {
    stream: {
      write: (t: string) => {
        text += t;
        for (const l of listeners) l(text);
        return true;
      },
    },
    get text() {
      return text;
    },
    waitFor: (re: RegExp) =>
      new Promise<RegExpMatchArray>((resolve) => {
        const m = text.match(re);
        if (m) return resolve(m);
        listeners.push((t) => {
          const found = t.match(re);
          if (found) resolve(found);
        });
      }),
  };
}

test('conformance mock prints "listening on http://HOST:PORT" once, serves, and stops when asked', async () => {
  const out = capture();
  const err = capture();
  const stop = new AbortController();
  const done = mockCommand(['--port', '0', '--records', '5', '--token', 't1'], {
    stdout: out.stream,
    stderr: err.stream,
    stop: stop.signal,
    env: {},
  });
  const [, url] = await out.waitFor(/^listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer t1', 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(200);
  const list = await fetch(`${url}/v2/acme/evals/predictions`, {
    headers: { authorization: `Basic ${btoa('api:mock-key')}` },
  });
  expect((await list.text()).trim().split('\n')).toHaveLength(5);
  stop.abort();
  expect(await done).toBe(0);
  expect(out.text.match(/listening on/g)).toHaveLength(1);
  expect(err.text).toBe('');
  await expect(fetch(`${url}/v1/chat/completions`)).rejects.toThrow();
});

test('secrets come from the environment when no flag is given', async () => {
  const out = capture();
  const stop = new AbortController();
  const done = mockCommand([], {
    stdout: out.stream,
    stderr: capture().stream,
    stop: stop.signal,
    env: { CONFORMANCE_TOKEN: 'from-env', CONFORMANCE_BASIC: 'u:p' },
  });
  const [, url] = await out.waitFor(/listening on (\S+)\n/);
  const headers = { 'content-type': 'application/json' };
  const body = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] });
  expect(
    (
      await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { ...headers, authorization: 'Bearer from-env' },
        body,
      })
    ).status,
  ).toBe(200);
  expect(
    (await fetch(`${url}/v2/acme/evals/scores?limit=1`, { headers: { authorization: `Basic ${btoa('u:p')}` } })).status,
  ).toBe(200);
  stop.abort();
  expect(await done).toBe(0);
});

test('a non-loopback bind warns on stderr', async () => {
  const out = capture();
  const err = capture();
  const stop = new AbortController();
  const done = mockCommand(['--host', '0.0.0.0'], {
    stdout: out.stream,
    stderr: err.stream,
    stop: stop.signal,
    env: {},
  });
  await out.waitFor(/listening on/);
  expect(err.text).toMatch(/warning: bound to 0\.0\.0\.0, not loopback/);
  stop.abort();
  await done;
});

test('bad flags print one clear line and return 2', async () => {
  for (const argv of [
    ['--port', 'abc'],
    ['--nope'],
    ['--basic', 'nocolon'],
    ['--chaos', '2'],
    ['--faults', 'chat.nope'],
    ['--records', '-1'],
    ['extra'],
  ]) {
    const err = capture();
    expect(await mockCommand(argv, { stdout: capture().stream, stderr: err.stream, env: {} }), argv.join(' ')).toBe(2);
    expect(err.text.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    expect(err.text).toMatch(/^conformance mock: .*\[CTS_BAD_FLAG\]\n$/);
    expect(err.text).not.toMatch(/\n\s+at /);
  }
});

test('--help prints the usage and returns 0', async () => {
  const out = capture();
  expect(await mockCommand(['--help'], { stdout: out.stream, stderr: capture().stream })).toBe(0);
  expect(out.text).toContain('Usage: conformance mock');
  expect(out.text).toMatch(/--exit-with-parent +Also stop when the process that started it exits/);
});

test('the body limit and the slow-client timeouts are flags', async () => {
  const { parseMockArgs } = await import('./mock-command.js');
  expect(
    parseMockArgs(
      ['--max-body-bytes', '2048', '--headers-timeout', '500', '--request-timeout', '900', '--idle-timeout', '1000'],
      {},
    ),
  ).toMatchObject({
    maxBodyBytes: 2048,
    headersTimeoutMs: 500,
    requestTimeoutMs: 900,
    idleTimeoutMs: 1000,
  });
  expect(() => parseMockArgs(['--headers-timeout', '0'], {})).toThrow(/--headers-timeout/);
});

test('--list-faults lists every fault with the checks it breaks; the start lines name the planted ones; an unknown id points to the list', async () => {
  const { FAULTS } = await import('../../mock/faults/index.js');
  const out = capture();
  expect(await mockCommand(['--list-faults'], { stdout: out.stream, stderr: capture().stream, env: {} })).toBe(0);
  for (const f of FAULTS) expect(out.text).toContain(f.id);
  expect(out.text).toContain('chat-completions.usage-does-not-add-up');
  expect(out.text).toMatch(/Breaks: chat-completions\.usage-adds-up/);

  const planted = capture();
  const stop = new AbortController();
  const done = mockCommand(['--faults', 'chat-completions.usage-does-not-add-up'], {
    stdout: planted.stream,
    stderr: capture().stream,
    stop: stop.signal,
    env: {},
  });
  await planted.waitFor(/^listening on http:\/\/127\.0\.0\.1:\d+\n/);
  expect(planted.text).toMatch(/^ {2}loaded: .*; faults: chat-completions\.usage-does-not-add-up$/m);
  stop.abort();
  expect(await done).toBe(0);

  const err = capture();
  expect(await mockCommand(['--faults', 'nope'], { stdout: capture().stream, stderr: err.stream, env: {} })).toBe(2);
  expect(err.text).toContain('conformance mock --list-faults');
});

test('--exit-with-parent stops the mock when its parent pid changes, saying why on stderr', async () => {
  const out = capture();
  const err = capture();
  let parent = 4242;
  const done = mockCommand(['--port', '0', '--exit-with-parent'], {
    stdout: out.stream,
    stderr: err.stream,
    env: {},
    parentPid: () => parent,
  });
  await out.waitFor(/listening on/);
  parent = 1;
  expect(await done).toBe(0);
  expect(err.text).toBe(
    'conformance mock: stopping: the process that started it (pid 4242) has gone and --exit-with-parent was given\n',
  );
});

test('--scripts answers from a file, --journal-size and --no-admin shape the admin routes; a bad file is exit 2', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'mock-scripts-'));
  const file = join(dir, 'scripts.json');
  writeFileSync(file, JSON.stringify([{ match: { last_user_message: 'weather' }, reply: { content: 'Sunny.' } }]));
  const chat = (url: string, content: string) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer t1', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content }] }),
    }).then((r) => r.json() as Promise<{ choices: { message: { content: string } }[] }>);
  const start = async (argv: string[]) => {
    const out = capture();
    const stop = new AbortController();
    const done = mockCommand(['--token', 't1', ...argv], {
      stdout: out.stream,
      stderr: capture().stream,
      stop: stop.signal,
      env: {},
    });
    const [, url] = await out.waitFor(/listening on (\S+)\n/);
    return {
      url: url!,
      stop: async () => {
        stop.abort();
        return await done;
      },
    };
  };
  const scripted = await start(['--scripts', file, '--journal-size', '1']);
  expect((await chat(scripted.url, 'And the weather?')).choices[0]!.message.content).toBe('Sunny.');
  await chat(scripted.url, 'Something else.');
  const journal = await fetch(`${scripted.url}/__mock/requests`, { headers: { authorization: 'Bearer t1' } });
  expect(((await journal.json()) as unknown[]).length).toBe(1);
  expect(await scripted.stop()).toBe(0);

  const closed = await start(['--no-admin']);
  expect((await fetch(`${closed.url}/__mock/requests`, { headers: { authorization: 'Bearer t1' } })).status).toBe(404);
  expect(await closed.stop()).toBe(0);

  writeFileSync(file, JSON.stringify([{ match: { nope: 1 }, reply: { content: 'x' } }]));
  const err = capture();
  expect(await mockCommand(['--scripts', file], { stdout: capture().stream, stderr: err.stream, env: {} })).toBe(2);
  expect(err.text).toMatch(/--scripts .*nope.*\[CTS_BAD_FLAG\]/);
});

test('--fixtures serves a recorded answer, --replay-speed takes a factor; a bad file or factor is exit 2', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'mock-fixtures-')), 'recorded.jsonl');
  const request = { method: 'GET', url: 'http://real.example/v1/preview/training-jobs/job-1', headers: {} };
  const response = {
    status: 200,
    headers: { 'content-type': 'application/json' },
    firstBytes: '',
    body: '{"id":"job-1"}',
  };
  writeFileSync(file, `${JSON.stringify({ operation: 'training-jobs.get', request, response, findings: [] })}\n`);
  const out = capture();
  const stop = new AbortController();
  const argv = ['--token', 't1', '--port', '0', '--fixtures', file, '--replay-speed', '2.5'];
  const done = mockCommand(argv, { stdout: out.stream, stderr: capture().stream, stop: stop.signal, env: {} });
  const [, url] = await out.waitFor(/listening on (\S+)\n/);
  const res = await fetch(`${url}/v1/preview/training-jobs/job-1`, { headers: { authorization: 'Bearer t1' } });
  expect(await res.text()).toBe('{"id":"job-1"}');
  stop.abort();
  expect(await done).toBe(0);

  for (const [flags, said] of [
    [
      ['--fixtures', join(file, '..', 'absent.jsonl')],
      /--fixtures: fixtures: cannot read .*absent\.jsonl.*\[CTS_BAD_FLAG\]/,
    ],
    [['--fixtures', file, '--replay-speed', '0'], /--replay-speed must be a number above 0/],
  ] as const) {
    const err = capture();
    expect(await mockCommand([...flags], { stdout: capture().stream, stderr: err.stream, env: {} })).toBe(2);
    expect(err.text).toMatch(said);
  }
});

/** Starts the command, returns its stdout once listening, and stops it. */
async function startLinesOf(argv: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const out = capture();
  const stop = new AbortController();
  const done = mockCommand(['--port', '0', ...argv], {
    stdout: out.stream,
    stderr: capture().stream,
    stop: stop.signal,
    env,
  });
  await out.waitFor(/listening on \S+\n/);
  stop.abort();
  expect(await done).toBe(0);
  return out.text;
}

test('the start lines say the credentials in use (kind and source), the model, the context window and what was loaded', async () => {
  const defaults = await startLinesOf([]);
  expect(defaults).toMatch(
    /^listening on http:\/\/127\.0\.0\.1:\d+\n {2}credentials: .*\n {2}model: .*\n {2}loaded: .*\n$/,
  );
  expect(defaults).toContain(
    '  credentials: bearer token for /v1 and /__mock/ is the documented test token; ' +
      'basic credentials for /v2 are the documented test ones; none for GET /health\n',
  );
  expect(defaults).toContain('  model: mock-model (GET /v1/models), no context window\n');
  expect(defaults).toContain(
    '  loaded: 120 records per kind in acme/evals (seed 1); no scripts; no fixtures; no faults\n',
  );

  const fromEnv = await startLinesOf(['--no-admin'], { CONFORMANCE_TOKEN: 'env-tok', CONFORMANCE_BASIC: 'u:env-pass' });
  expect(fromEnv).toContain(
    'credentials: bearer token for /v1 from $CONFORMANCE_TOKEN; basic credentials for /v2 from $CONFORMANCE_BASIC;',
  );
  const fromFlags = await startLinesOf(['--token', 'flag-tok', '--basic', 'u:flag-pass'], {
    CONFORMANCE_TOKEN: 'env-tok',
  });
  expect(fromFlags).toContain(
    'bearer token for /v1 and /__mock/ from --token; basic credentials for /v2 from --basic;',
  );

  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const scripts = join(mkdtempSync(join(tmpdir(), 'mock-start-')), 'scripts.json');
  writeFileSync(scripts, JSON.stringify([{ reply: { content: 'a' } }, { reply: { content: 'b' } }]));
  const loaded = await startLinesOf([
    '--model',
    'org/tiny',
    '--max-context',
    '2048',
    '--context-wording',
    'llamacpp',
    '--records',
    '5',
    '--entity',
    'e1',
    '--project',
    'p1',
    '--seed',
    '9',
    '--scripts',
    scripts,
    '--faults',
    'chat-completions.usage-does-not-add-up',
    '--chaos',
    '0.25',
    '--chaos-seed',
    '4',
  ]);
  expect(loaded).toContain('  model: org/tiny (GET /v1/models), context window 2048 tokens (llamacpp wording)\n');
  expect(loaded).toContain(
    `  loaded: 5 records per kind in e1/p1 (seed 9); 2 scripts from ${scripts}; no fixtures; ` +
      'faults: chat-completions.usage-does-not-add-up; chaos 0.25 (seed 4)\n',
  );
});

test('the start lines never hold a credential, from a flag or from the environment', async () => {
  const token = 'tok-9f3e7d1c5b';
  const user = 'svc-user-7a1';
  const password = 'pw-2b8c4e6f0a';
  for (const [argv, env] of [
    [['--token', token, '--basic', `${user}:${password}`], {}],
    [[], { CONFORMANCE_TOKEN: token, CONFORMANCE_BASIC: `${user}:${password}` }],
  ] as const) {
    const text = await startLinesOf([...argv], env);
    expect(text).toMatch(/credentials: bearer token/);
    for (const secret of [token, user, password, btoa(`${user}:${password}`)]) expect(text).not.toContain(secret);
    // Nor the documented defaults' values: the line names them, it does not print them.
    expect(text).not.toContain('mock-token');
  }
  const defaults = await startLinesOf([]);
  for (const value of ['mock-token', 'mock-key', 'api:']) expect(defaults).not.toContain(value);
});

test('--model, --max-context and --context-wording reach the mock: GET /v1/models says them', async () => {
  const out = capture();
  const stop = new AbortController();
  const done = mockCommand(['--port', '0', '--token', 't1', '--model', 'org/tiny', '--max-context', '64'], {
    stdout: out.stream,
    stderr: capture().stream,
    stop: stop.signal,
    env: {},
  });
  const [, url] = await out.waitFor(/listening on (\S+)\n/);
  const models = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer t1' } });
  expect(((await models.json()) as { data: unknown[] }).data[0]).toMatchObject({ id: 'org/tiny', max_model_len: 64 });
  expect((await fetch(`${url}/v1/models`)).status).toBe(401);
  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(200);
  expect(await health.text()).toBe('');
  stop.abort();
  expect(await done).toBe(0);
  for (const argv of [
    ['--context-wording', 'tgi'],
    ['--max-context', '0'],
    ['--model', ' '],
  ]) {
    const err = capture();
    expect(await mockCommand(argv, { stdout: capture().stream, stderr: err.stream, env: {} }), argv.join(' ')).toBe(2);
    expect(err.text).toMatch(/^conformance mock: .*\[CTS_BAD_FLAG\]\n$/);
  }
});
