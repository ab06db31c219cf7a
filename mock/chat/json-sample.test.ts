import { expect, test } from 'vitest';
import { sampleValid } from '../../src/generation/sample.js';
import { sampleJson } from './json-sample.js';

const schema = {
  type: 'object',
  required: ['ticket', 'priority', 'tags'],
  additionalProperties: false,
  properties: {
    ticket: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
    priority: { enum: ['low', 'high'] },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
  },
};

test('structured output comes from the suite’s generator, not the fallback', async () => {
  // The fallback would give another value for the same seed: this fails if the generator is not loaded.
  for (const seed of [1, 2, 3]) expect(await sampleJson(schema, seed)).toEqual(sampleValid(schema, seed));
});

test('a schema the generator refuses still gets a value from the fallback', async () => {
  const odd = { type: 'object', properties: { x: { $ref: '#/nowhere' } }, required: ['x'] };
  expect(await sampleJson(odd, 1)).toEqual(expect.any(Object));
});
