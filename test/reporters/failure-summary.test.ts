/**
 * The verdict and failure summary a CI log gets on stderr (reporters/failure-summary.ts): every
 * target's verdict line, one line per gating failure with its id and what broke, capped, and where
 * the reports are; nothing a target sent can break a line or reach the terminal raw.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { gates } from '../../src/core/report.js';
import { verdictOf } from '../../src/gating/verdict.js';
import { renderFailureSummary } from '../../reporters/failure-summary.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

function failing(n: number): RunReport {
  const [base] = singleTargetRun();
  const results: CheckResult[] = Array.from({ length: n }, (_, i) => ({
    id: `chat-completions.rule-${i}`,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'A rule.',
    status: 'fail',
    expected: 'status 400',
    actual: `status 200 (case ${i})`,
    durationMs: 1,
  }));
  return { ...base!, results };
}

test("every target's verdict line, word for word, then each gating failure: its id and what broke", () => {
  const reports = twoTargetRun();
  const text = renderFailureSummary(reports);
  for (const r of reports) expect(text).toContain(verdictOf(r).line);
  expect(text).toMatch(/^Verdict \(mock\): NOT CONFORMANT at level must/m);
  expect(text).toContain(
    '  FAIL  chat-completions.rejects-empty-messages: status 200 with a completion <script>alert("x")</script> ]]> | pipe `tick`; expected status 400 with {"error": {...}}',
  );
  expect(text).toContain(
    '  ERROR training-jobs.get-returns-created-job: CTS_TARGET_TIMEOUT: no response within 10000 ms',
  );
  // Each gating result has its line; the SHOULD failure the mock's level (must) does not gate on is only counted.
  const lines = text.split('\n').filter((l) => /^ {2}(FAIL |ERROR) /.test(l));
  const gating = reports.flatMap((r) => r.results.filter((x) => gates(x, r.level)));
  expect(lines).toHaveLength(gating.length);
  expect(text).not.toMatch(/FAIL +scores\.read-unknown-id-404/);
  expect(text).toContain('(and 1 failure of a level that does not gate at level must)');
});

test('a single target says "Verdict:" without a name; a passing run is its verdict line alone', () => {
  const [report] = singleTargetRun();
  const passing: RunReport = { ...report!, results: report!.results.filter((r) => r.status === 'pass') };
  const { coverage: _dropped, ...clean } = passing;
  const text = renderFailureSummary([clean]);
  expect(text).toBe(`Verdict: ${verdictOf(clean).line}\n`);
});

test('capped over all targets: 20 lines, then how many more', () => {
  const text = renderFailureSummary([failing(30)]);
  const lines = text.split('\n');
  expect(lines.filter((l) => l.startsWith('  FAIL '))).toHaveLength(20);
  expect(text).toContain('  … and 10 more failures\n');
  const two = renderFailureSummary([failing(3), failing(3)], { max: 4 });
  expect(two.split('\n').filter((l) => l.startsWith('  FAIL '))).toHaveLength(4);
  expect(two).toContain('  … and 2 more failures\n');
});

test('ends with the reports written and any file a report was appended to', () => {
  expect(renderFailureSummary(singleTargetRun(), { written: ['out/junit.xml', 'out/r.html'] })).toMatch(
    /\nReports: out\/junit\.xml, out\/r\.html\n$/,
  );
  expect(
    renderFailureSummary(singleTargetRun(), { written: ['j.xml'], alsoIn: ['the job summary ($GITHUB_STEP_SUMMARY)'] }),
  ).toContain('Reports: j.xml, the job summary ($GITHUB_STEP_SUMMARY)\n');
  expect(renderFailureSummary(singleTargetRun())).not.toContain('Reports:');
});

test("what a target sent stays on its line: no control character, no line of its own (not even a '::' command)", () => {
  const [report] = singleTargetRun();
  const hostile = 'bad\n::error::forged\r\n\u001b[2Jcleared\u009b31m';
  const results = report!.results.map((r) => (r.status === 'fail' ? { ...r, actual: hostile } : r));
  const text = renderFailureSummary([{ ...report!, results }], { color: false });
  expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(text.split('\n').some((l) => l.startsWith('::'))).toBe(false);
  expect(text).toContain('bad ::error::forged \\x1b[2Jcleared\\x9b31m');
});

test("colour only when asked; a proxy's findings about its clients say they do not set the exit code", () => {
  expect(renderFailureSummary(singleTargetRun())).not.toContain('\u001b');
  expect(renderFailureSummary(singleTargetRun(), { color: true })).toContain('\u001b[31mNOT CONFORMANT');
  const [server] = singleTargetRun();
  const clients: RunReport = {
    ...server!,
    targetLabel: 'clients',
    origin: { kind: 'proxy', side: 'clients', catalogue: 'x' },
  };
  expect(renderFailureSummary([server!, clients])).toMatch(
    /^Verdict \(clients\): NOT CONFORMANT.*; the clients' findings do not set the exit code$/m,
  );
});
