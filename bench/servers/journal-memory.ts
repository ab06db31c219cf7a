/**
 * @module Child process (run with --expose-gc): the journal's memory under many requests. A mock with
 * its default journal (1,000 entries) is sent `argv[2]` requests in-process, each with a 1 KiB body of
 * its own; prints, as one JSON line, the heap and array buffers after full collections before and after,
 * and the same for a mock with no journal, so the journal's own share shows.
 */
import { buildRequest, createMock } from '../../mock/index.js';

const requests = Number(process.argv[2] ?? 100_000);

async function memoryUsed(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Bytes the process holds more after `requests` requests than after a warm-up of 1,000. */
async function grownBy(journalSize: number | undefined): Promise<{ grown: number; kept: number }> {
  const mock = createMock(journalSize === undefined ? {} : { journalSize });
  // A 405 (a wrong method on a known path): the core's cheapest answer, so the journal is what is measured.
  const send = (i: number) =>
    mock.handle({ ...buildRequest('PUT', `/v1/chat/completions?i=${i}`), body: new Uint8Array(1024).fill(120) });
  for (let i = 0; i < 1_000; i++) await send(-1);
  const before = await memoryUsed();
  for (let i = 0; i < requests; i++) await send(i);
  const grown = (await memoryUsed()) - before;
  return { grown, kept: mock.requests().length };
}

const without = await grownBy(0);
const withJournal = await grownBy(undefined);
process.stdout.write(`${JSON.stringify({ requests, without, withJournal })}\n`);
