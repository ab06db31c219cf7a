/** @module `startMockServer` in a worker thread, so a process that also judges keeps its main thread for that. */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { MockWorkerMessage } from './mock-worker.js';
import type { MockServerOptions } from './node.js';

export interface MockWorkerServer {
  /** `http://host:port`, no trailing slash. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Stops the mock (its thread ends, open connections with it); resolves once it has. */
  close(): Promise<void>;
}

/** Options that cross to the worker thread: those of `startMockServer`, planted faults by id. */
export type MockWorkerOptions = Omit<MockServerOptions, 'faults'> & { faults?: readonly string[] };

const ENTRY = new URL('./mock-worker.js', import.meta.url);

/** Starts the mock in a worker thread; rejects, as `startMockServer` throws, when it cannot start. */
export async function startMockWorker(options: MockWorkerOptions = {}): Promise<MockWorkerServer> {
  if (!existsSync(ENTRY)) {
    const { startMockServer } = await import('./node.js');
    const server = await startMockServer(options);
    return { url: server.url, host: server.host, port: server.port, close: () => server.close() };
  }
  const worker = new Worker(ENTRY, { workerData: options, stdout: false, stderr: false });
  const listening = await new Promise<Extract<MockWorkerMessage, { kind: 'listening' }>>((resolve, reject) => {
    worker.once('message', (message: MockWorkerMessage) =>
      message.kind === 'listening' ? resolve(message) : reject(new Error(message.message)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the mock's thread ended (exit code ${code}) before it listened`)));
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  worker.removeAllListeners();
  worker.on('error', () => {}); // a thread dying later leaves its port closed: the target unreachable
  return {
    url: listening.url,
    host: listening.host,
    port: listening.port,
    close: async () => {
      await worker.terminate();
    },
  };
}
