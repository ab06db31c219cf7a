/** @module A node http server (the proxy's, its admin port's, the mock's) listening on a port and host: its URL once it does. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens, rejecting on the server's error (a port in use); resolves with the URL it answers on. */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
  /** The accept queue's length (node's default 511; the kernel caps it at net.core.somaxconn). */
  backlog?: number,
): Promise<{ url: string; port: number; address: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ...(backlog !== undefined ? { backlog } : {}) }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const name = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return { url: `http://${name}:${address.port}`, port: address.port, address: address.address };
}
