import { expect, test } from 'vitest';
import { mutationCatalogue } from '../negative-cases.js';
import { flatten } from './flat-schema.js';
import { laxReadingOf } from './lax-readings.js';

const site = (schema: object, optional = false) => ({ node: flatten(schema as Record<string, unknown>), optional });

test('each reading accepts what its validators accept, and only where the read value is valid', () => {
  const cases: [object, unknown, string | undefined, boolean?][] = [
    [{ type: 'string' }, 12345, 'number-as-string'],
    [{ type: 'string', enum: ['train', 'test'] }, 12345, undefined],
    [{ type: 'string', pattern: '^[a-z]+$' }, 12345, undefined],
    [{ type: 'string' }, true, 'boolean-as-string'],
    [{ type: 'number' }, '0.7', 'numeric-string-as-number'],
    [{ type: 'integer' }, '2.5', undefined],
    [{ type: 'integer', minimum: 0 }, true, 'boolean-as-number'],
    [{ type: 'integer', minimum: 0 }, 2.5, 'fraction-as-integer'],
    [{ type: 'integer', minimum: 3 }, 2.5, undefined],
    [{ type: 'boolean' }, 'true', 'word-as-boolean'],
    [{ type: 'boolean' }, 1, 'word-as-boolean'],
    [{ type: 'boolean' }, 12345, undefined],
    [{ type: 'string', format: 'date-time' }, 1700000000, 'timestamp-as-date-time'],
    [{ type: 'string', format: 'uuid' }, 12345, undefined],
    [{ type: 'array', items: { type: 'string' } }, 'x', 'string-as-string-list'],
    [{ type: 'string' }, null, 'null-as-unset', true],
    [{ type: 'string' }, null, undefined, false],
    [{ type: 'string' }, ['x'], undefined],
    [{ type: 'string' }, { unexpected: 'object' }, undefined],
  ];
  for (const [schema, value, id, optional] of cases) {
    expect(
      laxReadingOf(site(schema, optional ?? false), value)?.id,
      `${JSON.stringify(schema)} ← ${JSON.stringify(value)}`,
    ).toBe(id);
  }
});

test('a valid value is no lax reading', () => {
  expect(laxReadingOf(site({ type: 'string' }), 'x')).toBeUndefined();
});

test('the mutation catalogue takes strictness from the table: a number for a free string is lenient, for an enum a reject', () => {
  const schema = {
    type: 'object',
    required: ['split', 'kind'],
    properties: {
      split: { type: 'string' },
      kind: { type: 'string', enum: ['a', 'b'] },
      n: { type: 'integer', minimum: 0 },
    },
  };
  const of = (pointer: string, value: unknown) =>
    mutationCatalogue(schema)
      .filter(
        (m) =>
          m.pointer === pointer &&
          m.description.includes(
            ` holds ${value === null ? 'null' : `the ${typeof value} ${JSON.stringify(value)}`} where`,
          ),
      )
      .map((m) => m.strictness);
  expect(of('/split', 12345)).toEqual(['lenient']);
  expect(of('/kind', 12345)).toEqual(['reject']);
  expect(of('/n', 2.5)).toEqual(['lenient']);
  expect(of('/split', null)).toEqual(['reject']);
  expect(of('/n', null)).toEqual(['lenient']);
});
