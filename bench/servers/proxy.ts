/**
 * @module Child process: `conformance proxy` (src/proxy, the session and the server the CLI starts)
 * in front of the target given as the argument, every exchange judged as in real use.
 */
import { startProxyServer } from '../../src/proxy/server.js';
import { ProxySession } from '../../src/proxy/session.js';
import { serveChild } from '../lib/child.js';

const target = process.argv[2] ?? 'http://127.0.0.1:1';
await serveChild(async () => {
  const session = new ProxySession({
    target,
    maxBodyBytes: 4 * 1024 * 1024,
    replay: `conformance proxy --target ${target}`,
  });
  const server = await startProxyServer({
    session,
    host: '127.0.0.1',
    port: 0,
    timeoutMs: 60_000,
    idleTimeoutMs: 60_000,
  });
  return { url: server.url, close: () => server.close(500) };
});
