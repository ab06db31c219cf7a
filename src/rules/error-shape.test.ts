import { expect, test } from 'vitest';
import { PREDICTIONS, SCORES } from '../core/record-kinds.js';
import { registry } from '../schemas/registry.js';
import {
  errorShapeOf,
  isErrorObject,
  judgeErrorBody,
  openAiEnvelopeGaps,
  type ErrorBodyExpectation,
} from './error-shape.js';

const schemas = registry();
const judge = (body: unknown, expectation: ErrorBodyExpectation = 'body-rejection') =>
  judgeErrorBody(typeof body === 'string' ? body : JSON.stringify(body), expectation, schemas);

const VALIDATION = { detail: [{ loc: ['body', 'messages'], msg: 'Field required', type: 'missing' }] };
const ENVELOPE = { error: { message: 'bad', type: 'BadRequestError', param: null, code: 400 } };
const FLAT = { object: 'error', message: 'bad', type: 'BadRequestError', param: null, code: 400 };

test('every complete shape in use passes a body rejection, each recognised for what it is', () => {
  expect(judge(VALIDATION)).toEqual({ ok: true, shape: 'fastapi-validation' });
  expect(judge({ detail: 'Model not found' })).toEqual({ ok: true, shape: 'fastapi-detail' });
  expect(judge(ENVELOPE)).toEqual({ ok: true, shape: 'openai-envelope' });
  // The older vLLM shape: the proxy refused it while the suite accepted it.
  expect(judge(FLAT)).toEqual({ ok: true, shape: 'vllm-flat' });
  // pydantic 2 adds `input`, `ctx`, `url`; FastAPI's loc may hold array indices.
  expect(judge({ detail: [{ loc: ['body', 'messages', 0], msg: 'x', type: 'y', input: {}, url: 'u' }] }).ok).toBe(true);
});

test('an incomplete OpenAI error, nested or flat, names what it lacks', () => {
  const nested = judge({ error: { message: 'bad' } });
  expect(nested).toEqual({
    ok: false,
    problem:
      'the OpenAI error envelope lacks `type` (a string), `param`, `code` (vLLM sends message, type, param and code; param and code may be null)',
  });
  const flat = judge({ object: 'error', message: 'bad', type: 'BadRequestError', param: null });
  expect(flat.ok ? '' : flat.problem).toMatch(/^the flat vLLM error object lacks `code`/);
  expect(judge({ error: 'bad' })).toEqual({
    ok: false,
    problem: 'the OpenAI error envelope has an `error` that is not an object',
  });
  const wrongTypes = judge({ error: { message: 'bad', type: 'x', param: 3, code: 1.5 } });
  expect(wrongTypes.ok ? '' : wrongTypes.problem).toMatch(
    /lacks `param` \(a string or null\), `code` \(a string, an integer or null\)/,
  );
});

test('bodies of no known shape, or not JSON objects at all, are refused in one sentence', () => {
  const problem = (body: unknown, e?: ErrorBodyExpectation) => {
    const v = judge(body, e);
    return v.ok ? 'ok' : v.problem;
  };
  expect(problem('Bad Request')).toBe('the error body is not JSON');
  expect(problem('  ')).toBe('the error body is empty, not JSON');
  expect(problem([VALIDATION])).toBe('the error body is a JSON array, not an object');
  expect(problem('null')).toBe('the error body is the JSON null, not an object');
  expect(problem({ message: 'bad' })).toMatch(/^neither FastAPI's `detail` nor the OpenAI/);
  // `{reason}` is the records service's 404, not an answer to a rejected body.
  expect(problem({ reason: 'bad' })).toMatch(/^neither FastAPI's `detail`/);
  expect(problem({ detail: { msg: 'x' } })).toBe('`detail` is neither an array of {loc, msg, type} nor a string');
  expect(problem({ detail: [{ loc: 'body.messages', msg: 'x', type: 'y' }] })).toMatch(
    /^a FastAPI `detail\[\]` whose items are not all \{loc \(an array\), msg, type \(strings\)\}: at \/detail\/0\/loc: must be array/,
  );
});

test('where the validation-error body is expected (§7, query validation), nothing else passes', () => {
  expect(judge(VALIDATION, 'validation-error')).toEqual({ ok: true, shape: 'fastapi-validation' });
  for (const other of [{ detail: 'Model not found' }, ENVELOPE, FLAT]) {
    const v = judge(other, 'validation-error');
    expect(v.ok ? '' : v.problem).toMatch(/^not the validation-error body \{detail: \[\{loc, msg, type\}\]\}: at /);
  }
});

test('the shape is read from the keys; a listing line is an error object only without the record fields', () => {
  expect(errorShapeOf(FLAT)).toBe('vllm-flat');
  expect(errorShapeOf({ error: 'x' })).toBe('openai-envelope');
  expect(errorShapeOf({ detail: [] })).toBe('fastapi-validation');
  expect(errorShapeOf({ reason: 'Prediction p not found' })).toBe('reason');
  expect(errorShapeOf({ message: 'x' })).toBeUndefined();
  expect(errorShapeOf([FLAT])).toBeUndefined();
  expect(isErrorObject(PREDICTIONS, ENVELOPE)).toBe(true);
  expect(isErrorObject(SCORES, FLAT)).toBe(true);
  expect(isErrorObject(SCORES, { score_id: 's1', detail: 'a record may carry a detail field' })).toBe(false);
  expect(isErrorObject(PREDICTIONS, { message: 'x' })).toBe(false);
});

test('the envelope gaps read the nested and the flat form alike', () => {
  expect(openAiEnvelopeGaps(ENVELOPE)).toEqual([]);
  expect(openAiEnvelopeGaps(FLAT)).toEqual([]);
  expect(openAiEnvelopeGaps({ object: 'error' })).toEqual([
    '`message` (a string)',
    '`type` (a string)',
    '`param`',
    '`code`',
  ]);
});
