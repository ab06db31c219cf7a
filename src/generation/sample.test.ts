import fc from 'fast-check';
import { expect, test } from 'vitest';
import { compileUserSchema } from '../../test/helpers/arbitrary-laws.js';
import { registry } from '../schemas/registry.js';
import { sampleRequests, sampleValid } from './sample.js';

/** The kind of schema a client sends in `structured_outputs.json` or `response_format.json_schema`. */
const userSchema = {
  type: 'object',
  required: ['ticket', 'status', 'owner', 'labels'],
  additionalProperties: false,
  properties: {
    ticket: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
    status: { enum: ['open', 'closed', 'pending'] },
    priority: { const: 'high' },
    owner: {
      type: 'object',
      required: ['name', 'email'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 30 },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 18, maximum: 99 },
      },
    },
    labels: { type: 'array', items: { type: 'string', enum: ['bug', 'ui', 'api'] }, minItems: 1, maxItems: 3 },
    score: { anyOf: [{ type: 'number', minimum: 0, maximum: 1 }, { type: 'null' }] },
  },
};

test('sampleValid handles a user JSON schema with pattern, enum, const and nested objects', () => {
  const validate = compileUserSchema(userSchema);
  for (let seed = 0; seed < 200; seed++) {
    const value = sampleValid(userSchema, seed);
    expect(validate(value), JSON.stringify({ seed, value, errors: validate.errors })).toBe(true);
  }
  expect((sampleValid(userSchema, 3) as { ticket: string }).ticket).toMatch(/^[A-Z]{3}-[0-9]{4}$/);
});

test('sampleValid is deterministic for a seed and takes registry names', () => {
  expect(sampleValid(userSchema, 11)).toEqual(sampleValid(structuredClone(userSchema), 11));
  expect(sampleValid('training/trajectory', 5)).toEqual(sampleValid('training/trajectory', 5));
  expect(registry().validate('training/trajectory', sampleValid('training/trajectory', 5)).ok).toBe(true);
});

test('sampleRequests gives count values, the same for the same seed', () => {
  const arb = fc.integer();
  expect(sampleRequests(arb, 9, 5)).toHaveLength(5);
  expect(sampleRequests(arb, 9, 5)).toEqual(sampleRequests(arb, 9, 5));
});

test('a client schema never replaces one of ours, and parsed copies of ours resolve like the originals', () => {
  const hijack = { $id: 'https://conformance-suite.local/schemas/training/tool.json', const: 'hijacked' };
  expect(sampleValid(hijack, 1)).toBe('hijacked');
  expect(registry().validate('training/tool', sampleValid('training/tool', 1)).ok).toBe(true);
  expect(sampleValid('training/tool', 1)).not.toBe('hijacked');
  const copy = JSON.parse(JSON.stringify(registry().schema('chat/chat-completion-request'))) as object;
  expect(registry().validate('chat/chat-completion-request', sampleValid(copy, 2)).ok).toBe(true);
});
