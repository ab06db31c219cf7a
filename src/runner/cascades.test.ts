/**
 * Which failures the failing root blocks: those that show the breach the root failed on (the same
 * status, and the same schema errors or the same body), never one whose own request got an answer
 * the root never saw.
 */
import { expect, test } from 'vitest';
import { defineCheck, type CheckDefinition } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import { pass, type CheckResult } from '../core/result.js';
import { blockCascades } from './cascades.js';

const ROOT = 'acceptance.valid-request-succeeds.chat-create';
const NO_MODEL = "at /: must have required property 'model'";

function check(id: string, root = false): CheckDefinition {
  return {
    id,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'x',
    ...(root ? { root: true } : {}),
    run: async () => ({ status: 'pass' }),
  };
}

function failed(id: string, status: number, actual: string, excerpt = '{}'): CheckResult {
  return {
    id,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'x',
    status: 'fail',
    expected: 'y',
    actual,
    durationMs: 1,
    evidence: { seed: 1, replay: 'r', response: { status, headers: {}, excerpt, truncated: false } },
  };
}

/** Runs the cascade over `others` (each marked precondition for chat.create) behind a root that failed with `root`. */
function judge(root: CheckResult, others: readonly CheckResult[]): Record<string, string> {
  const results = [root, ...others];
  const checks = results.map((r, i) => check(r.id, i === 0));
  const preconditions = new Map<string, OperationId>(others.map((r) => [r.id, 'chat.create']));
  return Object.fromEntries(blockCascades(checks, results, preconditions).map((r) => [r.id, r.status]));
}

test('a root failing on a missing model blocks the answers missing it, not a 404 on another path', () => {
  const root = failed(ROOT, 200, `HTTP 200, body invalid: ${NO_MODEL}`);
  expect(
    judge(root, [
      failed('same-breach', 200, NO_MODEL),
      failed('same-breach-and-one-of-its-own', 200, `${NO_MODEL}; at /choices/1/index: must be integer`),
      failed('trailing-slash-path', 404, 'HTTP 404 (application/json): {"detail":"Not Found"}'),
      failed('own-refusal', 400, 'HTTP 400 (application/json): {"error":{"message":"seed out of range"}}'),
      failed('another-schema-error', 200, 'at /usage: must be object'),
    ]),
  ).toEqual({
    [ROOT]: 'fail',
    'same-breach': 'skip',
    // An error the root did not report is this answer's own.
    'same-breach-and-one-of-its-own': 'fail',
    'trailing-slash-path': 'fail',
    'own-refusal': 'fail',
    'another-schema-error': 'fail',
  });
});

test('schema errors are compared across choices: the same breach at another index is the same breach', () => {
  const root = failed(ROOT, 200, 'HTTP 200, body invalid: at /choices/0/index: must be integer; and 2 more');
  expect(judge(root, [failed('second-choice', 200, 'at /choices/1/index: must be integer')])['second-choice']).toBe(
    'skip',
  );
});

test('a root refused with a status blocks the same refusal (same status, same body), not another', () => {
  const body = '{"error":{"message":"model is required"}}';
  const root = failed(ROOT, 400, `HTTP 400 (application/json): ${body}`, body);
  expect(
    judge(root, [
      failed('same-refusal', 400, `HTTP 400 (application/json): ${body}`, body),
      failed('other-refusal', 400, 'HTTP 400: other', '{"error":{"message":"tool_choice must be none"}}'),
      failed('other-status', 404, 'HTTP 404: Not Found', body),
    ]),
  ).toEqual({ [ROOT]: 'fail', 'same-refusal': 'skip', 'other-refusal': 'fail', 'other-status': 'fail' });
});

test('a failure without precondition, or without an answer to compare, is never blocked', () => {
  const root = failed(ROOT, 200, `HTTP 200, body invalid: ${NO_MODEL}`);
  const unmarked = failed('unmarked', 200, NO_MODEL);
  const { evidence: _e, ...noAnswer } = failed('no-answer', 200, NO_MODEL);
  const results = [root, unmarked, noAnswer];
  const judged = blockCascades(
    results.map((r, i) => check(r.id, i === 0)),
    results,
    new Map<string, OperationId>([['no-answer', 'chat.create']]),
  );
  expect(judged.map((r) => r.status)).toEqual(['fail', 'fail', 'fail']);
});

test('a blocked failure says which root blocks it and what it found', () => {
  const root = failed(ROOT, 200, `HTTP 200, body invalid: ${NO_MODEL}`);
  const results = [root, failed('same-breach', 200, NO_MODEL)];
  const [, blocked] = blockCascades(
    results.map((r, i) => check(r.id, i === 0)),
    results,
    new Map<string, OperationId>([['same-breach', 'chat.create']]),
  );
  expect(blocked).toMatchObject({ status: 'skip', blockedBy: ROOT });
  expect(blocked?.reason).toBe(`blocked by ${ROOT} (the baseline of this operation fails the same way): ${NO_MODEL}`);
  expect(blocked?.evidence).toBeUndefined();
});

const mk = (id: string, level: 'MUST' | 'SHOULD', explains?: boolean) =>
  defineCheck({
    id,
    operation: 'chat.create',
    section: '§4.1',
    level,
    requirement: 'r',
    ...(level === 'SHOULD' ? { convention: 'c' } : {}),
    ...(explains ? { explains: 'chat.create' as const } : {}),
    run: async () => pass(),
  });

/** A result of `c`: a pass, or a failure whose own answer had `status` and whose check expected `expected`. */
function result(c: CheckDefinition, status: 'pass' | 'fail', answered = 200, expected = 'e'): CheckResult {
  const base = {
    id: c.id,
    operation: c.operation,
    section: c.section,
    level: c.level,
    requirement: 'r',
    durationMs: 1,
  };
  if (status === 'pass') return { ...base, status };
  const response = { status: answered, headers: {}, excerpt: '{}', truncated: false };
  return { ...base, status, expected, actual: 'crossed', evidence: { seed: 1, replay: 'r', response } };
}

test('a failed check that explains an operation blocks its other failures, and gates at the strictest level it blocked', () => {
  const checks = [mk('a.must', 'MUST'), mk('a.cause', 'SHOULD', true), mk('a.fine', 'MUST')];
  const out = blockCascades(
    checks,
    [result(checks[0]!, 'fail'), result(checks[1]!, 'fail'), result(checks[2]!, 'pass')],
    new Map(),
  );
  expect(out[0]).toMatchObject({ status: 'skip', blockedBy: 'a.cause' });
  expect(out[1]).toMatchObject({ status: 'fail', level: 'MUST' });
  expect(out[2]!.status).toBe('pass');
});

test('a failed explains-root blocks no failure of a rule the crossing cannot explain: a refusal expected, or an answer not 2xx', () => {
  const checks = [
    mk('errors.rejects-invalid-body', 'MUST'),
    mk('auth.rejects-missing-credentials', 'MUST'),
    mk('a.server-error', 'MUST'),
    mk('a.cause', 'SHOULD', true),
    mk('a.content', 'SHOULD'),
  ];
  const out = blockCascades(
    checks,
    [
      // An invalid body served 200: the status is the finding, and a crossing of served answers never makes it.
      result(checks[0]!, 'fail', 200, 'a 4xx rejection: messages is not an array'),
      result(checks[1]!, 'fail', 200, 'HTTP 401 for each of: no Authorization header'),
      result(checks[2]!, 'fail', 500, 'a 2xx or a 4xx (never a server error)'),
      result(checks[3]!, 'fail'),
      result(checks[4]!, 'fail', 200, 'a 2xx answer with logprobs'),
    ],
    new Map(),
  );
  expect(out.map((r) => [r.id, r.status, r.blockedBy])).toEqual([
    ['errors.rejects-invalid-body', 'fail', undefined],
    ['auth.rejects-missing-credentials', 'fail', undefined],
    ['a.server-error', 'fail', undefined],
    ['a.cause', 'fail', undefined],
    ['a.content', 'skip', 'a.cause'],
  ]);
  // It gates at the strictest level of what it blocked (a SHOULD), not of the MUST failures it left alone.
  expect(out[3]!.level).toBe('SHOULD');
  expect(out[0]!.level).toBe('MUST');
});
