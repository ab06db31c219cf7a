/**
 * Timing in every report: the console, Markdown and HTML show count, p50, p90, p99 and max per
 * operation and measure (the HTML with a distribution drawn inline as SVG, nothing fetched); a
 * report without timing shows no section; the JSON report carries the table and its sketches as
 * the schema describes them.
 */
import { expect, test } from 'vitest';
import { renderConsole } from '../../reporters/console.js';
import { renderHtml } from '../../reporters/html.js';
import { renderJson } from '../../reporters/json.js';
import { renderMarkdown } from '../../reporters/markdown.js';
import type { RunReport } from '../../src/core/report.js';
import { registry } from '../../src/schemas/registry.js';
import { TimingSketches } from '../../src/timing/table.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

function timed(): RunReport[] {
  const sketches = new TimingSketches();
  for (let i = 0; i < 40; i++) sketches.record('chat.create', 'ttft_ms', 150 + i);
  for (let i = 0; i < 200; i++) sketches.record('chat.create', 'itl_ms', 20 + (i % 10));
  for (let i = 0; i < 5; i++) sketches.record('scores.list', 'latency_ms', 0.5 + i / 10);
  const [report] = singleTargetRun();
  return [{ ...report!, timing: sketches.table()! }];
}

test('the console shows a timing table, figures right-aligned', () => {
  const out = renderConsole(timed(), { color: false });
  expect(out).toMatch(/^Timing$/m);
  expect(out).toMatch(
    /§4\.1 POST \/v1\/chat\/completions\s+time to first token\s+40\s+16\d ms\s+18\d ms\s+18\d ms\s+189 ms/,
  );
  expect(out).toMatch(/inter-token latency\s+200\s+2\d\.\d ms/);
  expect(out).toMatch(/latency\s+5\s+0\.\d\d ms/);
  expect(renderConsole(singleTargetRun(), { color: false })).not.toMatch(/^Timing/m);
});

test('Markdown has the same table', () => {
  const md = renderMarkdown(timed());
  expect(md).toContain('### Timing');
  expect(md).toContain('| operation | measure | count | p50 | p90 | p99 | max |');
  expect(md).toMatch(/\| time to first token \| 40 \| 16\d ms \| 18\d ms \| 18\d ms \| 189 ms \|/);
  expect(renderMarkdown(singleTargetRun())).not.toContain('### Timing');
});

test('HTML draws each distribution as inline SVG and fetches nothing', () => {
  const html = renderHtml(timed());
  expect(html).toContain('<h2>Timing</h2>');
  const plots = html.match(/<svg class="dist"[\s\S]*?<\/svg>/g) ?? [];
  expect(plots).toHaveLength(3);
  expect(plots[0]).toContain('<title>time to first token of §4.1 POST /v1/chat/completions, ms, log scale</title>');
  expect(plots[0]!.match(/<rect /g)?.length).toBeGreaterThan(5);
  expect(html).not.toMatch(/\b(?:href|src|xlink:href)=/);
});

test('the JSON report carries timing and its sketches, valid against the report schema', () => {
  const json = JSON.parse(renderJson(timed()));
  const v = registry().validate('report/run-report', json);
  expect(v.ok, JSON.stringify(v.ok ? [] : v.errors)).toBe(true);
  expect(json.reports[0].timing['chat.create'].ttft_ms).toMatchObject({ count: 40, max: 189 });
  expect(json.reports[0].timing['chat.create'].ttft_ms.sketch.bins.length).toBeGreaterThan(5);
});
