import { expect, test } from 'vitest';
import { OPERATIONS, operationLabel } from '../../src/core/operations.js';
import { coverageModel } from '../../src/coverage/model.js';
import { registry } from '../../src/schemas/registry.js';
import { capturingOutput } from '../../test/helpers/stdout.js';
import { coverageCommand, renderCoverageModel } from './coverage-command.js';

test('conformance coverage prints every item of the model under its operation, then what is not applicable and why', () => {
  const text = renderCoverageModel();
  const model = coverageModel(registry());
  for (const op of OPERATIONS)
    expect(text).toContain(
      `${op.section} ${operationLabel(op.id)}: ${model.items.filter((i) => i.operation === op.id).length} items`,
    );
  expect(text).toContain('    documents (streamed)');
  expect(text).toContain('    token-truncated: sent with the configured token truncated');
  expect(text).toContain('    other-project: a record known by its id read through another project');
  expect(text).toContain(`Not applicable: ${model.notApplicable.length} items`);
  for (const reason of new Set(model.notApplicable.map((i) => i.reason))) expect(text).toContain(`  ${reason}:`);
  expect(text.split('\n').filter((l) => /^ {4}\S/.test(l)).length).toBe(
    model.items.length + model.notApplicable.length,
  );
});

test('`coverage --json` prints the model as JSON; an unknown flag is CTS_BAD_FLAG (exit 2 at the command line)', async () => {
  const { result, stdout } = await capturingOutput(() => coverageCommand(['--json']));
  expect(result).toBe(0);
  const parsed = JSON.parse(stdout) as { items: unknown[]; notApplicable: unknown[] };
  expect(parsed).toEqual(JSON.parse(JSON.stringify(coverageModel(registry()))));
  await expect(coverageCommand(['--nope'])).rejects.toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
});
