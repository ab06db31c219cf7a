/**
 * Writes cost money against a real target: a run creates at most --max-writes things, always the
 * same checks get the budget, every report lists what was created, and --plan says what a run would
 * send without sending anything.
 */
import { createServer } from 'node:http';
import { expect, test } from 'vitest';
import { renderConsole, renderHtml, renderJson, renderMarkdown } from '../../reporters/index.js';
import { CATALOGUE } from '../../suites/index.js';
import type { RunReport } from '../../src/core/report.js';
import { runAgainstVariant, type Variant } from '../helpers/variant-server.js';
import { runCli } from '../hostile/report-files.js';

const WRITING = CATALOGUE.filter((c) => c.writes);

/** A mock that counts the requests with side effects it answered 2xx. */
function counting(): { variant: Variant; created: () => number } {
  let created = 0;
  return {
    created: () => created,
    variant: {
      after: (req, res) => {
        if (req.method === 'POST' && /\/(training-jobs|log)$/.test(req.path) && res.status >= 200 && res.status < 300)
          created++;
        return res;
      },
    },
  };
}

const run = (variant: Variant, maxWrites: number): Promise<RunReport> =>
  runAgainstVariant(WRITING, variant, {
    seed: 5,
    runs: 4,
    level: 'must',
    target: { allowWrites: true, bundledMock: false, maxWrites },
  });

test('at most --max-writes things are created; the rest of the writing checks are skipped, the same ones every run', {
  timeout: 120_000,
}, async () => {
  const a = counting();
  const first = await run(a.variant, 3);
  expect(a.created()).toBeLessThanOrEqual(3);
  expect(first.writes).toMatchObject({ max: 3, count: a.created() });
  const skipped = first.results.filter((r) => r.status === 'skip');
  expect(skipped.length).toBeGreaterThan(0);
  for (const r of skipped) expect(r.reason).toContain('--max-writes');
  expect(first.results.some((r) => r.status === 'pass')).toBe(true);

  const b = counting();
  const second = await run(b.variant, 3);
  expect(second.results.filter((r) => r.status === 'skip').map((r) => r.id)).toEqual(skipped.map((r) => r.id));
});

test('every report lists the training jobs the run created', { timeout: 120_000 }, async () => {
  const report = await run(counting().variant, 4);
  const ids = report.writes!.created.filter((c) => c.operation === 'training-jobs.create').map((c) => c.id!);
  expect(ids.length).toBeGreaterThan(0);
  for (const text of [
    renderConsole([report], { color: false }),
    renderMarkdown([report]),
    renderHtml([report]),
    renderJson([report]),
  ]) {
    for (const id of ids) expect(text).toContain(id);
  }
});

test('--plan prints requests per operation, writes, tokens and time, and sends nothing', {
  timeout: 30_000,
}, async () => {
  let seen = 0;
  const server = createServer((_req, res) => {
    seen++;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const out = await runCli(['run', '--plan', '--target', url, '--allow-writes', '--max-writes', '5']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/§4\.2 POST \/v1\/preview\/training-jobs +\d+ checks, at most \d+ requests/);
    expect(out.stdout).toMatch(/at most 5 may create something \(--max-writes\)/);
    expect(out.stdout).toMatch(/Completion tokens: at most \d+/);
    expect(out.stdout).toMatch(/^Time: run deadline [^,]+, set by the worst case \(at most \d+ requests/m);
    expect(seen).toBe(0);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
