/** `conformance run --min-coverage N`, the real binary against the bundled mock: the gate both ways. */
import { expect, test } from 'vitest';
import { runCli } from '../hostile/report-files.js';

// One cheap check: it passes, but exercises a sliver of the model.
const FEW = ['run', '--only', 'chat-completions.returns-request-id', '--seed', '5'];

test('a run below --min-coverage exits 1 and says why; at or above it, the same run exits 0', {
  timeout: 60_000,
}, async () => {
  const below = await runCli([...FEW, '--min-coverage', '100', '--console']);
  expect(below.code, below.stderr).toBe(1);
  expect(below.stdout).toMatch(
    /NOT CONFORMANT at level must, coverage \d+% \(\d+ items not exercised\); below --min-coverage 100%/,
  );
  const met = await runCli([...FEW, '--min-coverage', '0', '--console']);
  expect(met.code, met.stderr).toBe(0);
  expect(met.stdout).toMatch(/CONFORMANT at level must, coverage \d+%/);
});

test('a --min-coverage that is no percent is a usage error', async () => {
  const bad = await runCli([...FEW, '--min-coverage', '150']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('CTS_BAD_FLAG');
});
