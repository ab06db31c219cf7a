import fc from 'fast-check';
import { expect, test } from 'vitest';
import { registry } from '../../schemas/registry.js';
import { realisticChatRequest } from './chat-request.js';

/**
 * Generation + validation of many chat requests: every one valid. The throughput is printed for
 * information only; it is measured, beside its goal (> 5,000 cases/s), by `npm run bench`
 * (the pipeline scenario), never asserted here: on these shared machines a CPU-bound loop can run
 * ten times slower from one minute to the next.
 */
test('20,000 realistic chat requests all validate against the convention overlay (rate printed)', () => {
  const N = 20_000;
  const arb = realisticChatRequest({ model: 'mock-model', maxCompletionTokens: 16 });
  const validate = registry().validator('conventions/chat-completion-request');
  for (const r of fc.sample(arb, { seed: 0, numRuns: 500 })) validate(r); // warm-up
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let valid = 0;
  for (const request of fc.sample(arb, { seed: 1, numRuns: N })) if (validate(request)) valid++;
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rate = Math.round(N / seconds);
  // CPU time is what the pipeline costs; wall time also counts other processes on a shared machine.
  console.log(
    `chat requests: ${N} generated + validated: ${rate} cases/s wall (${seconds.toFixed(2)} s), ${Math.round(N / cpuSeconds)} cases/s of CPU (${cpuSeconds.toFixed(2)} s)`,
  );
  expect(valid).toBe(N);
});
