/**
 * A list of a million records streams in constant memory: building the whole list in memory is
 * ruled out. The server runs in this process; the client counts lines
 * without keeping them, and the heap is sampled after a forced GC while the stream flows.
 */
import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../../mock/index.js';

// The full million the mock issue asks for (about 3-8 s here); MOCK_JSONL_RECORDS overrides it.
const RECORDS = Number(process.env.MOCK_JSONL_RECORDS ?? 1_000_000);
const MiB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, records: RECORDS });
});
afterAll(async () => {
  await server.close();
});

test(`streaming ${RECORDS.toLocaleString('en')} predictions keeps the heap bounded`, async () => {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let lines = 0;
  let bytes = 0;
  let nextSample = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = request(
      `${server.url}/v2/acme/evals/predictions`,
      { headers: { authorization: `Basic ${btoa('api:mock-key')}` } },
      (res) => {
        expect(res.headers['content-type']).toBe('application/jsonl');
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
          if (bytes >= nextSample) {
            nextSample += 32 * MiB;
            gc();
            peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
          }
        });
        res.on('end', resolve);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[mock-jsonl] ${lines} records, ${(bytes / MiB).toFixed(0)} MiB streamed in ${seconds.toFixed(1)} s ` +
      `(${Math.round(lines / seconds)} records/s); peak heap growth ${(peak / MiB).toFixed(1)} MiB; rss ${(process.memoryUsage().rss / MiB).toFixed(0)} MiB`,
  );
  expect(lines).toBe(RECORDS);
  // The streamed body is hundreds of MiB; a materialised list would hold all of it.
  expect(bytes).toBeGreaterThan(RECORDS * 150);
  expect(peak).toBeLessThan(32 * MiB);
}, 60_000);
