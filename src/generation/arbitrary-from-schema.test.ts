import fc from 'fast-check';
import { expect, test } from 'vitest';
import { assertAllValid, assertDeterministic, compileUserSchema } from '../../test/helpers/arbitrary-laws.js';
import { registry } from '../schemas/registry.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';

const names = registry().names;

test.each(names)('every positive of %s validates against it', (name) => {
  assertAllValid(arbitraryFromSchema(name), [name], { numRuns: 60 });
});

test.each(names)('positives of %s are the same for the same seed', (name) => {
  assertDeterministic(arbitraryFromSchema(name), { numRuns: 5 });
});

test('compiled arbitraries are cached per schema and options', () => {
  expect(arbitraryFromSchema('training/tool')).toBe(arbitraryFromSchema('training/tool'));
  expect(arbitraryFromSchema('training/tool')).toBe(arbitraryFromSchema(registry().schema('training/tool')));
  expect(arbitraryFromSchema('training/tool', { maxArrayLength: 1 })).not.toBe(arbitraryFromSchema('training/tool'));
});

test('§4.1 seed bounds of ±9223372036854776000 yield safe integers unless unsafe integers are asked for', () => {
  const seedOf = { type: 'integer', minimum: -9223372036854776000, maximum: 9223372036854776000 };
  fc.assert(fc.property(arbitraryFromSchema(seedOf), (v) => Number.isSafeInteger(v)));
  const unsafe = fc.sample(arbitraryFromSchema(seedOf, { unsafeIntegers: true }), {
    seed: 1,
    numRuns: 200,
  }) as number[];
  expect(unsafe.some((v) => !Number.isSafeInteger(v))).toBe(true);
  expect(unsafe.every((v) => Number.isInteger(v) && Math.abs(v) <= 9223372036854776000)).toBe(true);
});

test('exclusive bounds, multipleOf and lengths hold', () => {
  const schema = {
    type: 'object',
    required: ['p', 'k', 's', 'a'],
    properties: {
      p: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      k: { type: 'integer', multipleOf: 5, minimum: 3, maximum: 40 },
      s: { type: 'string', minLength: 2, maxLength: 4 },
      a: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2, uniqueItems: true },
    },
  };
  const validate = compileUserSchema(schema);
  fc.assert(fc.property(arbitraryFromSchema(schema), (v) => validate(v)));
});

test('formats uuid, date-time, uri and email produce values ajv-formats accepts', () => {
  for (const format of ['uuid', 'date-time', 'uri', 'email']) {
    const schema = { type: 'string', format };
    const validate = compileUserSchema(schema);
    fc.assert(fc.property(arbitraryFromSchema(schema), (v) => validate(v)));
  }
});

test('allOf members are merged, anyOf branches keep their siblings, oneOf values match exactly one branch', () => {
  const schema = {
    allOf: [
      { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 0 } } },
      { properties: { a: { maximum: 3 } } },
    ],
    properties: {
      b: { type: ['integer', 'null'], anyOf: [{ type: 'null' }, { enum: [-1, 0] }, { minimum: 1 }] },
      c: { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 1 }] },
    },
  };
  const validate = compileUserSchema(schema);
  fc.assert(fc.property(arbitraryFromSchema(schema), (v) => validate(v)));
});

test('recursive schemas through #/$defs terminate', () => {
  const tree = {
    $defs: {
      node: {
        type: 'object',
        required: ['label'],
        properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
      },
    },
    $ref: '#/$defs/node',
  };
  const validate = compileUserSchema(tree);
  fc.assert(fc.property(arbitraryFromSchema(tree), (v) => validate(v)));
});

test('an unsatisfiable schema is refused with a clear error', () => {
  expect(() => arbitraryFromSchema({ title: 'Impossible', type: 'integer', minimum: 5, maximum: 1 })).toThrow(
    /no value satisfies Impossible/,
  );
  expect(() => arbitraryFromSchema({ $ref: 'elsewhere.json' })).toThrow(/\$ref/);
});
