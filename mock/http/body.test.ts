import { expect, test } from 'vitest';
import type { MockRequest } from '../types.js';
import { readJsonObject } from './body.js';

const req = (body: string | undefined, contentType: string | null = 'application/json'): MockRequest => ({
  method: 'POST',
  path: '/x',
  query: new URLSearchParams(),
  headers: contentType ? { 'content-type': contentType } : {},
  body: body === undefined ? undefined : new TextEncoder().encode(body),
});

test('a JSON object is read', () => {
  expect(readJsonObject(req('{"a":1}', 'application/json; charset=utf-8'), 'openai')).toEqual({
    ok: true,
    value: { a: 1 },
  });
});

test('chat answers 415 for another media type and 400 for broken JSON, non-objects and empty bodies', () => {
  const status = (r: ReturnType<typeof readJsonObject>) => (r.ok ? 200 : r.response.status);
  expect(status(readJsonObject(req('{"a":1}', 'text/plain'), 'openai'))).toBe(415);
  expect(status(readJsonObject(req('{"a":1}', null), 'openai'))).toBe(415);
  expect(status(readJsonObject(req('{"a":'), 'openai'))).toBe(400);
  expect(status(readJsonObject(req('[1,2]'), 'openai'))).toBe(400);
  expect(status(readJsonObject(req(''), 'openai'))).toBe(400);
});

test('FastAPI families answer 422 detail[] with string loc elements', () => {
  const r = readJsonObject(req('{"a":'), 'fastapi');
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.response.status).toBe(422);
  const detail = (r.response.json as { detail: { loc: unknown[] }[] }).detail;
  expect(detail[0]?.loc.every((x) => typeof x === 'string')).toBe(true);
  expect(readJsonObject(req('"str"'), 'fastapi').ok).toBe(false);
  expect(readJsonObject(req('{"a":1}', null), 'fastapi').ok).toBe(true);
  expect(readJsonObject(req('{"a":1}', 'text/plain'), 'fastapi').ok).toBe(false);
});

test('invalid UTF-8 is a decode error, not a crash', () => {
  const r = readJsonObject({ ...req(''), body: new Uint8Array([0x7b, 0xff, 0x7d]) }, 'openai');
  expect(r.ok ? 200 : r.response.status).toBe(400);
});

test('ASCII and multi-byte UTF-8 bodies read alike, with the JSON escapes kept', () => {
  expect(readJsonObject(req('{"a":"caf\u00e9 \ud83c\udf89","b":"\\u00e9"}'), 'openai')).toEqual({
    ok: true,
    value: { a: 'café 🎉', b: 'é' },
  });
  expect(readJsonObject(req('{"a":"plain ascii \\n"}'), 'openai')).toEqual({
    ok: true,
    value: { a: 'plain ascii \n' },
  });
  const r = readJsonObject(
    { ...req(''), body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d]) },
    'openai',
  ); // a truncated sequence
  expect(r.ok ? 200 : r.response.status).toBe(400);
});
