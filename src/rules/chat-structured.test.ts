import { describe, expect, test } from 'vitest';
import { jsonSchemaAsked, structuredBreach, structuredShown } from './chat-structured.js';

const answer = (content: string, finish = 'stop') => ({
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
});
const OBJ = { type: 'object', required: ['ok'] };
/** A stand-in validator: the value is an object with `ok`. */
const check = (_s: unknown, v: unknown) =>
  typeof v === 'object' && v !== null && 'ok' in v ? undefined : 'must have required property ok';

describe('structured outputs', () => {
  const choice = { structured_outputs: { choice: ['yes', 'no'] } };
  test('choice: exactly one of them, a prefix of one when cut', () => {
    expect(structuredBreach(choice, answer('yes'), check)).toBeUndefined();
    expect(structuredBreach(choice, answer('maybe'), check)).toMatch(/is not one of \["yes","no"\]/);
    expect(structuredBreach(choice, answer('ye', 'length'), check)).toBeUndefined();
  });
  test('json: structured_outputs.json (serialised) or response_format json_schema', () => {
    const so = { structured_outputs: { json: JSON.stringify(OBJ) } };
    const rf = { response_format: { type: 'json_schema', json_schema: { name: 'v', schema: OBJ } } };
    expect(jsonSchemaAsked(so)).toEqual(OBJ);
    expect(jsonSchemaAsked(rf)).toEqual(OBJ);
    expect(structuredBreach(so, answer('{"ok":true}'), check)).toBeUndefined();
    expect(structuredBreach(rf, answer('Sure!'), check)).toMatch(/is not JSON/);
    expect(structuredBreach(rf, answer('{}'), check)).toMatch(/does not validate.*required property ok/);
    expect(structuredBreach(rf, answer('{"o', 'length'), check)).toBeUndefined();
    expect(structuredBreach(rf, answer('Sure', 'length'), check)).toMatch(/does not start a JSON object/);
  });
  test('not shown without a constraint, or with only an empty cut answer', () => {
    expect(structuredShown({}, answer('x'))).toBe(false);
    expect(structuredShown(choice, answer('', 'length'))).toBe(false);
    expect(structuredShown({ response_format: { type: 'json_object' } }, answer('{}'))).toBe(false);
  });
});
