import { expect, test } from 'vitest';
import { isJsonlMediaType, isJsonMediaType, JSONL_MEDIA_TYPES } from './media-types.js';

test('the six JSON Lines spellings in use are accepted, parameters and case aside', () => {
  // The decision of docs/conventions.md, pinned: changing the set is changing this line too.
  const decided = 'jsonl x-ndjson ndjson jsonlines x-jsonlines json-lines'.split(' ').map((t) => `application/${t}`);
  expect([...JSONL_MEDIA_TYPES].sort()).toEqual(decided.sort());
  for (const type of JSONL_MEDIA_TYPES) expect(isJsonlMediaType(type), type).toBe(true);
  expect(isJsonlMediaType('Application/NDJSON; charset=utf-8')).toBe(true);
  expect(isJsonlMediaType(' application/jsonl ;charset=utf-8')).toBe(true);
});

test('spellings no server sends, other formats and a missing header are not JSON Lines', () => {
  for (const type of [
    'application/x-jsonl',
    'application/x-json-lines',
    'application/json-seq',
    'application/json',
    'text/plain',
    'application/jsonl+json',
    '',
    undefined,
  ])
    expect(isJsonlMediaType(type), String(type)).toBe(false);
});

test('JSON is application/json or a structured +json type', () => {
  expect(isJsonMediaType('application/json')).toBe(true);
  expect(isJsonMediaType('application/json; charset=utf-8')).toBe(true);
  expect(isJsonMediaType('application/problem+json')).toBe(true);
  expect(isJsonMediaType('text/json')).toBe(false);
  expect(isJsonMediaType('application/jsonl')).toBe(false);
  expect(isJsonMediaType(undefined)).toBe(false);
});
