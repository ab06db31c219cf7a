import { expect, test } from 'vitest';
import { canonicalJson, fieldsJson, mediaTypeOf } from './values.js';

test('fieldsJson: the same request whatever the order of its top-level members, omitted ones left out', () => {
  const omit = new Set(['stream']);
  const a = { model: 'm', seed: 1, messages: [{ role: 'user', content: 'hi' }], stream: true };
  const b = { stream: false, messages: [{ role: 'user', content: 'hi' }], seed: 1, model: 'm', user: undefined };
  expect(fieldsJson(a, omit)).toBe(fieldsJson(b, omit));
  expect(fieldsJson(a, omit)).toBe('{"messages":[{"role":"user","content":"hi"}],"model":"m","seed":1}');
  expect(fieldsJson({ ...a, seed: 2 }, omit)).not.toBe(fieldsJson(a, omit));
});

test('fieldsJson: nested members keep the order written (one client writes a request the same way)', () => {
  const none = new Set<string>();
  const written = { messages: [{ role: 'user', content: 'hi' }] };
  const reordered = { messages: [{ content: 'hi', role: 'user' }] };
  expect(fieldsJson(written, none)).not.toBe(fieldsJson(reordered, none));
  expect(canonicalJson(written)).toBe(canonicalJson(reordered));
});

test('mediaTypeOf: the type without parameters, lower-cased, whatever came before', () => {
  const cases: [string | undefined, string][] = [
    ['text/event-stream; charset=utf-8', 'text/event-stream'],
    ['text/event-stream; charset=utf-8', 'text/event-stream'],
    ['Application/JSON ; charset=utf-8', 'application/json'],
    [undefined, ''],
    ['', ''],
    ['application/json', 'application/json'],
    ['text/plain;q=1', 'text/plain'],
    [undefined, ''],
  ];
  for (const [value, type] of [...cases, ...cases.reverse()]) expect(mediaTypeOf(value)).toBe(type);
});
