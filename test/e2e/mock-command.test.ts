import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { mockCommand } from '../../src/cli/mock-command.js';

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
  const [, url] = await out.waitFor(/^listening on (http:\/\/127\.0\.0\.1:\d+)\n$/);
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
  const { parseMockArgs } = await import('../../src/cli/mock-command.js');
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

test('--list-faults lists every fault with the checks it breaks; the listening line names the planted ones; an unknown id points to the list', async () => {
  const { FAULTS } = await import('../../mock/faults/index.js');
  const out = capture();
  expect(await mockCommand(['--list-faults'], { stdout: out.stream, stderr: capture().stream, env: {} })).toBe(0);
  for (const f of FAULTS) expect(out.text).toContain(f.id);
  expect(out.text).toContain('chat.usage-does-not-add-up');
  expect(out.text).toMatch(/Breaks: chat-completions\.usage-adds-up/);

  const planted = capture();
  const stop = new AbortController();
  const done = mockCommand(['--faults', 'chat.usage-does-not-add-up'], {
    stdout: planted.stream,
    stderr: capture().stream,
    stop: stop.signal,
    env: {},
  });
  await planted.waitFor(/^listening on http:\/\/127\.0\.0\.1:\d+ \(faults: chat\.usage-does-not-add-up\)\n$/);
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

const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));
// Preloaded into the mock's own process, so its exit code is seen even once it is no one's child.
const RECORD_EXIT = `data:text/javascript,${encodeURIComponent(
  "import{appendFileSync}from'node:fs';process.on('exit',(c)=>appendFileSync(process.env.MOCK_EXIT_LOG,'exit '+c+'\\n'));",
)}`;

/** For `conformance mock` started from a shell: its output and its exit code land in files of `dir`. */
function shellEnv(dir: string) {
  return {
    PATH: process.env.PATH ?? '',
    NODE: process.execPath,
    BIN,
    RECORD_EXIT,
    LOG: join(dir, 'mock.log'),
    ERR: join(dir, 'mock.err'),
    MOCK_EXIT_LOG: join(dir, 'exit.log'),
  };
}

const readOr = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

async function until<T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills a mock a failed test left behind (one that recorded its exit is gone: its pid is not ours). */
function killQuietly(pid: number, exitLog: string): void {
  if (readOr(exitLog)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

test('started in the background by a shell that then exits, the mock keeps serving until SIGTERM, then exits 0', {
  timeout: 30_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-bg-'));
  const env = shellEnv(dir);
  // As a setup script does: start it in the background, wait until it listens, and return.
  const pid = Number(
    execFileSync(
      'sh',
      [
        '-c',
        '"$NODE" --import "$RECORD_EXIT" "$BIN" mock --port 0 > "$LOG" 2> "$ERR" & echo $!\n' +
          'until grep -q listening "$LOG" 2> /dev/null; do sleep 0.05; done',
      ],
      { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 },
    ).trim(),
  );
  try {
    expect(pid).toBeGreaterThan(0);
    const url = await until('the listening line', () => /listening on (\S+)\n/.exec(readOr(env.LOG))?.[1]);
    // The shell has gone (execFileSync returned when it exited), after the mock had started under it.
    await new Promise((r) => setTimeout(r, 1_500));
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(readOr(env.MOCK_EXIT_LOG)).toBe('');
    process.kill(pid, 'SIGTERM');
    expect(await until('the exit', () => readOr(env.MOCK_EXIT_LOG) || undefined)).toBe('exit 0\n');
    expect(readOr(env.ERR)).toBe('');
  } finally {
    killQuietly(pid, env.MOCK_EXIT_LOG);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('with --exit-with-parent, the mock stops when the shell that started it is killed, and says why', {
  timeout: 30_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-parent-'));
  const env = shellEnv(dir);
  // The shell waits on the mock, as a wrapper does, and is then killed without passing the signal on.
  const shell = spawn(
    'sh',
    [
      '-c',
      '"$NODE" --import "$RECORD_EXIT" "$BIN" mock --port 0 --exit-with-parent > "$LOG" 2> "$ERR" & echo $!; wait',
    ],
    { env, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let pid = 0;
  try {
    pid = await new Promise<number>((resolve) =>
      shell.stdout.once('data', (b: Buffer) => resolve(Number(b.toString()))),
    );
    await until('the listening line', () => (/listening on/.test(readOr(env.LOG)) ? true : undefined));
    expect(readOr(env.MOCK_EXIT_LOG)).toBe('');
    shell.kill('SIGKILL');
    expect(await until('the exit', () => readOr(env.MOCK_EXIT_LOG) || undefined)).toBe('exit 0\n');
    expect(readOr(env.ERR)).toBe(
      `conformance mock: stopping: the process that started it (pid ${shell.pid}) has gone and --exit-with-parent was given\n`,
    );
  } finally {
    shell.kill('SIGKILL');
    if (pid) killQuietly(pid, env.MOCK_EXIT_LOG);
    rmSync(dir, { recursive: true, force: true });
  }
});
