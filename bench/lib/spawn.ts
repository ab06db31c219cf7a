/** @module The parent side: forks a server child (bench/lib/child.ts protocol), waits for `ready`, stops it for sure. */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { BENCH_DIST } from './paths.js';
import type { ChildMessage, ChildStats, ParentMessage } from './child.js';

export interface ServerChild {
  readonly url: string;
  readonly pid: number;
  stats(): Promise<ChildStats>;
  /** Asks the child to stop, then kills it if it has not exited within a second. Never throws. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

/**
 * Forks `dist/bench/<script>` with `args`; resolves once it listens.
 * @param script - path under dist/bench, e.g. `servers/mock.js` (or an absolute path: another build's).
 */
export async function startServerChild(script: string, args: string[] = []): Promise<ServerChild> {
  const child: ChildProcess = fork(resolve(BENCH_DIST, script), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
      } catch {
        // channel already closed
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
      await exited;
      clearTimeout(timer);
    }
  };
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${script}: not ready within ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
      child.on('message', (m: ChildMessage) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve(m.url);
        } else if (m.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`${script}: ${m.message}`));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${script}: exited with ${code} before listening`));
      });
    });
  } catch (err) {
    await kill();
    throw err;
  }
  let nextId = 0;
  return {
    url,
    pid: child.pid!,
    stats: () =>
      new Promise<ChildStats>((resolve, reject) => {
        const id = ++nextId;
        const timer = setTimeout(() => {
          child.off('message', on);
          reject(new Error(`${script}: no stats within 5 s`));
        }, 5000);
        const on = (m: ChildMessage) => {
          if (m.type === 'stats' && m.id === id) {
            clearTimeout(timer);
            child.off('message', on);
            resolve(m.stats);
          }
        };
        child.on('message', on);
        child.send({ type: 'stats', id } satisfies ParentMessage);
      }),
    stop: () => kill().catch(() => undefined),
  };
}

/** Runs `body` with a server child, stopping the child in `finally`. */
export async function withServer<T>(
  script: string,
  args: string[],
  body: (server: ServerChild) => Promise<T>,
): Promise<T> {
  const server = await startServerChild(script, args);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

/** Server children started one by one and stopped together (`stop` in a `finally`). */
export interface ServerGroup {
  start(script: string, args?: string[]): Promise<ServerChild>;
  /** Stops every child started so far. Never throws. */
  stop(): Promise<void>;
}

export function serverGroup(): ServerGroup {
  const children: ServerChild[] = [];
  return {
    async start(script, args = []) {
      const child = await startServerChild(script, args);
      children.push(child);
      return child;
    },
    async stop() {
      await Promise.all(children.map((c) => c.stop()));
    },
  };
}
