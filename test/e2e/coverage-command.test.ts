/** `conformance coverage`, the real binary: the model as JSON, and a bad flag's exit code. */
import { expect, test } from 'vitest';
import { coverageModel } from '../../src/coverage/model.js';
import { registry } from '../../src/schemas/registry.js';
import { runCli } from '../hostile/report-files.js';

test('the binary prints the model, as JSON with --json, and refuses an unknown flag', { timeout: 30_000 }, async () => {
  const json = await runCli(['coverage', '--json']);
  expect(json.code).toBe(0);
  const parsed = JSON.parse(json.stdout) as { items: unknown[]; notApplicable: unknown[] };
  expect(parsed.items.length).toBe(coverageModel(registry()).items.length);
  const bad = await runCli(['coverage', '--nope']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('CTS_BAD_FLAG');
});
