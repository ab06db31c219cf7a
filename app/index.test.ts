/**
 * The package's main entry (`conformance-suite`, app/index.ts) exports what README and
 * docs/how-to/install.md promise: the runner, the checks and the reporters. Each reporter renders a
 * fixture report; `runConformance` runs with a target and the checks alone, the rest defaulted.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from '../mock/index.js';
import { RUN_DEFAULTS } from '../src/core/defaults.js';
import { singleTargetRun } from '../test/fixtures-results/reports.js';
import * as api from './index.js';

test('the runner, the checks and the reporters are exported', () => {
  const exported: Readonly<Record<string, unknown>> = { ...api };
  for (const name of ['runSuite', 'runConformance', 'runSettingsOf', 'selectChecks', 'defineCheck'] as const)
    expect(typeof exported[name], name).toBe('function');
  expect(api.CATALOGUE.length).toBeGreaterThan(100);
  expect(api.RUN_DEFAULTS).toBe(RUN_DEFAULTS);
  for (const name of ['renderConsole', 'renderJunit', 'renderJson', 'renderMarkdown', 'renderHtml'] as const)
    expect(typeof exported[name], name).toBe('function');
  expect(api.REPORT_FORMATS.map((f) => f.name)).toEqual(['junit', 'json', 'markdown', 'html']);
});

test('each exported reporter renders a report', async () => {
  const reports = singleTargetRun();
  const failing = reports[0]!.results.find((r) => r.status === 'fail')!.id;
  expect(api.renderConsole(reports, { color: false })).toContain(failing);
  expect(api.renderJunit(reports, { hostname: 'ci' })).toMatch(/^<\?xml[\s\S]*<testsuites[\s\S]*hostname="ci"/);
  expect(JSON.parse(api.renderJson(reports))).toMatchObject({ reports: [{ target: reports[0]!.target }] });
  expect(api.renderMarkdown(reports)).toContain(failing);
  expect(api.renderHtml(reports)).toMatch(/^<!doctype html>/i);
  // The registry renders each format as the CLI writes it.
  for (const format of api.REPORT_FORMATS)
    expect((await format.render(reports)).length, format.name).toBeGreaterThan(0);
});

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(() => mock.close());

test('runConformance runs with a target and the checks alone, every other setting defaulted', async () => {
  const checks = api.selectChecks(api.CATALOGUE, {
    only: ['chat-completions.usage-adds-up', 'predictions-read'],
    skip: [],
  });
  const report = await api.runConformance({ target: { baseUrl: mock.url, bundledMock: true }, checks });
  expect(report.unjudged).toBeUndefined();
  expect(report.results.map((r) => r.id)).toEqual(expect.arrayContaining(checks.map((c) => c.id)));
  expect(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip')).toEqual([]);
  expect(report).toMatchObject({ runs: api.RUN_DEFAULTS.runs, level: api.RUN_DEFAULTS.level });
  expect(report.summary.conformant).toBe(true);
  expect(report.summary.passed).toBeGreaterThan(0);
}, 60_000);
