/**
 * @module Child process: the bundled mock on loopback (`startMockServer`, the real node adapter),
 * with options given as one JSON argument, e.g. `{"records": 1000000}`.
 */
import { startMockServer, type MockServerOptions } from '../../mock/index.js';
import { serveChild } from '../lib/child.js';

const options = JSON.parse(process.argv[2] ?? '{}') as MockServerOptions;
await serveChild(() => startMockServer({ ...options, host: '127.0.0.1', port: 0 }));
