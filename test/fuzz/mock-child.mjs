// The standalone mock in its own process (run with --expose-gc), so the fuzz tests can crash it
// without taking the test runner down, and measure its heap alone. Talks to the parent over IPC:
// {type:'heap'} -> {type:'heap', heapUsed, rss} after full GCs; {type:'stop'} -> closes and exits.
// Runs the compiled mock from dist/ (the vitest global setup keeps it fresh). Exits by itself when
// the parent goes away, and after two minutes whatever happens.
import { setImmediate as tick } from 'node:timers/promises';

const { startMockServer } = await import(new URL('../../dist/mock/index.js', import.meta.url).href);
const options = JSON.parse(process.argv[2] ?? '{}');
const server = await startMockServer({ host: '127.0.0.1', port: 0, ...options });

const hardStop = setTimeout(() => process.exit(3), 120_000);
process.on('disconnect', () => process.exit(0));
process.on('message', async (m) => {
  if (m?.type === 'heap') {
    for (let i = 0; i < 4; i++) {
      globalThis.gc?.();
      await tick();
    }
    const { heapUsed, rss } = process.memoryUsage();
    process.send({ type: 'heap', heapUsed, rss });
  } else if (m?.type === 'stop') {
    clearTimeout(hardStop);
    await server.close();
    process.exit(0);
  }
});
process.send({ type: 'ready', url: server.url });
