/**
 * What every text renderer promises whatever the target sent: colour only when asked, the order a
 * person acts on a failure in, inert markup, and no credential-looking text of its own making.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { renderConsole } from '../../reporters/console.js';
import { renderHtml } from '../../reporters/html.js';
import { renderJson } from '../../reporters/json.js';
import { renderJunit } from '../../reporters/junit.js';
import { renderMarkdown } from '../../reporters/markdown.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

const ALL: Record<string, (r: RunReport[]) => string> = {
  junit: (r) => renderJunit(r, { hostname: 'ci-runner' }),
  json: renderJson,
  console: (r) => renderConsole(r, { color: false }),
  'console (colour)': (r) => renderConsole(r, { color: true }),
  markdown: renderMarkdown,
  html: renderHtml,
};

/** A run whose failure carries hostile text in every field a target controls. */
function hostileRun(): RunReport[] {
  const [report] = singleTargetRun();
  const hostile =
    'ESC\u001b[2J\u001b]0;title\u0007 CSI\u009b31m <img src=x onerror=alert(1)> ``` | a | $x$ [link](http://evil.example) **bold**';
  const results = report!.results.map((r) =>
    r.status === 'fail' ? { ...r, actual: hostile, expected: hostile, reason: hostile } : r,
  );
  return [{ ...report!, results, targetLabel: 'lbl | <i>x</i>' }];
}

test("console colour only when asked, and never the target's own escape sequences", () => {
  expect(renderConsole(twoTargetRun(), { color: false })).not.toContain('\u001b');
  expect(renderConsole(twoTargetRun(), { color: true })).toContain('\u001b[31mFAIL\u001b[39m');
  const plain = renderConsole(hostileRun(), { color: false });
  expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(plain).toContain('ESC\\x1b[2J\\x1b]0;title\\x07 CSI\\x9b31m');
});

test('console: each failure prints the requirement first, then expected, actual, curl and replay', () => {
  const text = renderConsole(singleTargetRun(), { color: false });
  const blocks = text.split('\n\n').filter((b) => /^(FAIL|ERROR) /.test(b));
  expect(blocks).toHaveLength(3);
  for (const block of blocks) {
    const labels = block
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/)[0])
      .filter((l) => ['requirement', 'expected', 'actual', 'error', 'curl', 'replay'].includes(l ?? ''));
    expect(labels[0]).toBe('requirement');
    expect(labels.slice(-2)).toEqual(['curl', 'replay']);
    if (labels.includes('expected')) expect(labels.indexOf('expected')).toBeLessThan(labels.indexOf('actual'));
  }
});

test('console ends with a verdict per target', () => {
  const text = renderConsole(twoTargetRun(), { color: false });
  expect(text).toMatch(/Verdict\n {2}mock {10}NOT CONFORMANT at level must/);
  expect(text).toContain('staging & eu  NOT CONFORMANT at level should');
});

test("Markdown: the target's text is inert outside code blocks, and code fences cannot be closed early", () => {
  const md = renderMarkdown(hostileRun());
  const fences = [...md.matchAll(/^(`{3,})\w*\n[\s\S]*?\n\1$/gm)];
  expect(fences.some((f) => f[1] === '````')).toBe(true);
  const prose = md.replace(/^(`{3,})\w*\n[\s\S]*?\n\1$/gm, '');
  expect(prose).not.toMatch(/<img|<i>|(?<!\\)\]\(http|(?<!\\)\*\*bold/);
  expect(prose).toContain('lbl \\| &lt;i&gt;x&lt;/i&gt;');
  expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
});

test('Markdown: failures sit in collapsed <details> blocks with a blank line after the summary', () => {
  const md = renderMarkdown(twoTargetRun());
  const opened = md.match(/<details>\n<summary>[^\n]*<\/summary>\n\n/g) ?? [];
  // Five failures, the items the first target's run did not exercise (one block per operation and
  // cause: two), and the skipped checks with their reasons.
  expect(opened).toHaveLength(8);
  expect(opened.filter((o) => o.includes('not exercised'))).toHaveLength(2);
  expect(opened.filter((o) => o.includes('Skipped'))).toHaveLength(1);
  expect(md.match(/<\/details>/g)).toHaveLength(8);
});

test('HTML: self-contained, no scripts, no external resources, everything escaped', () => {
  const html = renderHtml(hostileRun());
  expect(html).toContain(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
  );
  expect(html).not.toMatch(/<script|<img|<link|<iframe|<object|<[^>]*\s(?:src|href)=|url\(|@import/i);
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
});

// Credential shapes a renderer could leak: a real bearer or basic value, a key, userinfo in a URL.
const SECRET_SHAPES = [
  /\b(?:Bearer|Basic)\s+(?!\$CONFORMANCE_|\*\*\*)[A-Za-z0-9+/=._~-]{4,}/g,
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@'"]+:[^/\s@'"]+@/gi,
  /\b(?:password|passwd|api[_-]?key|secret|token)\s*[=:]\s*(?!\$CONFORMANCE_|\*\*\*)[^\s"'&<]{4,}/gi,
];

test('no renderer adds anything secret-looking: every credential-shaped string in an output is already in its input', () => {
  for (const run of [singleTargetRun(), twoTargetRun(), hostileRun()]) {
    const input = JSON.stringify(run, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    for (const [name, render] of Object.entries(ALL)) {
      const output = render(run);
      for (const shape of SECRET_SHAPES) {
        for (const [match] of output.matchAll(shape)) expect(input, `${name} added ${match}`).toContain(match);
      }
    }
  }
});

test('curl lines keep secrets as environment variables', () => {
  for (const [name, render] of Object.entries(ALL)) {
    const out = render(twoTargetRun());
    expect(out, name).toContain('$CONFORMANCE_TOKEN');
    expect(out, name).not.toMatch(/Authorization: Bearer (?!\$CONFORMANCE_TOKEN)/);
  }
});

test('Markdown and console say why each skipped check was skipped', () => {
  const reports = twoTargetRun();
  const skipped = reports.flatMap((r) => r.results).filter((r) => r.status === 'skip' && !r.expectedFailure);
  expect(skipped.length, 'the fixture has skips').toBeGreaterThan(0);
  const md = renderMarkdown(reports);
  const text = renderConsole(reports, { color: false });
  for (const r of skipped) {
    expect(md).toContain(r.reason!.slice(0, 60));
    expect(text).toContain(r.reason!.slice(0, 60));
    expect(text).toContain(r.id);
  }
});
