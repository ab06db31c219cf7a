/**
 * The HTML report leads with the verdicts and the per-operation table, then the failures and errors
 * by level (MUST open, SHOULD collapsed) and by cause, each summary line giving the rule and then
 * what the target answered; then the timing, what was not exercised, and the baseline's sections.
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

test('the verdicts and the per-operation table first, then the failures by level, then the rest', () => {
  const html = renderHtml(twoTargetRun());
  const table = at(html, '<h2>Per operation</h2>');
  expect(at(html, '<ul class="verdicts">')).toBeLessThan(table);
  const must = at(html, '<h2>MUST failures and errors: mock (');
  expect(table).toBeLessThan(must);
  expect(must).toBeLessThan(at(html, '<h2>SHOULD failures and errors: mock ('));
  expect(at(html, '<h2>SHOULD failures and errors: mock (')).toBeLessThan(
    at(html, '<h2>MUST failures and errors: staging &amp; eu ('),
  );
  expect(must).toBeLessThan(at(html, '<h2>Not exercised: mock'));
  // Known findings and the baseline's stale entries come after.
  expect(at(html, '<h2>Not exercised: mock')).toBeLessThan(at(html, '<h3>Known findings: mock'));
  expect(html).toContain('<h3>Stale baseline entries: staging &amp; eu (1)</h3>');
});

test('each MUST failure is open, its summary line the rule, then what was expected and answered', () => {
  const html = renderHtml(singleTargetRun());
  const failures = html.match(/<details class="(?:fail|error)"[^>]*>\n<summary>.*<\/summary>/g) ?? [];
  expect(failures).toHaveLength(3);
  for (const f of failures)
    expect(f).toMatch(
      f.includes(' · MUST ') ? /^<details class="(?:fail|error)" open>/ : /^<details class="(?:fail|error)">/,
    );
  expect(html).toContain(
    '<span class="broke">expected status 400 with {&quot;error&quot;: {...}}; got status 200 with a completion &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; ]]&gt; | pipe `tick`</span>',
  );
  expect(html).toContain('<span class="broke">CTS_TARGET_TIMEOUT: no response within 10000 ms</span>');
  expect(html).toMatch(/<details class="known">/);
  expect(html).not.toMatch(/<details class="(?:known|noted)" open>/);
});

test('passing run: the table first, a SHOULD failure after it, collapsed', () => {
  const [base] = singleTargetRun();
  // Only a SHOULD failure, at level must: CONFORMANT, with a failure to list.
  const { coverage: _c, ...rest } = base!;
  const report: RunReport = {
    ...rest,
    results: base!.results.filter((r) => r.status === 'pass' || r.level === 'SHOULD'),
  };
  expect(verdictOf(report).word).toBe('CONFORMANT');
  const html = renderHtml([report]);
  expect(at(html, '<h2>Per operation</h2>')).toBeLessThan(at(html, '<h2>SHOULD failures and errors (1)</h2>'));
  expect(html).not.toMatch(/<details[^>]* open>/);
  expect(html).toContain(
    '<span class="broke">expected 404 with {&quot;detail&quot;: string}; got 404 with an empty body</span>',
  );
});
