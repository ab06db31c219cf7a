import fc from 'fast-check';
import { expect, test } from 'vitest';
import { realisticChatRequest, type NegativeCase } from '../../src/generation/index.js';
import { registry } from '../../src/schemas/registry.js';
import { negativesOnBase, transplant } from './realistic-negatives.js';

const reg = registry();
const SCHEMA = 'chat/chat-completion-request';
const base = {
  model: 'm',
  messages: [{ role: 'user', content: 'Hi' }],
  max_completion_tokens: 8,
  temperature: 0.7,
  stop: ['end'],
};
const neg = (value: unknown, mutation: Partial<NegativeCase['mutation']>): NegativeCase => ({
  value,
  mutation: { kind: 'type', pointer: '', description: 'd', strictness: 'reject', ...mutation },
});

test('a required property is removed from the realistic base, keeping its other fields', () => {
  const out = transplant(neg({ model: 'x' }, { kind: 'required', pointer: '/messages' }), base, SCHEMA, reg);
  expect(out?.value).toEqual({ model: 'm', max_completion_tokens: 8, temperature: 0.7, stop: ['end'] });
});

test('array indices beyond the base are clamped onto its last element', () => {
  const out = transplant(
    neg({ messages: [{ role: 'a' }, { role: 'b' }, { role: 12345 }] }, { pointer: '/messages/2/role' }),
    base,
    SCHEMA,
    reg,
  );
  expect(out?.value).toMatchObject({ messages: [{ role: 12345, content: 'Hi' }], temperature: 0.7 });
});

test('a subtree the base lacks is taken whole from the negative case', () => {
  const out = transplant(
    neg({ messages: [], stream_options: { include_usage: 'x' } }, { pointer: '/stream_options/include_usage' }),
    base,
    SCHEMA,
    reg,
  );
  expect(out?.value).toMatchObject({ stream_options: { include_usage: 'x' }, max_completion_tokens: 8 });
});

test("lenient rewrites are re-derived from the base's own value", () => {
  const numeric = transplant(
    neg({ messages: [], temperature: '1234.5' }, { pointer: '/temperature', strictness: 'lenient' }),
    base,
    SCHEMA,
    reg,
  );
  expect(numeric?.value).toMatchObject({ temperature: '0.7' });
  const single = transplant(
    neg({ messages: [], stop: 'zzz' }, { kind: 'structure', pointer: '/stop', strictness: 'lenient' }),
    base,
    SCHEMA,
    reg,
  );
  expect(single?.value).toMatchObject({ stop: 'end' });
});

test('a transplant that would not break the schema gives undefined (the caller keeps the original case)', () => {
  expect(
    transplant(neg({ messages: [], temperature: 0.5 }, { pointer: '/temperature' }), base, SCHEMA, reg),
  ).toBeUndefined();
});

test('every case on a realistic base breaks the schema (law, both strictnesses)', () => {
  const realistic = realisticChatRequest({ model: 'mock-model', maxCompletionTokens: 8 });
  for (const strictness of ['reject', 'lenient'] as const) {
    fc.assert(
      fc.property(negativesOnBase(SCHEMA, realistic, strictness, reg), (c) => {
        expect(reg.validate(SCHEMA, c.value).ok).toBe(false);
        expect(c.mutation.strictness).toBe(strictness);
      }),
      { seed: 7, numRuns: 100 },
    );
  }
}, 60_000);
