/**
 * Holes that share a cause are one line in every report, with the flag that removes the cause; the
 * items are listed on demand. The case: the whole catalogue against a target that is not the bundled
 * mock, writes not allowed (no --allow-writes), as a first run against a real deployment goes.
 */
import { beforeAll, expect, test } from 'vitest';
import { renderConsole, renderHtml, renderJson, renderMarkdown } from '../../reporters/index.js';
import type { RunReport } from '../../src/core/report.js';
import { loadRegistry } from '../../src/schemas/registry.js';
import { CATALOGUE } from '../../suites/index.js';
import { runAgainstVariant } from '../helpers/variant-server.js';

/** The operations whose checks all write or read what a write created: §4.2, §4.3, §4.4. */
const WRITING = ['training-jobs.create', 'training-jobs.get', 'trajectories.log'] as const;
const SECTION = { 'training-jobs.create': '§4.2', 'training-jobs.get': '§4.3', 'trajectories.log': '§4.4' } as const;

let report: RunReport;
beforeAll(async () => {
  report = await runAgainstVariant(CATALOGUE, {}, { runs: 2, seed: 7, target: { allowWrites: false } });
}, 180_000);

const holesOf = (op: string) => report.coverage!.holes.filter((h) => h.operation === op);

test('every hole of the writing operations is caused by writes not being allowed, and names --allow-writes', () => {
  for (const op of WRITING) {
    const holes = holesOf(op);
    expect(holes.length, op).toBeGreaterThan(0);
    for (const h of holes)
      expect(h.cause, h.id).toEqual({
        code: 'writes-not-allowed',
        reason: 'writes not allowed',
        remedy: 'pass --allow-writes',
      });
  }
  // Field-level holes, not only the skipped checks: what the Markdown used to list one by one.
  expect(holesOf('training-jobs.create').filter((h) => h.kind !== 'check-skipped').length).toBeGreaterThan(20);
  const groups = report.coverage!.groups!;
  expect(groups.map((g) => [g.operation, g.cause.code, g.ids.length])).toEqual(
    WRITING.map((op) => [op, 'writes-not-allowed', holesOf(op).length]),
  );
  expect(groups.flatMap((g) => g.ids).sort()).toEqual(report.coverage!.holes.map((h) => h.id).sort());
});

test('Markdown: one line per writing operation with the count and --allow-writes; the items inside its <details>', () => {
  const md = renderMarkdown([report]);
  for (const op of WRITING) {
    const n = holesOf(op).length;
    const summary = `<summary>${n} items of ${SECTION[op]} <code>`;
    const start = md.indexOf(summary);
    expect(start, op).toBeGreaterThan(-1);
    const block = md.slice(start, md.indexOf('</details>', start));
    expect(block.split('\n')[0]).toMatch(
      /not exercised: writes not allowed, pass <code>--allow-writes<\/code><\/summary>$/,
    );
    // The block is collapsed, and holds every item of the group.
    expect(md.slice(0, start).endsWith('<details>\n')).toBe(true);
    expect(block.match(/^- `/gm)).toHaveLength(n);
    for (const h of holesOf(op)) expect(block).toContain(`- \`${h.id}\``);
  }
  // No item is listed outside a group.
  const outside = md.replace(/<details>[\s\S]*?<\/details>/g, '');
  expect(outside).not.toContain('training-jobs.create request-accepted');
});

test('HTML: the same lines, each a collapsed <details> over its items', () => {
  const html = renderHtml([report]);
  for (const op of WRITING) {
    const n = holesOf(op).length;
    expect(html).toMatch(
      new RegExp(
        `<details class="holes"><summary><strong>${n} items</strong> of ${SECTION[op]} <code>[^<]*</code> not exercised: writes not allowed, pass <code>--allow-writes</code></summary><ul class="plain">(<li>.*?</li>){${n}}</ul></details>`,
      ),
    );
  }
});

test('console: only the grouped lines, and where to see the items', () => {
  const text = renderConsole([report], { color: false });
  const lines = text.split('\n').filter((l) => l.startsWith('  HOLE '));
  expect(lines).toEqual(
    WRITING.map(
      (op) =>
        `  HOLE ${holesOf(op).length} items of ${SECTION[op]} not exercised: writes not allowed, pass --allow-writes`,
    ),
  );
  expect(text).toContain('each item with its cause: the JSON or Markdown report');
  expect(text).not.toContain('training-jobs.create request-accepted');
});

test('JSON: every hole with its cause, and the groups, valid against the published schema', () => {
  const doc = JSON.parse(renderJson([report])) as { reports: RunReport[] };
  expect(loadRegistry().validate('report/run-report', doc)).toEqual({ ok: true });
  const c = doc.reports[0]!.coverage!;
  expect(c.holes.length).toBe(report.coverage!.holes.length);
  expect(c.holes.every((h) => h.cause?.code === 'writes-not-allowed')).toBe(true);
  expect(c.groups).toEqual(report.coverage!.groups);
});
