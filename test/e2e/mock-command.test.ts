/**
 * `conformance mock`, the real binary started from a shell as a setup script or a wrapper starts it:
 * it outlives the shell that started it in the background, and with --exit-with-parent it stops when
 * that shell is killed. What the command decides is tested as a function in app/cli/mock-command.test.ts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

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
