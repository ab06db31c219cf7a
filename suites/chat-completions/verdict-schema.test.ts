import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createAjv } from '../../src/schemas/registry.js';
import { VERDICT_SCHEMA, verdictProblem } from './verdict-schema.js';

const ajv = createAjv();
const validate = ajv.compile(VERDICT_SCHEMA);

test('the written-out validation says what ajv says of VERDICT_SCHEMA', () => {
  const cases: unknown[] = [
    { ok: true },
    { ok: false },
    {},
    { ok: 1 },
    { ok: true, why: 'x' },
    [],
    null,
    'ok',
    { why: 1 },
  ];
  const values = fc.sample(fc.oneof(fc.jsonValue(), fc.record({ ok: fc.jsonValue() }, { requiredKeys: [] })), 500);
  for (const v of [...cases, ...values]) {
    const valid = validate(v);
    expect(verdictProblem(v) === undefined, JSON.stringify(v)).toBe(valid);
    if (!valid && validate.errors?.length === 1) expect(verdictProblem(v)).toBe(ajv.errorsText(validate.errors));
  }
});
