/**
 * @module The child side of a server under test: starts the server, reports `ready` with its URL
 * over IPC, answers `stats` (RSS now, peak RSS, CPU time) and stops on `stop` or when the parent
 * goes away. Every server the bench loads runs in such a child, so that the load generator (in the
 * parent) does not share its event loop.
 */
import { readFileSync } from 'node:fs';

export interface ChildStats {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size over the child's life, bytes (VmHWM; else the sampled peak). */
  peakRss: number;
  /** User + system CPU time, microseconds. */
  cpuUs: number;
}

export type ParentMessage = { type: 'stats'; id: number } | { type: 'stop' };
export type ChildMessage =
  | { type: 'ready'; url: string; pid: number }
  | { type: 'stats'; id: number; stats: ChildStats }
  | { type: 'error'; message: string };

function vmHwm(): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `start` in this (child) process and serves the IPC protocol. */
export async function serveChild(start: () => Promise<{ url: string; close(): Promise<void> }>): Promise<void> {
  const send = (m: ChildMessage) => process.send?.(m);
  if (!process.send) {
    process.stderr.write('bench child: must be started with an IPC channel (fork)\n');
    process.exit(2);
  }
  // Sampled peak, for platforms without /proc (cheap: one syscall every 20 ms).
  let sampledPeak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
  }, 20);
  sampler.unref();
  let server: { url: string; close(): Promise<void> };
  try {
    server = await start();
  } catch (err) {
    send({ type: 'error', message: (err as Error).message });
    process.exit(1);
  }
  const stop = async () => {
    clearInterval(sampler);
    await Promise.race([server.close(), new Promise((r) => setTimeout(r, 1000))]);
    process.exit(0);
  };
  process.on('message', (m: ParentMessage) => {
    if (m.type === 'stop') void stop();
    else if (m.type === 'stats') {
      const rss = process.memoryUsage.rss();
      sampledPeak = Math.max(sampledPeak, rss);
      const cpu = process.cpuUsage();
      send({ type: 'stats', id: m.id, stats: { rss, peakRss: vmHwm() ?? sampledPeak, cpuUs: cpu.user + cpu.system } });
    }
  });
  // The parent died or closed the channel: never linger.
  process.on('disconnect', () => void stop());
  send({ type: 'ready', url: server.url, pid: process.pid });
}

/** Listens on a free loopback port and hands back what `serveChild` needs (one copy for every baseline). */
export async function listenLoopback(
  server: import('node:http').Server,
): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
