import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { OPERATIONS } from '../core/operations.js';
import { packageRoot } from '../core/package-root.js';
import { loadRegistry, registry } from '../schemas/registry.js';
import { coverageModel, responseSchemasOf } from './model.js';
import { STATED_GAPS } from './stated-gaps.js';
import { schemaFields } from '../schemas/fields.js';
import { summarizeCoverage } from './summary.js';

const model = coverageModel(registry());
const all = [...model.items, ...model.notApplicable];
const ids = new Set(all.map((i) => i.id));

test('every field of every request schema is in the model, accepted (chat: in both modes) and, where constrained, rejected', () => {
  for (const op of OPERATIONS) {
    if (!op.requestSchema) continue;
    for (const f of schemaFields(registry(), op.requestSchema)) {
      const modes = op.id === 'chat.create' ? [' (non-streamed)', ' (streamed)'] : [''];
      for (const m of modes) expect(ids, `${op.id} ${f.path}`).toContain(`${op.id} request-accepted ${f.path}${m}`);
      if (f.constrained) expect(ids).toContain(`${op.id} request-rejected ${f.path}`);
    }
  }
});

test('every field of every response schema (chat: the response and the streamed chunk) is in the model', () => {
  let fields = 0;
  for (const op of OPERATIONS) {
    for (const { schema, mode } of responseSchemasOf(op.id)) {
      for (const f of schemaFields(registry(), schema)) {
        fields++;
        expect(ids, `${op.id} ${schema} ${f.path}`).toContain(`${op.id} response ${f.path}${mode ? ` (${mode})` : ''}`);
      }
    }
  }
  // The §4.1 response alone has more than 40 fields: the walk reaches into $defs and across files.
  expect(fields).toBeGreaterThan(100);
});

test('the documented values and bounds are items: enums, §8 bounds at and beyond', () => {
  expect(ids).toContain('chat.create request-value reasoning_effort="high"');
  expect(ids).toContain('chat.create request-value tool_choice="none"');
  expect(ids).toContain('chat.create request-bound seed at minimum');
  expect(ids).toContain('chat.create request-bound truncate_prompt_tokens above maximum');
  expect(ids).toContain('trajectories.log request-value split="val"');
});

test('auth: every operation has every presentation §5 makes it reject; scoping: every record read and listing', () => {
  for (const op of OPERATIONS)
    expect(model.items.filter((i) => i.operation === op.id && i.kind === 'auth').length).toBe(7);
  const scope = model.items.filter((i) => i.kind === 'scope').map((i) => i.id);
  expect(scope.sort()).toEqual(
    ['predictions.list', 'predictions.read', 'scores.list', 'scores.read']
      .flatMap((op) => [`${op} scope other-entity`, `${op} scope other-project`])
      .sort(),
  );
});

test('each stated gap leaves out at least one item, and says why', () => {
  for (const gap of STATED_GAPS) {
    expect(
      model.notApplicable.some((i) => gap.applies(i)),
      gap.reason,
    ).toBe(true);
    expect(gap.reason.length).toBeGreaterThan(20);
  }
  expect(model.notApplicable.every((i) => i.reason)).toBe(true);
});

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('derived, not listed: a field added to a schema appears in the model, uncovered until something sends it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coverage-schemas-'));
  dirs.push(dir);
  cpSync(join(packageRoot(), 'schemas'), dir, { recursive: true });
  const file = join(dir, 'training', 'trajectory.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
  schema.properties.conformance_new_field = { type: 'integer', minimum: 0 };
  writeFileSync(file, JSON.stringify(schema));
  const grown = coverageModel(loadRegistry(dir));
  const added = grown.items.filter((i) => i.path?.endsWith('conformance_new_field')).map((i) => i.id);
  // Reached through trajectory-group.json from both operations that carry trajectories.
  expect(added).toContain(
    'training-jobs.create request-accepted trajectory_groups[].trajectories[].conformance_new_field',
  );
  expect(added).toContain('trajectories.log request-rejected trajectory_groups[].trajectories[].conformance_new_field');
  expect(added).toContain(
    'trajectories.log request-bound trajectory_groups[].trajectories[].conformance_new_field at minimum',
  );
  const everythingElse = new Set(model.items.map((i) => i.id));
  const report = summarizeCoverage(grown, everythingElse, []);
  expect(report.holes.map((h) => h.id).sort()).toEqual(added.sort());
  expect(report.percent).toBeLessThan(100);
});

test('chat: every cross-field rule is an item in each mode it applies in', () => {
  const rules = model.items.filter((i) => i.kind === 'rule-rejected').map((i) => i.id);
  expect(rules).toContain('chat.create rule-rejected n-greedy (streamed)');
  expect(rules).toContain('chat.create rule-rejected priority-without-scheduling (non-streamed)');
  expect(rules).toContain('chat.create rule-rejected stream-options-without-stream (non-streamed)');
  expect(rules).not.toContain('chat.create rule-rejected stream-options-without-stream (streamed)');
  expect(rules).toContain('chat.create rule-rejected prompt-logprobs-with-stream (streamed)');
});
