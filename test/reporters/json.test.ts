/** The JSON report validates against its own published schema, and the schema tracks the contract. */
import { expect, test } from 'vitest';
import { OPERATIONS } from '../../src/core/operations.js';
import { REPORT_SCHEMA_VERSION } from '../../src/core/report.js';
import { loadRegistry } from '../../src/schemas/registry.js';
import { JSON_REPORT_SCHEMA_ID, renderJson } from '../../reporters/json.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

const registry = loadRegistry();

test('the rendered report validates against schemas/report/run-report.json', () => {
  for (const run of [singleTargetRun(), twoTargetRun(), []]) {
    const outcome = registry.validate('report/run-report', JSON.parse(renderJson(run)));
    expect(outcome).toEqual({ ok: true });
  }
});

test('the schema is the one the renderer names, at the contract version', () => {
  const schema = registry.schema('report/run-report') as {
    $id: string;
    properties: { schemaVersion: { const: string } };
  };
  expect(schema.$id).toBe(JSON_REPORT_SCHEMA_ID);
  expect(schema.properties.schemaVersion.const).toBe(REPORT_SCHEMA_VERSION);
  expect(JSON.parse(renderJson([])).schemaVersion).toBe(REPORT_SCHEMA_VERSION);
});

test('the schema lists exactly the eight operations, once, and check results refer to that list', () => {
  const schema = registry.schema('report/run-report') as {
    $defs: { Operation: { enum: string[] }; CheckResult: { properties: { operation: { $ref: string } } } };
  };
  expect(schema.$defs.Operation.enum).toEqual(OPERATIONS.map((op) => op.id));
  expect(schema.$defs.CheckResult.properties.operation.$ref).toBe('#/$defs/Operation');
});

test('the schema catches a report that drifts from the contract', () => {
  const doc = JSON.parse(renderJson(singleTargetRun())) as {
    reports: Array<{ results: Array<Record<string, unknown>> }>;
  };
  doc.reports[0]!.results[0]!.status = 'flaky';
  doc.reports[0]!.results[1]!.surprise = true;
  const outcome = registry.validate('report/run-report', doc);
  expect(outcome.ok).toBe(false);
  if (!outcome.ok) expect(outcome.errors.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'enum']);
});

test('a bigint counterexample is written as digits, not thrown on', () => {
  const text = renderJson(singleTargetRun());
  expect(text).toContain('"n": "10n"');
  expect(text.endsWith('}\n')).toBe(true);
});

test('an INFO observation is written as a pass with observed: true, never as a fail', () => {
  const doc = JSON.parse(renderJson(singleTargetRun())) as {
    reports: { results: { level: string; status: string; observed?: boolean }[] }[];
  };
  const info = doc.reports[0]!.results.filter((r) => r.level === 'INFO');
  expect(info.some((r) => r.observed === true && r.status === 'pass')).toBe(true);
  expect(info.filter((r) => r.status === 'fail')).toEqual([]);
});
