/**
 * Findings of one cause (one field accepted wrongly, failing several checks) are said as one cause
 * with its checks in every report: the console, Markdown, JUnit's system-out and the HTML page.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { renderConsole } from '../../reporters/console.js';
import { renderHtml } from '../../reporters/html.js';
import { renderJunit } from '../../reporters/junit.js';
import { renderMarkdown } from '../../reporters/markdown.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

const CAUSE = '/seed out of range, answered 2xx';

/** The fixture's run with its chat failures given one cause, as the baseline's fingerprints give it. */
function oneCause(): RunReport[] {
  const [report] = singleTargetRun();
  const failing = report!.results.filter((r) => r.status === 'fail' && r.operation === 'chat.create');
  const results = report!.results.map((r) =>
    r.status === 'fail' && r.operation === 'chat.create' ? { ...r, fingerprint: `${r.id} ${CAUSE}` } : r,
  );
  // Two failures of the same cause at least: the fixture's chat failure, and a copy under another id.
  const twin = {
    ...failing[0]!,
    id: 'errors.rejects-invalid-body.chat-create',
    fingerprint: `errors.rejects-invalid-body.chat-create ${CAUSE}`,
  };
  return [{ ...report!, results: [...results, twin] }];
}

test('one cause, said once with its checks, in the console, Markdown, JUnit and HTML', () => {
  const reports = oneCause();
  const checks = reports[0]!.results.filter((r) => r.fingerprint?.endsWith(CAUSE) && r.operation === 'chat.create');
  expect(checks.length).toBeGreaterThanOrEqual(2);
  const ids = checks.map((r) => r.id);
  const consoleText = renderConsole(reports, { color: false });
  expect(consoleText).toContain(`One cause, ${ids.length} checks: ${CAUSE}: ${ids.join(', ')}`);
  expect(renderMarkdown(reports)).toContain(`One cause, ${ids.length} checks: \`${CAUSE}\``);
  expect(renderJunit(reports, { hostname: 'h' })).toContain(
    `[one cause, ${ids.length} checks] ${CAUSE}: ${ids.join(', ')}`,
  );
  expect(renderHtml(reports)).toContain(`One cause, ${ids.length} checks: <code>${CAUSE}</code>`);
  // A cause of one check is not said apart.
  expect(renderConsole(singleTargetRun(), { color: false })).not.toContain('One cause');
});
