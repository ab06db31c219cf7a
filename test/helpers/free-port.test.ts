import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { freePort } from './free-port.js';

const listen = (port: number) =>
  new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });

test('a free port lies below the ephemeral range, and a program can bind it', async () => {
  const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeLessThan(first!);
    expect(port).toBeGreaterThanOrEqual(1024);
  }
  // Drawn at random: 20 draws are not all the same port.
  expect(new Set(ports).size).toBeGreaterThan(1);
  const s = await listen(ports[0]!);
  await new Promise((r) => s.close(r));
});
