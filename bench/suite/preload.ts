/**
 * @module Preloaded (`node --import`) into a `conformance run` the bench spawns: counts the requests
 * that reach the in-process bundled mock (node's `http.server.request.start` diagnostics channel),
 * notes when the first and last arrived, and on exit writes these with the process's CPU time to
 * the file named by BENCH_SUITE_OUT. Observes only; changes nothing in the run.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const out = process.env.BENCH_SUITE_OUT;
const t0 = performance.now();
let requests = 0;
let firstMs: number | undefined;
let lastMs = 0;
subscribe('http.server.request.start', () => {
  const now = performance.now() - t0;
  requests++;
  firstMs ??= now;
  lastMs = now;
});
process.on('exit', () => {
  if (!out) return;
  const cpu = process.cpuUsage();
  writeFileSync(
    out,
    JSON.stringify({
      requests,
      firstMs,
      lastMs,
      exitMs: performance.now() - t0,
      cpuUserUs: cpu.user,
      cpuSystemUs: cpu.system,
      maxRss: process.resourceUsage().maxRSS * 1024,
    }),
  );
});
