import { expect, test } from 'vitest';
import {
  assertAllInvalid,
  assertDeterministic,
  assertMutationShape,
  assertMutationsLabelled,
  compileUserSchema,
} from '../../test/helpers/arbitrary-laws.js';
import { registry } from '../schemas/registry.js';
import { mutationCatalogue, negativeCaseList, negativeCases, prepareCatalogue } from './negative-cases.js';

// A schema that accepts every JSON value has no constraint to break.
const names = registry().names.filter((name) => mutationCatalogue(name).length > 0);

test('only schemas that accept everything offer no mutation', () => {
  for (const name of registry().names.filter((n) => !names.includes(n)))
    expect(Object.keys(registry().schema(name))).not.toContain('type');
});

test.each(names)('every negative of %s fails validation against it', (name) => {
  assertAllInvalid(negativeCases(name), name, { numRuns: 60 });
  for (const c of negativeCaseList(name, 1))
    expect(registry().validate(name, c.value).ok, c.mutation.description).toBe(false);
});

test.each(names)('negatives of %s carry kind, pointer, description and strictness', (name) => {
  assertMutationsLabelled(negativeCases(name), { numRuns: 30 });
});

test.each(names)('negatives of %s are the same for the same seed', (name) => {
  assertDeterministic(negativeCases(name), { numRuns: 3 });
  expect(negativeCaseList(name, 4)).toEqual(negativeCaseList(name, 4));
});

function find(name: string, pointer: string, kind: string, strictness?: string) {
  return negativeCaseList(name, 2).filter(
    (c) =>
      c.mutation.pointer === pointer &&
      c.mutation.kind === kind &&
      (!strictness || c.mutation.strictness === strictness),
  );
}

test('a missing required field is a reject', () => {
  const [c] = find('chat/chat-completion-request', '/messages', 'required');
  expect(c?.mutation.strictness).toBe('reject');
  expect(c?.value).not.toHaveProperty('messages');
  expect(c?.mutation.description).toContain('§4.1');
});

test('a numeric string where a number belongs is lenient; a non-numeric string or an object is a reject', () => {
  const cases = find('chat/chat-completion-request', '/temperature', 'type');
  const numeric = cases.find(
    (c) =>
      typeof (c.value as Record<string, unknown>).temperature === 'string' &&
      !Number.isNaN(Number((c.value as Record<string, unknown>).temperature)),
  );
  expect(numeric?.mutation.strictness).toBe('lenient');
  for (const c of cases) {
    const v = (c.value as Record<string, unknown>).temperature;
    if ((typeof v === 'string' && Number.isNaN(Number(v))) || (typeof v === 'object' && v !== null))
      expect(c.mutation.strictness).toBe('reject');
  }
});

test('null on an optional field is lenient, on a required field a reject', () => {
  const optional = find('chat/chat-completion-request', '/tool_choice', 'type').find(
    (c) => (c.value as Record<string, unknown>).tool_choice === null,
  );
  expect(optional?.mutation.strictness).toBe('lenient');
  const required = find('chat/chat-completion-request', '/messages', 'structure').find(
    (c) => (c.value as Record<string, unknown>).messages === null,
  );
  expect(required?.mutation.strictness).toBe('reject');
});

test('a single string where an array of strings belongs is lenient (vLLM stop: str | list[str])', () => {
  const c = find('chat/chat-completion-request', '/stop', 'structure', 'lenient').find((x) =>
    x.mutation.description.includes('single string'),
  );
  expect(typeof (c!.value as Record<string, unknown>).stop).toBe('string');
});

test('an enum value outside the documented set and a number outside a documented range are rejects', () => {
  expect(find('chat/chat-completion-request', '/tool_choice', 'enum')[0]?.mutation.strictness).toBe('reject');
  const range = find('conventions/chat-completion-request', '/temperature', 'range');
  const temperatures = range.map((c) => (c.value as Record<string, number>).temperature ?? NaN);
  expect(temperatures.some((t) => t < 0) && temperatures.some((t) => t > 2)).toBe(true);
  expect(range.every((c) => c.mutation.strictness === 'reject')).toBe(true);
  // §8: a bound a double cannot step past by one is doubled instead.
  const seed = find('chat/chat-completion-request', '/seed', 'range').map(
    (c) => (c.value as Record<string, number>).seed ?? NaN,
  );
  expect(seed.every((s) => Math.abs(s) > 9223372036854776000)).toBe(true);
});

test('format breaks: garbage is a reject, a UUID without hyphens is lenient', () => {
  const cases = find('training/training-job-create-request', '/model_id', 'format');
  expect(cases.map((c) => c.mutation.strictness).sort()).toEqual(['lenient', 'reject']);
  const lenient = cases.find((c) => c.mutation.strictness === 'lenient');
  expect((lenient!.value as Record<string, string>).model_id).toMatch(/^[0-9a-f]{32}$/i);
});

test('additional structure where forbidden is a structure reject', () => {
  const schema = { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } };
  const c = negativeCaseList(schema, 1).find(
    (x) => x.mutation.kind === 'structure' && x.mutation.pointer === '/x_unexpected_property',
  );
  expect(c?.mutation.strictness).toBe('reject');
  assertMutationShape(c!);
  expect(compileUserSchema(schema)(c!.value)).toBe(false);
});

test('options filter by kind and strictness', () => {
  const only = mutationCatalogue('chat/chat-completion-request', { kinds: ['range'], strictness: 'reject' });
  expect(only.length).toBeGreaterThan(0);
  expect(only.every((m) => m.kind === 'range' && m.strictness === 'reject')).toBe(true);
});

/** A schema of its own per test: the catalogue cache is keyed by the schema object. */
const userSchema = () => ({
  type: 'object',
  required: ['name', 'n'],
  properties: {
    name: { type: 'string', minLength: 1 },
    n: { type: 'integer', minimum: 1, maximum: 9 },
    mode: { enum: ['a', 'b'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  },
});

test('a cooperative build gives the catalogue a synchronous one gives', async () => {
  const schema = userSchema();
  await prepareCatalogue(schema, { strictness: 'reject' });
  expect(mutationCatalogue(schema, { strictness: 'reject' })).toEqual(
    mutationCatalogue(userSchema(), { strictness: 'reject' }),
  );
});

test('a cooperative build hands the event loop back while it works, and callers meanwhile share it', async () => {
  // The chat request's catalogue is the largest: hundreds of templates, each probed.
  const options = { strictness: 'reject', maxArrayLength: 2 } as const;
  let turns = 0;
  let building = true;
  const count = () => {
    turns++;
    if (building) setImmediate(count);
  };
  const first = prepareCatalogue('chat/chat-completion-request', options);
  const second = prepareCatalogue('chat/chat-completion-request', options);
  setImmediate(count);
  await first;
  building = false;
  // Built at one go, nothing else would have run before it ended.
  expect(turns).toBeGreaterThan(3);
  expect(second).toBe(first);
  expect(mutationCatalogue('chat/chat-completion-request', options).length).toBeGreaterThan(100);
});
