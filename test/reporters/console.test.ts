/** The console report's choices about what it leaves to the other reports. */
import { expect, test } from 'vitest';
import { renderConsole } from '../../reporters/index.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

test('the console leaves the shrink path to the JSON report', () => {
  const reports = singleTargetRun();
  const withPath = reports[0]!.results.find((r) => r.evidence?.path);
  expect(withPath, 'the fixture has a result with a shrink path').toBeDefined();
  expect(renderConsole(reports, { color: false })).not.toContain(withPath!.evidence!.path!);
});
