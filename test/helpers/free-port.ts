/**
 * @module A loopback port that nothing listens on, for a program that must be told its port before
 * it starts (nginx, tinyproxy, Prometheus, a documented snippet) or for an address that must refuse.
 *
 * The port is drawn from below the kernel's ephemeral range, not asked of the kernel with
 * `listen(0)`. A `listen(0)` port comes from the range every outgoing connection also draws from,
 * so between our close and the program's bind a connection of a test running alongside can take
 * it: CI saw the proxy's `--admin-port` fail with EADDRINUSE that way. Below the range only another
 * listener can take it, and each draw is random among some 12,000 ports. The port is bound once
 * here, to be sure it is free at the time, and freed again.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the kernel's ephemeral range (Linux's default when it cannot be read). */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 12_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

const HIGHEST = ephemeralStart() - 1;
const LOWEST = Math.max(10_000, HIGHEST - 12_000);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen({ port, host: '127.0.0.1', exclusive: true }, () => s.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that nothing listened on a moment ago, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port on 127.0.0.1 between ${LOWEST} and ${HIGHEST} after 200 tries`);
}
