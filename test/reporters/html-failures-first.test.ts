/**
 * The HTML report on a failing run leads with what failed: the failures and errors right after the
 * verdicts (before the matrix, the timing and what was not exercised), open, each summary line
 * saying what broke. A passing run keeps the matrix first.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { verdictOf } from '../../src/gating/verdict.js';
import { renderHtml } from '../../reporters/html.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

const at = (html: string, text: string): number => {
  const i = html.indexOf(text);
  expect(i, text).toBeGreaterThan(-1);
  return i;
};

test('failing run: failures first, after the verdicts, before the matrix and what was not exercised', () => {
  const html = renderHtml(twoTargetRun());
  const failures = at(html, '<h2>Failures and errors: mock (');
  expect(at(html, '<ul class="verdicts">')).toBeLessThan(failures);
  expect(at(html, '<h2>Failures and errors: staging &amp; eu (')).toBeLessThan(at(html, '<h2>Matrix</h2>'));
  expect(failures).toBeLessThan(at(html, '<h2>Not exercised: mock'));
  // Known failures, observations and skips stay after the matrix.
  expect(at(html, '<h2>Matrix</h2>')).toBeLessThan(at(html, '<h3>Known failures: mock'));
});

test('failing run: each failure is open, its summary line saying what broke; the rest stays collapsed', () => {
  const html = renderHtml(singleTargetRun());
  const failures = html.match(/<details class="(?:fail|error)"[^>]*>\n<summary>.*<\/summary>/g) ?? [];
  expect(failures).toHaveLength(3);
  for (const f of failures) expect(f).toMatch(/^<details class="(?:fail|error)" open>/);
  expect(html).toContain(
    '<span class="broke">status 200 with a completion &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ]]&gt; | pipe `tick`; expected status 400 with {&quot;error&quot;: {...}}</span>',
  );
  expect(html).toContain('<span class="broke">CTS_TARGET_TIMEOUT: no response within 10000 ms</span>');
  expect(html).toMatch(/<details class="known">/);
  expect(html).not.toMatch(/<details class="(?:known|noted)" open>/);
});

test('passing run: the matrix first, the findings after it, collapsed', () => {
  const [base] = singleTargetRun();
  // Only a SHOULD failure, at level must: CONFORMANT, with a failure to list.
  const { coverage: _c, ...rest } = base!;
  const report: RunReport = {
    ...rest,
    results: base!.results.filter((r) => r.status === 'pass' || r.level === 'SHOULD'),
  };
  expect(verdictOf(report).word).toBe('CONFORMANT');
  const html = renderHtml([report]);
  expect(at(html, '<h2>Matrix</h2>')).toBeLessThan(at(html, '<h2>Failures and errors (1)</h2>'));
  expect(html).not.toMatch(/<details[^>]* open>/);
  expect(html).toContain(
    '<span class="broke">404 with an empty body; expected 404 with {&quot;detail&quot;: string}</span>',
  );
});
