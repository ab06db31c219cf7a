/**
 * The mock on a thread of its own (mock/adapters/worker.ts), as `conformance run` starts it against
 * the bundled mock: compiled (the worker's entry is a compiled file), it answers while the thread that
 * started it is blocked, refuses options it cannot start with as `startMockServer` does, and is gone
 * once closed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';
import type * as WorkerAdapter from '../../mock/adapters/worker.js';

const { startMockWorker } = (await import(
  pathToFileURL(join(packageRoot(), 'dist', 'mock', 'adapters', 'worker.js')).href
)) as typeof WorkerAdapter;

/** GET `url` from a child process, with this thread blocked until it ends: the status, or `unreachable`. */
function getWhileBlocked(url: string, token: string): string {
  const script = `fetch(${JSON.stringify(url)}, { headers: { authorization: 'Bearer ' + ${JSON.stringify(token)} } })
    .then((r) => process.stdout.write(String(r.status)), () => process.stdout.write('unreachable'))`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  return child.stdout || `no answer (${child.signal ?? child.status})`;
}

test('the mock answers from its own thread while the starting thread is blocked, and is gone once closed', async () => {
  const server = await startMockWorker({ token: 'worker-token', journalSize: 0 });
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  // In-process, the mock could not answer: spawnSync holds this thread's event loop.
  expect(getWhileBlocked(`${server.url}/v1/models`, 'worker-token')).toBe('200');
  expect(getWhileBlocked(`${server.url}/v1/models`, 'another-token')).toBe('401');
  await server.close();
  expect(getWhileBlocked(`${server.url}/v1/models`, 'worker-token')).toBe('unreachable');
});

test('options the mock cannot start with are refused with its own message', async () => {
  await expect(startMockWorker({ records: -1 })).rejects.toThrow(/records/);
  await expect(startMockWorker({ faults: ['no-such-fault'] })).rejects.toThrow(/unknown fault "no-such-fault"/);
});
