/** @module The mock's worker thread: starts the server and tells the parent where it listens, or why not. */
import { parentPort, workerData } from 'node:worker_threads';
import { startMockServer, type MockServerOptions } from './node.js';

export type MockWorkerMessage =
  | { readonly kind: 'listening'; readonly url: string; readonly host: string; readonly port: number }
  | { readonly kind: 'failed'; readonly message: string };

const port = parentPort;
if (port) {
  const tell = (message: MockWorkerMessage): void => port.postMessage(message);
  startMockServer(workerData as MockServerOptions).then(
    (server) => tell({ kind: 'listening', url: server.url, host: server.host, port: server.port }),
    (err: unknown) => tell({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
  );
}
